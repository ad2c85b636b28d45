import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isGate, TYPEUSER } from '@proveedores/domain';
import type { Db } from '../db/client';
import { porteriaProyectos, usuarios } from '../db/schema';
import { audit } from '../lib/audit';
import { hashPassword } from '../lib/password';
import { setGateProjects } from '../modules/porteria';

export type StaffInput = {
  username: string;
  rol: string;
  correo: string;
  nombre?: string;
  /** 'porteria' only: the projects the gate user guards (replaces the current ones when given). */
  proyectos?: number[];
};

/**
 * `npm run staff -- <usuario> <revisor|administrador|porteria> <correo> [nombre] [--proyectos 3,5]`:
 * creates a local staff
 * account, or gives an existing one a new password, without a directory. The first administrator
 * of a production install (no demo accounts there) comes from here. The password is random, shown
 * once, and must be changed at the first sign-in; a contractor's account is never turned into staff.
 * A 'porteria' (site gate) user guards the projects of --proyectos (docs/decisions/123).
 */
export async function upsertStaff(
  db: Db,
  input: StaffInput,
): Promise<{ password: string; created: boolean }> {
  const username = input.username.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(username))
    throw new Error('usuario: 3 a 64 caracteres (letras, números, punto, guion, guion bajo)');
  if (!isGate(input.rol))
    throw new Error(`rol: ${TYPEUSER.REVISOR}, ${TYPEUSER.ADMIN} o ${TYPEUSER.PORTERIA}`);
  if (input.proyectos?.length && input.rol !== TYPEUSER.PORTERIA)
    throw new Error(`proyectos: solo para el rol ${TYPEUSER.PORTERIA}`);
  const correo = input.correo.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(correo)) throw new Error('correo no válido');

  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(usuarios).where(eq(usuarios.username, username));
    if (existing && (existing.empresaId !== null || !isGate(existing.tipo)))
      throw new Error(`${username} es una cuenta de contratista: no se convierte en funcionario`);
    const values = {
      tipo: input.rol,
      correo,
      nombre: input.nombre?.trim() || existing?.nombre || username,
      passwordHash,
      mustChangePassword: true,
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      activo: true,
    };
    const [row] = existing
      ? await tx.update(usuarios).set(values).where(eq(usuarios.id, existing.id)).returning()
      : await tx
          .insert(usuarios)
          .values({ username, ...values })
          .returning();
    await audit(
      tx as unknown as Db,
      { usuarioId: row.id },
      {
        evento: 'usuario.local',
        datos: { rol: input.rol, creado: !existing },
      },
    );
    return { id: row.id, password, created: !existing };
  });
  if (input.rol === TYPEUSER.PORTERIA && input.proyectos)
    await setGateProjects(db, { usuarioId: result.id, proyectos: input.proyectos, actor: {} });
  else if (input.rol !== TYPEUSER.PORTERIA) await clearGateProjects(db, result.id);
  return { password: result.password, created: result.created };
}

/** A gate user made revisor or administrador keeps no gate projects (staff guard every project). */
async function clearGateProjects(db: Db, usuarioId: number) {
  await db.delete(porteriaProyectos).where(eq(porteriaProyectos.usuarioId, usuarioId));
}

/** `npm run staff -- proyectos <usuario> <3,5 | ->`: replaces a gate user's projects ('-': none). */
export async function setStaffProjects(db: Db, username: string, proyectos: number[]) {
  const [u] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.username, username.trim().toLowerCase()));
  if (!u) throw new Error(`${username}: no existe`);
  return setGateProjects(db, { usuarioId: u.id, proyectos, actor: {} });
}

/** '3,5' -> [3, 5]; '-' or '' -> []. */
export function parseProyectos(v: string): number[] {
  if (v.trim() === '-' || v.trim() === '') return [];
  return v.split(',').map((x) => {
    const n = Number(x.trim());
    if (!Number.isInteger(n) || n <= 0) throw new Error(`proyectos: '${x}' no es un id de proyecto`);
    return n;
  });
}

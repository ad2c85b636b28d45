import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isStaff, TYPEUSER } from '@proveedores/domain';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import { audit } from '../lib/audit';
import { hashPassword } from '../lib/password';

export type StaffInput = { username: string; rol: string; correo: string; nombre?: string };

/**
 * `npm run staff -- <usuario> <revisor|administrador> <correo> [nombre]`: creates a local staff
 * account, or gives an existing one a new password, without a directory. The first administrator
 * of a production install (no demo accounts there) comes from here. The password is random, shown
 * once, and must be changed at the first sign-in; a contractor's account is never turned into staff.
 */
export async function upsertStaff(
  db: Db,
  input: StaffInput,
): Promise<{ password: string; created: boolean }> {
  const username = input.username.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(username))
    throw new Error('usuario: 3 a 64 caracteres (letras, números, punto, guion, guion bajo)');
  if (!isStaff(input.rol)) throw new Error(`rol: ${TYPEUSER.REVISOR} o ${TYPEUSER.ADMIN}`);
  const correo = input.correo.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(correo)) throw new Error('correo no válido');

  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(usuarios).where(eq(usuarios.username, username));
    if (existing && !isStaff(existing.tipo))
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
    return { password, created: !existing };
  });
}

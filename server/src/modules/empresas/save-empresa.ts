import { eq, sql } from 'drizzle-orm';
import { MSG, type EmpresaAdmin, type EmpresaCreateBody, type EmpresaUpdateBody } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { empresas, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/unique';
import type { Staff } from './policy';
import { getEmpresa } from './empresa-sql';

type Saved = { message: string; empresa: EmpresaAdmin };

/**
 * POST /api/admin/empresas: the company and its sign-in user (username = NIT, no password). The
 * company then uses 'Registrate' on the login screen, which e-mails a temporary password to this
 * e-mail; nobody at the construction company ever knows the password.
 */
export async function createEmpresa(opts: {
  db: Db;
  staff: Staff;
  body: EmpresaCreateBody;
  quotaBytes: number;
}): Promise<Saved> {
  const { db, staff, body: b } = opts;
  const taken = async () => {
    const [e] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.nit, b.nit)).limit(1);
    const [u] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.username, b.nit))
      .limit(1);
    return !!(e || u);
  };
  if (await taken()) throw new AppError('conflict', MSG.empresaNitDuplicado);
  const id = await db
    .transaction(async (tx) => {
      const [empresa] = await tx
        .insert(empresas)
        .values({ nit: b.nit, dv: b.dv, razonSocial: b.razonSocial, correoContacto: b.correo })
        .returning({ id: empresas.id });
      await tx.insert(usuarios).values({
        username: b.nit,
        empresaId: empresa.id,
        tipo: 'default',
        nombre: b.nombreContacto ?? b.razonSocial,
        correo: b.correo,
        correoNotificaciones: b.correo,
        passwordHash: null,
      });
      await audit(
        tx,
        { usuarioId: staff.usuarioId, empresaId: empresa.id, ip: staff.ip },
        { evento: 'empresa.saved', datos: { empresaId: empresa.id, creado: true } },
      );
      return empresa.id;
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? new AppError('conflict', MSG.empresaNitDuplicado) : err;
    });
  return { message: MSG.empresaCreated(b.nit), empresa: await getEmpresa(db, id, opts.quotaBytes) };
}

/** PUT /api/admin/empresas/{id}: name, contact / recovery e-mail, notifications e-mail, contact name. */
export async function updateEmpresa(opts: {
  db: Db;
  staff: Staff;
  quotaBytes: number;
  id: number;
  body: EmpresaUpdateBody;
}): Promise<Saved> {
  const { db, staff, id, body: b } = opts;
  const current = await getEmpresa(db, id, opts.quotaBytes);
  await db.transaction(async (tx) => {
    const campos: string[] = [];
    if (b.razonSocial !== undefined || b.correo !== undefined) {
      await tx
        .update(empresas)
        .set({
          ...(b.razonSocial !== undefined ? { razonSocial: b.razonSocial } : {}),
          ...(b.correo !== undefined ? { correoContacto: b.correo } : {}),
        })
        .where(eq(empresas.id, id));
    }
    const userSet = {
      ...(b.correo !== undefined ? { correo: b.correo } : {}),
      ...(b.correoNotificaciones !== undefined ? { correoNotificaciones: b.correoNotificaciones } : {}),
      ...(b.nombreContacto !== undefined ? { nombre: b.nombreContacto } : {}),
    };
    if (Object.keys(userSet).length > 0) {
      await tx.update(usuarios).set(userSet).where(eq(usuarios.username, current.nit));
    }
    for (const k of Object.keys(b)) campos.push(k);
    await audit(
      tx,
      { usuarioId: staff.usuarioId, empresaId: id, ip: staff.ip },
      { evento: 'empresa.saved', datos: { empresaId: id, creado: false, campos } },
    );
  });
  return { message: MSG.empresaSaved, empresa: await getEmpresa(db, id, opts.quotaBytes) };
}

/**
 * POST /api/admin/empresas/{id}/deshabilitar and /habilitar. Disabling revokes every session of
 * the company at once (and the auth plugin refuses inactive companies on every request), so
 * re-enabling later does not bring old sessions back.
 */
export async function setEmpresaActiva(opts: {
  db: Db;
  staff: Staff;
  quotaBytes: number;
  id: number;
  activa: boolean;
}): Promise<Saved> {
  const { db, staff, id, activa } = opts;
  await getEmpresa(db, id, opts.quotaBytes);
  await db.transaction(async (tx) => {
    await tx.update(empresas).set({ activa }).where(eq(empresas.id, id));
    if (!activa) {
      await query(
        tx,
        sql`UPDATE sesiones SET revoked_at = now()
             WHERE revoked_at IS NULL AND usuario_id IN (SELECT id FROM usuarios WHERE empresa_id = ${id})`,
      );
    }
    await audit(
      tx,
      { usuarioId: staff.usuarioId, empresaId: id, ip: staff.ip },
      { evento: 'empresa.activa', datos: { empresaId: id, activa } },
    );
  });
  return {
    message: activa ? MSG.empresaEnabled : MSG.empresaDisabled,
    empresa: await getEmpresa(db, id, opts.quotaBytes),
  };
}

import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { sesiones, usuarios } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { rolEmpresaDe } from '../../authz/rol-empresa';

export async function getUserData(opts: { db: Db; user: AuthUser }) {
  const [row] = await opts.db
    .select({ correo: usuarios.correoNotificaciones, correoCuenta: usuarios.correo })
    .from(usuarios)
    .where(eq(usuarios.id, opts.user.usuarioId));
  // rol_empresa (docs/decisions/136): the settings page shows 'Usuarios de la empresa' to administrators.
  const rol = await rolEmpresaDe(opts.db, opts.user.usuarioId);
  return [
    {
      correo_electronico_notificaciones: row?.correo ?? '',
      correo: row?.correoCuenta ?? '',
      rol_empresa: rol,
    },
  ];
}

export async function updateUserData(opts: { db: Db; user: AuthUser; correo: string; ip: string }) {
  await opts.db.transaction(async (tx) => {
    await tx
      .update(usuarios)
      .set({ correoNotificaciones: opts.correo })
      .where(eq(usuarios.id, opts.user.usuarioId));
    await audit(
      tx,
      { usuarioId: opts.user.usuarioId, empresaId: opts.user.empresaId, ip: opts.ip },
      { evento: 'userdata.updated', datos: { campo: 'correo_notificaciones' } },
    );
  });
  return { message: MSG.notificationsEmailSaved };
}

/** Logout revokes the session id (guidses) on the server; the token is useless afterwards. */
export async function logout(opts: { db: Db; user: AuthUser; ip: string }) {
  await opts.db.transaction(async (tx) => {
    await tx
      .update(sesiones)
      .set({ revokedAt: new Date() })
      .where(and(eq(sesiones.id, opts.user.sessionId), isNull(sesiones.revokedAt)));
    await audit(
      tx,
      { usuarioId: opts.user.usuarioId, empresaId: opts.user.empresaId, ip: opts.ip },
      { evento: 'logout', datos: {} },
    );
  });
  return { message: 'Sesión cerrada.' };
}

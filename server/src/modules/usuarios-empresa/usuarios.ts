import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  TYPEUSER,
  type InvitacionUsuario,
  type UsuarioEmpresa,
  USUARIOS_EMPRESA_MSG,
} from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import { sesiones, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { SECRET_PLACEHOLDER, type Mailer } from '../../mail/mailer';
import { isUniqueViolation } from '../../lib/unique';
import { TEMPORARY_PASSWORD_SECRET } from '../login';
import { rolEmpresaSql, type CompanyAdmin } from './policy';

/** Users of a contractor company (docs/decisions/136). Every query is bounded by the caller's company. */

function listSql(empresaId: number, usuarioId?: number) {
  return sql`SELECT u.id, u.nombre, u.documento_tipo AS "tipoDocumento", u.username AS documento, u.correo,
                    ${rolEmpresaSql} AS rol, u.activo, (u.username = e.nit) AS "cuentaEmpresa",
                    to_char(u.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "ultimoIngreso"
               FROM usuarios u JOIN empresas e ON e.id = u.empresa_id
              WHERE u.empresa_id = ${empresaId} ${usuarioId === undefined ? sql`` : sql`AND u.id = ${usuarioId}`}
              ORDER BY (u.username = e.nit) DESC, u.nombre, u.id`;
}

export async function listUsuarios(db: Db, empresaId: number): Promise<UsuarioEmpresa[]> {
  return query<UsuarioEmpresa>(db, listSql(empresaId));
}

async function getUsuario(db: Db, empresaId: number, usuarioId: number): Promise<UsuarioEmpresa> {
  const [row] = await query<UsuarioEmpresa>(db, listSql(empresaId, usuarioId));
  if (!row) throw new AppError('not_found', USUARIOS_EMPRESA_MSG.usuarioNoEncontrado);
  return row;
}

/** The one-time password mail: the password is made at delivery, never stored (docs/decisions/077). */
async function queueOneTimePassword(
  tx: Db,
  mailer: Mailer,
  config: Config,
  to: { id: number; nombre: string; correo: string; documento: string },
  razonSocial: string,
) {
  await mailer.queue(tx, {
    to: to.correo,
    subject: 'Proveedores: su usuario del portal de proveedores',
    secret: `${TEMPORARY_PASSWORD_SECRET}:${to.id}`,
    text:
      `Hola ${to.nombre},\n\n${razonSocial} lo invitó al portal de proveedores.\n\n` +
      `Usuario (su número de documento): ${to.documento}\nContraseña temporal: ${SECRET_PLACEHOLDER}\n\n` +
      `Sirve una sola vez y vence en 24 horas. Al ingresar el portal le pedirá cambiarla.\n` +
      `Ingrese en ${config.publicUrl}/#/login como contratista.\n`,
  });
}

async function razonSocialDe(db: Db, empresaId: number): Promise<string> {
  const [e] = await query<{ razon_social: string }>(
    db,
    sql`SELECT razon_social FROM empresas WHERE id = ${empresaId}`,
  );
  return e?.razon_social ?? '';
}

/**
 * Invites a user: a contractor row of the caller's company whose username is the document number,
 * no password, and a one-time password by e-mail. A document number that is already a username
 * anywhere (another company, a NIT, staff) is refused and nothing is saved.
 */
export async function inviteUsuario(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  admin: CompanyAdmin;
  body: InvitacionUsuario & { numeroDocumento: string };
  ip: string;
}) {
  const { db, admin, body: b } = opts;
  const taken = () =>
    new AppError('bad_request', USUARIOS_EMPRESA_MSG.usuarioDocumentoYaExiste(b.numeroDocumento), {
      detail: {
        campos: { numeroDocumento: USUARIOS_EMPRESA_MSG.usuarioDocumentoYaExiste(b.numeroDocumento) },
      },
    });
  const [existing] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(sql`upper(${usuarios.username}) = ${b.numeroDocumento}`)
    .limit(1);
  if (existing) throw taken();
  const razonSocial = await razonSocialDe(db, admin.empresaId);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(usuarios)
        .values({
          username: b.numeroDocumento,
          empresaId: admin.empresaId,
          tipo: TYPEUSER.PROVEEDOR,
          nombre: b.nombre,
          correo: b.correo,
          correoNotificaciones: b.correo,
          passwordHash: null,
          rolEmpresa: b.rol,
          documentoTipo: b.tipoDocumento,
          invitadoPor: admin.usuarioId,
        })
        .returning({ id: usuarios.id });
      await queueOneTimePassword(
        tx,
        opts.mailer,
        opts.config,
        { id: row.id, nombre: b.nombre, correo: b.correo, documento: b.numeroDocumento },
        razonSocial,
      );
      await audit(
        tx,
        { usuarioId: admin.usuarioId, empresaId: admin.empresaId, ip: opts.ip },
        { evento: 'usuario_empresa.invitado', datos: { usuarioId: row.id, rol: b.rol } },
      );
      return row.id;
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? taken() : err;
    });
  void opts.mailer.deliverDue(db).catch(() => {});
  return {
    message: USUARIOS_EMPRESA_MSG.usuarioInvitado(b.correo),
    usuario: await getUsuario(db, admin.empresaId, id),
  };
}

/** A new one-time password for an invited user of the company (not for the NIT account: it recovers). */
export async function resendPassword(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  admin: CompanyAdmin;
  usuarioId: number;
  ip: string;
}) {
  const { db, admin } = opts;
  const u = await getUsuario(db, admin.empresaId, opts.usuarioId);
  if (u.cuentaEmpresa || !u.activo)
    throw new AppError('bad_request', USUARIOS_EMPRESA_MSG.usuarioNoEncontrado);
  const razonSocial = await razonSocialDe(db, admin.empresaId);
  await db.transaction(async (tx) => {
    await queueOneTimePassword(tx, opts.mailer, opts.config, u, razonSocial);
    await audit(
      tx,
      { usuarioId: admin.usuarioId, empresaId: admin.empresaId, ip: opts.ip },
      { evento: 'usuario_empresa.clave_reenviada', datos: { usuarioId: u.id } },
    );
  });
  void opts.mailer.deliverDue(db).catch(() => {});
  return { message: USUARIOS_EMPRESA_MSG.usuarioReenviado(u.correo), usuario: u };
}

/**
 * Disables or enables a user of the company. Disabling revokes every live session at once (the
 * auth plugin checks `usuarios.activo` and `sesiones.revoked_at` on every request). The NIT account
 * is never disabled here, and an administrator does not disable itself.
 */
export async function setUsuarioActivo(opts: {
  db: Db;
  admin: CompanyAdmin;
  usuarioId: number;
  activo: boolean;
  ip: string;
}) {
  const { db, admin, activo } = opts;
  const u = await getUsuario(db, admin.empresaId, opts.usuarioId);
  if (u.cuentaEmpresa)
    throw new AppError('bad_request', USUARIOS_EMPRESA_MSG.usuarioCuentaNitNoSeDeshabilita);
  if (u.id === admin.usuarioId)
    throw new AppError('bad_request', USUARIOS_EMPRESA_MSG.usuarioNoSeDeshabilitaASiMismo);
  await db.transaction(async (tx) => {
    await tx
      .update(usuarios)
      .set({ activo })
      .where(and(eq(usuarios.id, u.id), eq(usuarios.empresaId, admin.empresaId)));
    const closed = activo
      ? []
      : await tx
          .update(sesiones)
          .set({ revokedAt: new Date() })
          .where(and(eq(sesiones.usuarioId, u.id), isNull(sesiones.revokedAt)))
          .returning({ id: sesiones.id });
    await audit(
      tx,
      { usuarioId: admin.usuarioId, empresaId: admin.empresaId, ip: opts.ip },
      {
        evento: 'usuario_empresa.activo',
        datos: { usuarioId: u.id, activo, sesionesCerradas: closed.length },
      },
    );
  });
  return {
    message: activo ? USUARIOS_EMPRESA_MSG.usuarioHabilitado : USUARIOS_EMPRESA_MSG.usuarioDeshabilitado,
    usuario: await getUsuario(db, admin.empresaId, u.id),
  };
}

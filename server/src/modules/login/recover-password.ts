import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { hashPassword } from '../../lib/password';
import { SECRET_PLACEHOLDER, type Mailer, type SecretIssuer } from '../../mail/mailer';

/** 'jperez@empresa.com' -> 'j***@e***.com' (a fixed number of stars: the lengths stay hidden too) */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const mask = (s: string) => `${s.slice(0, 1)}***`;
  return `${mask(local)}@${mask(host)}${tld}`;
}

async function findProvider(db: Db, identification: string) {
  const [user] = await db
    .select({
      id: usuarios.id,
      correo: usuarios.correo,
      nombre: usuarios.nombre,
      empresaId: usuarios.empresaId,
      activo: usuarios.activo,
    })
    .from(usuarios)
    .where(eq(usuarios.username, identification.trim()))
    .limit(1);
  if (!user || !user.activo || user.empresaId === null)
    throw new AppError('not_found', MSG.identificationNotFound);
  return user;
}

/** GET /api/login/forgetpassword/{identification}: the masked e-mail the temporary password would go to. */
export async function lookupRecovery(opts: { db: Db; identification: string }) {
  const user = await findProvider(opts.db, opts.identification);
  return [{ correo: maskEmail(user.correo) }];
}

/** Random temporary password: 128 bits, readable, with letters and digits. */
function temporaryPassword(): string {
  return `Tmp-${randomBytes(16).toString('base64url')}9a`;
}

/** The kind of outbox secret of a recovery mail: 'clave-temporal:<usuario id>'. */
export const TEMPORARY_PASSWORD_SECRET = 'clave-temporal';
const TEMPORARY_PASSWORD_HOURS = 24;

/**
 * Makes the temporary password when the mail is delivered (docs/decisions/077): the outbox row holds
 * only a placeholder, the mail the password, the account its hash (stored once the mail was
 * accepted, valid 24 h from then). A retry makes a new one. An account gone meanwhile gets nothing.
 */
export const issueTemporaryPassword: SecretIssuer = async (tx, ref) => {
  const [user] = await tx
    .select({ id: usuarios.id, activo: usuarios.activo, empresaId: usuarios.empresaId })
    .from(usuarios)
    .where(eq(usuarios.id, Number(ref)));
  if (!user || !user.activo || user.empresaId === null) return null;
  const value = temporaryPassword();
  const hash = await hashPassword(value);
  return {
    value,
    keep: async () => {
      await tx
        .update(usuarios)
        .set({
          tempPasswordHash: hash,
          tempPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_HOURS * 3600_000),
        })
        .where(eq(usuarios.id, user.id));
    },
  };
};

/**
 * POST /api/login/forgetpassword/register/{identification}?o=m: e-mails a temporary password that
 * signs in once within 24 h and opens a session that must change it. Asking changes nothing on the
 * account: the current password keeps working and never asks for a change, so a stranger asking
 * for recovery cannot lock the company out (docs/decisions/076).
 */
export async function sendRecovery(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  identification: string;
  ip: string;
}) {
  const { db, mailer } = opts;
  const user = await findProvider(db, opts.identification);
  await db.transaction(async (tx) => {
    await mailer.queue(tx, {
      to: user.correo,
      subject: 'Proveedores: contraseña temporal',
      secret: `${TEMPORARY_PASSWORD_SECRET}:${user.id}`,
      text:
        `Hola ${user.nombre},\n\nSu contraseña temporal para el portal de proveedores es:\n\n    ${SECRET_PLACEHOLDER}\n\n` +
        `Sirve una sola vez y vence en 24 horas. Al ingresar el portal le pedirá cambiarla.\n` +
        `Ingrese en ${opts.config.publicUrl}/#/login\n\nSi usted no la pidió, ignore este mensaje: su contraseña actual sigue vigente.`,
    });
    await audit(
      tx,
      { usuarioId: user.id, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'password.recovery_sent', datos: {} },
    );
  });
  // Delivered after the commit; a failure leaves it in the outbox for the retry job.
  void mailer.deliverDue(db).catch(() => {});
  return { message: MSG.recoverSent(maskEmail(user.correo)) };
}

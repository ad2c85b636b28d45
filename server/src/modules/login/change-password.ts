import { and, eq, ne, isNull } from 'drizzle-orm';
import { isAcceptablePassword, MSG } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { sesiones, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { decryptPassword } from '../../lib/cipher';
import { hashPassword, verifyRegularOrTemporary } from '../../lib/password';
import { hit } from '../../lib/throttle';
import type { AuthUser } from '../../plugins/auth';

/** Attempts per user and hour: a stolen session cannot guess the current password at leisure. */
const ATTEMPTS_PER_HOUR = 10;

/**
 * Changes the signed-in user's password (docs/decisions/076). The current password is required: a
 * live session alone does not prove who is typing. After a recovery the temporary password counts
 * as the current one (until this change or the next recovery). Both hashes are always checked, so
 * the time does not tell whether a temporary password exists. Every other session of the user is
 * revoked and this one leaves the must-change state; the client closes it after 3 s.
 */
export async function changePassword(opts: {
  db: Db;
  user: AuthUser;
  username: string;
  /** As transported: only the 'aesgcm:' form is accepted on this route. */
  oldPassword: string;
  newPassword: string;
  cipherKey: Buffer;
  ip: string;
}): Promise<{ message: string }> {
  const { db, user } = opts;
  if (opts.username.trim() !== user.username) throw new AppError('forbidden', MSG.forbidden);
  const oldPassword = decryptPassword(opts.oldPassword, opts.cipherKey, { encryptedOnly: true });
  const newPassword = decryptPassword(opts.newPassword, opts.cipherKey, { encryptedOnly: true });
  if (!isAcceptablePassword(newPassword)) throw new AppError('bad_request', MSG.passwordTooWeak);
  await hit(db, `chpw:${user.usuarioId}`, ATTEMPTS_PER_HOUR, 3600);
  const [row] = await db
    .select({ hash: usuarios.passwordHash, temp: usuarios.tempPasswordHash })
    .from(usuarios)
    .where(eq(usuarios.id, user.usuarioId));
  const current = await verifyRegularOrTemporary(row?.hash, row?.temp, oldPassword);
  if (!current.regular && !current.temporary) throw new AppError('bad_request', MSG.wrongCurrentPassword);
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(usuarios)
      .set({
        passwordHash: hash,
        mustChangePassword: false,
        passwordChangedAt: new Date(),
        tempPasswordHash: null,
        tempPasswordExpiresAt: null,
      })
      .where(eq(usuarios.id, user.usuarioId));
    await tx.update(sesiones).set({ mustChangePassword: false }).where(eq(sesiones.id, user.sessionId));
    await tx
      .update(sesiones)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sesiones.usuarioId, user.usuarioId),
          ne(sesiones.id, user.sessionId),
          isNull(sesiones.revokedAt),
        ),
      );
    await audit(
      tx,
      { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'password.changed', datos: {} },
    );
  });
  return { message: MSG.passwordChanged };
}

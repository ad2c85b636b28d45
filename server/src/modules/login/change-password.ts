import { and, eq, ne, isNull } from 'drizzle-orm';
import { isAcceptablePassword, MSG } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { sesiones, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthUser } from '../../plugins/auth';

/**
 * Changes the signed-in user's password. The specification's form has no current-password field,
 * so the live session is the proof; when Oldpassword is sent it must match. Every other session
 * of the user is revoked; the client closes the current one after 3 s.
 */
export async function changePassword(opts: {
  db: Db;
  user: AuthUser;
  username: string;
  oldPassword: string;
  newPassword: string;
  ip: string;
}): Promise<{ message: string }> {
  const { db, user } = opts;
  if (opts.username.trim() !== user.username) throw new AppError('forbidden', MSG.forbidden);
  if (!isAcceptablePassword(opts.newPassword)) throw new AppError('bad_request', MSG.passwordTooWeak);
  if (opts.oldPassword) {
    const [row] = await db
      .select({ hash: usuarios.passwordHash })
      .from(usuarios)
      .where(eq(usuarios.id, user.usuarioId));
    if (!(await verifyPassword(row?.hash, opts.oldPassword)))
      throw new AppError('bad_request', MSG.wrongCurrentPassword);
  }
  const hash = await hashPassword(opts.newPassword);
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

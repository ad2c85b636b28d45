import { and, eq, gt, isNull } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sesiones } from '../../db/schema';
import { AppError } from '../../errors';
import { signToken } from '../../lib/token';
import type { AuthUser } from '../../plugins/auth';

/**
 * POST /api/login/renewsession ('Seguir conectado', docs/decisions/098): a live session gets a new
 * token with the same session id (guidses) and claims and a new expiry, SESSION_HOURS from now; the
 * session row's expires_at moves with it in the same statement, so the row and the token always agree
 * and logout, password change or disabling the company still end it. A session revoked or expired
 * meanwhile is refused (401) by the update finding no row, never revived.
 */
export async function renewSession(opts: {
  db: Db;
  config: Config;
  user: AuthUser;
}): Promise<{ token: string }> {
  const { db, config, user } = opts;
  const expiresAt = new Date(Date.now() + config.sessionHours * 3600_000);
  const updated = await db
    .update(sesiones)
    .set({ expiresAt })
    .where(
      and(eq(sesiones.id, user.sessionId), isNull(sesiones.revokedAt), gt(sesiones.expiresAt, new Date())),
    )
    .returning({ id: sesiones.id, mustChange: sesiones.mustChangePassword });
  if (updated.length === 0) throw new AppError('unauthorized', MSG.unauthorized);
  const token = await signToken(
    { ...user.claims, changepassword: updated[0].mustChange ? 'true' : 'false' },
    expiresAt,
    config.jwtSecret,
  );
  return { token };
}

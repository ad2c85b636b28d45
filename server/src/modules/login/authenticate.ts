import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isGate, MSG, REINFORCED_CAPTCHA, SERVER_MSG, TYPEUSER } from '@proveedores/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sesiones, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { verifyRegularOrTemporary } from '../../lib/password';
import {
  checkAccountBackoff,
  clearAccountFailures,
  isAccountUnderAttack,
  recordAccountFailure,
} from '../../lib/throttle';
import { signToken } from '../../lib/token';
import { directoryStaffSignIn } from '../../lib/ldap';

/** contratista: /authenticate?permiso=1; usuario: /authenticate; funcionario: /authenticatead. */
export type LoginVariant = 'contratista' | 'usuario' | 'funcionario';

function variantAllows(variant: LoginVariant, tipo: string): boolean {
  if (variant === 'contratista') return tipo === TYPEUSER.PROVEEDOR;
  // Staff and site gate users (docs/decisions/123) sign in as 'funcionario'.
  if (variant === 'funcionario') return isGate(tipo);
  return true;
}

/**
 * Signs a user in. Every failure (unknown id, wrong password, wrong variant, disabled account,
 * pending recovery or not) throws the same 401 after the same work (two argon2 verifications, a
 * dummy hash standing in for a missing one), so they cannot be told apart (docs/decisions/076).
 * The back-off is per account and address; an account under attack asks for a reinforced captcha.
 * Only a sign-in with a temporary password (or a staff one-time password, `npm run staff`) opens a
 * session that must change the password; the plugins/auth.ts hook enforces it.
 */
export async function authenticate(opts: {
  db: Db;
  config: Config;
  username: string;
  password: string;
  variant: LoginVariant;
  ip: string;
  userAgent?: string;
  /** The request's captcha was a reinforced one (lib/captcha.ts). */
  reinforcedCaptcha: boolean;
}): Promise<{ token: string }> {
  const { db, config, variant } = opts;
  let username = opts.username.trim();
  await checkAccountBackoff(db, username, opts.ip);
  if (!opts.reinforcedCaptcha && (await isAccountUnderAttack(db, username)))
    throw new AppError('bad_request', SERVER_MSG.captchaReinforced, {
      detail: { captcha: REINFORCED_CAPTCHA },
    });
  // Staff directory (docs/decisions/064): its answer decides; when it does not know the user or is
  // down, local staff accounts with a password still work (break-glass).
  const directory =
    variant === 'funcionario' && config.ldap
      ? await directoryStaffSignIn({ db, ldap: config.ldap, username, password: opts.password, ip: opts.ip })
      : null;
  if (directory?.status === 'ok') username = directory.username;
  const localAllowed = !directory || directory.status === 'absent' || directory.status === 'unavailable';

  const [user] = await db
    .select({
      id: usuarios.id,
      tipo: usuarios.tipo,
      nombre: usuarios.nombre,
      correo: usuarios.correo,
      empresaId: usuarios.empresaId,
      passwordHash: usuarios.passwordHash,
      tempPasswordHash: usuarios.tempPasswordHash,
      tempValid: sql<boolean>`coalesce(${usuarios.tempPasswordExpiresAt} > now(), false)`,
      mustChange: usuarios.mustChangePassword,
      lastLoginAt: usuarios.lastLoginAt,
      usuarioActivo: usuarios.activo,
      empresaActiva: sql<boolean>`coalesce((SELECT activa FROM empresas WHERE id = ${usuarios.empresaId}), true)`,
    })
    .from(usuarios)
    .where(eq(usuarios.username, username))
    .limit(1);

  const local = await verifyRegularOrTemporary(
    localAllowed ? user?.passwordHash : null,
    localAllowed && user?.tempValid ? user.tempPasswordHash : null,
    opts.password,
  );
  const byDirectory = directory?.status === 'ok';
  const usedTemp = !byDirectory && !local.regular && local.temporary;
  const ok = byDirectory || local.regular || local.temporary;
  if (!ok || !user || !user.usuarioActivo || !variantAllows(variant, user.tipo)) {
    await recordAccountFailure(db, username, opts.ip);
    throw new AppError('unauthorized', MSG.loginFailed);
  }
  // Only someone who knows the password learns that the company is disabled, and whom to write to
  // (docs/decisions/096); unknown, wrong and disabled-with-a-wrong-password stay one answer above.
  if (!user.empresaActiva) throw new AppError('forbidden', MSG.companyDisabled(config.sstMailbox));
  await clearAccountFailures(db, username, opts.ip);

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + config.sessionHours * 3600_000);
  const previous = user.lastLoginAt ?? new Date();
  // The account flag is set only by `npm run staff` (its one-time password is the regular one).
  const mustChange = usedTemp || (!byDirectory && local.regular && user.mustChange);
  await db.transaction(async (tx) => {
    await tx.insert(sesiones).values({
      id: sessionId,
      usuarioId: user.id,
      expiresAt,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 300),
      mustChangePassword: mustChange,
    });
    await tx
      .update(usuarios)
      .set({
        lastLoginAt: new Date(),
        // A temporary password signs in once; its hash stays as the current password that
        // change-password accepts until the change (docs/decisions/076).
        ...(usedTemp ? { tempPasswordExpiresAt: sql`now()` } : {}),
      })
      .where(eq(usuarios.id, user.id));
    await audit(
      tx,
      { usuarioId: user.id, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'login', datos: { variante: variant } },
    );
  });

  const token = await signToken(
    {
      unique_name: username,
      email: user.correo,
      guidses: sessionId,
      given_name: user.nombre,
      typeuser: user.tipo,
      lastsession: previous.toISOString(),
      changepassword: mustChange ? 'true' : 'false',
    },
    expiresAt,
    config.jwtSecret,
  );
  return { token };
}

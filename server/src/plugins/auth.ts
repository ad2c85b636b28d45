import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { isGate, isStaff, MSG, SERVER_MSG, TYPEUSER, type TokenClaims } from '@proveedores/domain';
import { queryPrepared } from '../db/prepared';
import { AppError } from '../errors';
import { clockOf } from '../lib/clock';
import { readDownloadTicket } from '../lib/download-ticket';
import { isExpiredGenuineToken, verifyToken } from '../lib/token';

export type AuthUser = {
  usuarioId: number;
  /** The provider company of the token; null for staff. Never taken from the request. */
  empresaId: number | null;
  tipo: string;
  username: string;
  sessionId: string;
  claims: TokenClaims;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A file download a link may open with ?ticket= instead of the bearer header: the scope of the
     * route's file ('entrega:74'), which the ticket must name (docs/decisions/166). A session token
     * in the query string is never accepted.
     */
    downloadTicket?: (request: FastifyRequest) => string;
    /**
     * Open to a session that must change its password (signed in with a temporary or one-time
     * password): only the settings, the password change and logout declare it (docs/decisions/076).
     */
    duringPasswordChange?: boolean;
  }
}

/** The only routes a 'porteria' token opens: the gate's and the caller's own account. */
const GATE_USER_PATHS = /^\/api\/(porteria\/|login\/)/;

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : null;
}

/** The ?ticket= of a download route (docs/decisions/166); null on every other route. */
function ticketOf(request: FastifyRequest): { ticket: string; scope: string } | null {
  const scopeOf = request.routeOptions.config.downloadTicket;
  const t = (request.query as Record<string, unknown> | undefined)?.ticket;
  return scopeOf && typeof t === 'string' ? { ticket: t, scope: scopeOf(request) } : null;
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const clock = clockOf(app.config);

  /**
   * Verifies signature and expiry, then that the session (guidses) is live and the account active.
   * A session that must change its password is refused (403) everywhere but the routes that declare
   * duringPasswordChange: the state comes from the session row, not from the token's claim.
   */
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    const ticket = token ? null : ticketOf(request);
    // A ticket carries the claims of the session it was issued to; the session is checked below
    // exactly as for the token itself.
    const claims = token
      ? await verifyToken(token, app.config.jwtSecret)
      : ticket
        ? readDownloadTicket(ticket.ticket, {
            scope: ticket.scope,
            now: clock.now(),
            secret: app.config.jwtSecret,
          })
        : null;
    if (!claims) {
      const expired = token !== null && isExpiredGenuineToken(token, app.config.jwtSecret);
      throw new AppError('unauthorized', MSG.unauthorized, expired ? { detail: { sesion: 'expirada' } } : {});
    }
    // Runs on every request: a named prepared statement, planned once per pooled connection.
    const [row] = await queryPrepared<{
      usuario_id: number;
      empresa_id: number | null;
      tipo: string;
      username: string;
      must_change: boolean;
    }>(
      app.db,
      sql`SELECT u.id AS usuario_id, u.empresa_id, u.tipo, u.username, s.must_change_password AS must_change
            FROM sesiones s JOIN usuarios u ON u.id = s.usuario_id
            LEFT JOIN empresas e ON e.id = u.empresa_id
           WHERE s.id = ${claims.guidses} AND s.revoked_at IS NULL AND s.expires_at > now()
             AND u.activo AND (e.id IS NULL OR e.activa) AND u.username = ${claims.unique_name}`,
    );
    if (!row) throw await refusedSession(app, claims.guidses);
    if (row.must_change && !request.routeOptions.config.duringPasswordChange)
      throw new AppError('forbidden', SERVER_MSG.passwordChangeRequired);
    // A gate user reaches the gate and their own account, nothing else (docs/decisions/123): denied
    // by default here, so a route added later is closed to them without its own check.
    if (row.tipo === TYPEUSER.PORTERIA && !GATE_USER_PATHS.test(request.routeOptions.url ?? ''))
      throw new AppError('forbidden', MSG.forbidden);
    request.user = {
      usuarioId: row.usuario_id,
      empresaId: row.empresa_id,
      tipo: row.tipo,
      username: row.username,
      sessionId: claims.guidses,
      claims,
    };
  });
});

/**
 * A genuine token whose session is no longer live: the 401 tells the web why (docs/decisions/097),
 * 'expirada' when the session row ran out, 'cerrada' when it was revoked (logout in another window,
 * password change, company disabled) or the account was deactivated. Nothing about other users.
 */
async function refusedSession(app: FastifyInstance, sessionId: string): Promise<AppError> {
  const [s] = await queryPrepared<{ expired: boolean }>(
    app.db,
    sql`SELECT (revoked_at IS NULL AND expires_at <= now()) AS expired FROM sesiones WHERE id = ${sessionId}`,
  );
  return new AppError('unauthorized', MSG.unauthorized, {
    detail: { sesion: s?.expired ? 'expirada' : 'cerrada' },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user; routes behind `onRequest: app.authenticate` always have one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', MSG.unauthorized);
  return request.user;
}

/** Policy helpers used by the modules' policy.ts files. */
export function requireProveedor(request: FastifyRequest): AuthUser & { empresaId: number } {
  const user = currentUser(request);
  if (user.empresaId === null || isStaff(user.tipo)) throw new AppError('forbidden', MSG.forbidden);
  return user as AuthUser & { empresaId: number };
}

export function requireStaff(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!isStaff(user.tipo)) throw new AppError('forbidden', MSG.forbidden);
  return user;
}

/**
 * The gate's routes (decision 123): a 'porteria' user or staff. Which projects a gate user may
 * serve is the gate module's check (porteria_proyectos), after this one.
 */
export function requireGate(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!isGate(user.tipo)) throw new AppError('forbidden', MSG.forbidden);
  return user;
}

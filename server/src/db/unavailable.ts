/**
 * Whether an error means "the database cannot be reached right now" (server stopped or restarting,
 * connection refused, reset or timed out, too many connections) rather than a bug: those answers are
 * 503 with Retry-After (the client may try again), not 500. Drizzle wraps driver errors, so the
 * cause chain is walked.
 */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 = connection exception.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection ended unexpectedly/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (NET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}

/**
 * What the logger may write (docs/decisions/080): URLs without tokens or download tickets
 * (docs/decisions/166), errors without the values of SQL parameters. Both are pino serializers, so they hold for every log line of the app.
 */

const REDACTED = '[redacted]';

/**
 * A JWT (base64url header starting with '{"', then payload and signature; the signature may be
 * empty for an unsigned one), or any three long base64url segments joined by dots.
 */
const JWT_SHAPED = /eyJ[\w-]*\.[\w-]+(?:\.[\w-]*)?|[\w-]{16,}\.[\w-]{16,}\.[\w-]{16,}/g;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Decode what can be decoded; a stray '%' is left as it is.
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** A part of the URL that is, or contains once decoded, something shaped like a JWT. */
const hasJwt = (raw: string) => {
  JWT_SHAPED.lastIndex = 0;
  const found = JWT_SHAPED.test(safeDecode(raw.replace(/\+/g, ' ')));
  JWT_SHAPED.lastIndex = 0;
  return found;
};

/**
 * The URL as logged. Query parameters are judged by their decoded name, case-insensitively
 * (`?%74oken=`, `?TOKEN=`, `?token[]=` are all the token the router reads or could read; `ticket`
 * likewise), and any path segment or value that decodes to something JWT-shaped is replaced too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const path = pathPart
    .split('/')
    .map((segment) => (hasJwt(segment) ? REDACTED : segment))
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      const name = safeDecode(rawName.replace(/\+/g, ' ')).trim().toLowerCase();
      if (name.startsWith('token') || name.startsWith('ticket')) return `${rawName}=${REDACTED}`;
      if (hasJwt(pair)) return eq === -1 ? REDACTED : `${hasJwt(rawName) ? REDACTED : rawName}=${REDACTED}`;
      return pair;
    })
    .join('&');
  return `${path}?${query}`;
}

// ---------- Errors ----------

type ErrorLike = Error & Record<string, unknown>;
/** The shape pino (and Fastify's logger types) expect from an `err` serializer. */
export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

const isErrorLike = (v: unknown): v is ErrorLike =>
  v instanceof Error || (typeof v === 'object' && v !== null && 'message' in v && 'stack' in v);

/** drizzle wraps a failed statement as `Failed query: <sql>\nparams: <values>` with query/params fields. */
const isQueryError = (e: ErrorLike) => typeof e.query === 'string' && Array.isArray(e.params);

/** pg's and PGlite's DatabaseError: a SQLSTATE and a severity. */
const isDatabaseError = (e: ErrorLike) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';

/** Fields of a database error that name things, never values (detail, where, params do). */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];
/** Fields that carry the values of a statement, whatever the error. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'raw', 'cause']);

/**
 * PostgreSQL quotes the offending value in many messages (`invalid input syntax for type integer:
 * "Juan"`, `date/time field value out of range: "..."`): quoted text is dropped unless it is one
 * of the identifiers the error names.
 */
function scrubDatabaseMessage(e: ErrorLike): string {
  const names = new Set(DATABASE_FIELDS.map((f) => e[f]).filter((v): v is string => typeof v === 'string'));
  return String(e.message).replace(/"([^"]*)"/g, (whole, inner: string) =>
    names.has(inner) ? whole : '"…"',
  );
}

function stackFrames(e: ErrorLike): string {
  return typeof e.stack === 'string'
    ? e.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';
}

/** drizzle's message appended to a plain string ("Failed query: ...\nparams: ..."). */
const stripParams = (text: string) => text.replace(/\nparams: [\s\S]*$/, '');

/**
 * pino `err` serializer: type, message, code and stack as usual, plus `statement` (the SQL text,
 * placeholders only) for failed queries; parameter values, PostgreSQL's detail/where and quoted
 * values in its messages are never written. Causes are serialized the same way.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return stripParams(err);
  if (!isErrorLike(err)) return err;
  const type = err.constructor?.name && err.constructor.name !== 'Object' ? err.constructor.name : err.name;
  const out: Record<string, unknown> = { type };
  if (isDatabaseError(err)) {
    // pg's DatabaseError, or PGlite's (which also carries query and params).
    out.message = scrubDatabaseMessage(err);
    for (const f of DATABASE_FIELDS) if (err[f] !== undefined) out[f] = err[f];
    if (typeof err.query === 'string') out.statement = err.query;
  } else if (isQueryError(err)) {
    out.message = 'Failed query';
    out.statement = err.query;
  } else {
    out.message = stripParams(String(err.message));
    for (const key of Object.keys(err)) {
      if (!VALUE_FIELDS.has(key) && key !== 'query' && out[key] === undefined) out[key] = err[key];
    }
  }
  out.stack = `${type}: ${String(out.message)}\n${stackFrames(err)}`;
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

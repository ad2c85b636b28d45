import { LOGIN_MSG } from '@proveedores/domain';
import { alerts } from './alerts';
import { endSession, getSession } from './session';

/**
 * The one fetch wrapper (docs/contract.md, Calls). Authenticated calls send the bearer token, a JSON content
 * type when there is a body, and the origin-path header (the page URL, or 'proveedores' outside a browser).
 * Any 401 on an authenticated call ends the session and says why (docs/decisions/097). Errors become ApiError
 * with the server's Spanish message ({message, code, requestId, detail?}).
 */
export const ORIGIN_PATH_HEADER = 'origin-path';
export const ORIGIN_PATH_FALLBACK = 'proveedores';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly requestId?: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message to show for any error a request may throw. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message;
  return LOGIN_MSG.internalError;
}

function originPath(): string {
  if (typeof window === 'undefined' || !window.location) return ORIGIN_PATH_FALLBACK;
  const href = window.location.href;
  // Header values must be Latin-1; the hash may hold anything.
  return /^[\x20-\x7e]*$/.test(href) ? href : encodeURI(href);
}

/** Resolves 'api/...' against the page, so the app also works under a sub-path behind a proxy. */
export function apiUrl(path: string): string {
  return new URL(path.replace(/^\//, ''), document.baseURI).toString();
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body; omitted means no body and no content type. */
  body?: unknown;
  /** false for the sign-in calls: no token, and a 401 does not end a session. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the recovery routes' x-captcha, docs/decisions/078). */
  headers?: Record<string, string>;
  /** 'Cerrar Sesión' itself: a 401 then ends the session without telling why. */
  quietUnauthorized?: boolean;
};

/**
 * A 401 on an authenticated call: the session ends, and the person is told why instead of finding
 * the login screen without a word: expired, or closed elsewhere (logout in another window, password
 * change, company disabled), as the server's `detail.sesion` says (docs/decisions/097). Only the
 * first 401 of a session alerts; later ones find no session.
 */
function sessionRefused(detail: unknown, quiet = false) {
  const had = getSession() !== null;
  endSession();
  if (!had || quiet) return;
  const reason = (detail as { sesion?: unknown } | undefined)?.sesion;
  void alerts.info(
    reason === 'expirada'
      ? LOGIN_MSG.sessionExpired
      : reason === 'cerrada'
        ? LOGIN_MSG.sessionClosedElsewhere
        : LOGIN_MSG.sessionInvalid,
  );
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = opts;
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const session = auth ? getSession() : null;
  if (auth) {
    headers[ORIGIN_PATH_HEADER] = originPath();
    if (session) headers.Authorization = `Bearer ${session.token}`;
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: 'no-store',
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, LOGIN_MSG.checkNetwork, 'network');
  }

  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const e = (data && typeof data === 'object' ? data : {}) as {
      message?: string;
      code?: string;
      requestId?: string;
      detail?: unknown;
    };
    if (res.status === 401 && auth) sessionRefused(e.detail, opts.quietUnauthorized);
    const message =
      e.message ?? (typeof data === 'string' && data.length < 300 ? data : LOGIN_MSG.internalError);
    throw new ApiError(res.status, message, e.code, e.requestId, e.detail);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** A file the server generated (exports): the bytes and the name of its Content-Disposition. */
export type DownloadedFile = { blob: Blob; filename: string | null };

/** Name from `Content-Disposition` (RFC 5987 filename* first, then filename). */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * GET of a binary file with the same headers and the same 401 rule as apiRequest (the bearer token
 * cannot ride on a plain link). Failures throw ApiError with the server's message.
 */
export async function apiDownload(
  path: string,
  opts: { signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  const headers: Record<string, string> = { [ORIGIN_PATH_HEADER]: originPath() };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { headers, signal: opts.signal, cache: 'no-store' });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, LOGIN_MSG.checkNetwork, 'network');
  }
  if (!res.ok) {
    const text = await res.text();
    let e: { message?: string; code?: string; requestId?: string; detail?: unknown } = {};
    try {
      e = JSON.parse(text) as typeof e;
    } catch {
      /* not JSON */
    }
    if (res.status === 401) sessionRefused(e.detail);
    throw new ApiError(res.status, e.message ?? LOGIN_MSG.internalError, e.code, e.requestId, e.detail);
  }
  return { blob: await res.blob(), filename: dispositionName(res.headers.get('Content-Disposition')) };
}

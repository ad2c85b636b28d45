import { useSyncExternalStore } from 'react';
import { LOGIN_MSG, type TokenClaims } from '@proveedores/domain';
import { alerts } from './alerts';
import { decodeToken } from './jwt';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The browser session (docs/contract.md, States and transitions): the token kept in local and session
 * storage, its decoded claims, and an expiry timer that fires at exp minus 5 s, shows 'Oops... tu sesión
 * actual ha expirado.' 2 s later and logs out. A reload restores from session storage, else local storage.
 */
export type Session = { token: string; claims: TokenClaims };

const TIMER_OFFSET_MS = 5_000;
const ALERT_DELAY_MS = 2_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** The warning with 'Seguir conectado' opens this long before the token expires (docs/decisions/098). */
export const SESSION_WARNING_MS = 60_000;
/** Session-storage keys of comment drafts: they survive the end of a session (docs/decisions/098). */
const DRAFT_PREFIX = 'borrador:';

let current: Session | null = null;
/** True once a session existed during this page load (restored or new). */
let signedInThisLoad = false;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let warningTimer: ReturnType<typeof setTimeout> | undefined;
/** While the warning is due: when the session ends (ms since the epoch); null otherwise. */
let endingAt: number | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: Storage, key: string, value: string) {
  try {
    storage.setItem(key, value);
  } catch {
    /* storage full or disabled */
  }
}

function readDrafts(): [string, string][] {
  const out: [string, string][] = [];
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const k = sessionStorage.key(i);
      const v = k?.startsWith(DRAFT_PREFIX) ? sessionStorage.getItem(k) : null;
      if (k && v !== null) out.push([k, v]);
    }
  } catch {
    /* storage disabled */
  }
  return out;
}

function writeBoth(key: string, value: string) {
  for (const s of [localStorage, sessionStorage]) {
    try {
      s.setItem(key, value);
    } catch {
      /* storage full or disabled: the in-memory session still works for this tab */
    }
  }
}

function scheduleExpiry(exp: number) {
  clearTimeout(expiryTimer);
  clearTimeout(warningTimer);
  if (endingAt !== null) {
    endingAt = null;
    notifyEnding();
  }
  const warnIn = exp * 1000 - Date.now() - SESSION_WARNING_MS;
  if (warnIn <= MAX_TIMEOUT_MS)
    warningTimer = setTimeout(
      () => {
        endingAt = exp * 1000;
        notifyEnding();
      },
      Math.max(0, warnIn),
    );
  const delay = exp * 1000 - Date.now() - TIMER_OFFSET_MS;
  if (delay > MAX_TIMEOUT_MS) {
    // setTimeout overflows past ~24.8 days; check again later.
    expiryTimer = setTimeout(() => scheduleExpiry(exp), MAX_TIMEOUT_MS);
    return;
  }
  expiryTimer = setTimeout(
    () => {
      expiryTimer = setTimeout(() => {
        void alerts.info(LOGIN_MSG.sessionExpired);
        endSession();
      }, ALERT_DELAY_MS);
    },
    Math.max(0, delay),
  );
}

function adopt(token: string): Session {
  const claims = decodeToken(token);
  current = { token, claims };
  signedInThisLoad = true;
  scheduleExpiry(claims.exp);
  return current;
}

/** Saves a fresh token after sign-in. Throws 'Invalid token specified' for an undecodable one. */
export function startSession(token: string): Session {
  const session = adopt(token);
  writeBoth(STORAGE_KEYS.token, token);
  writeBoth(STORAGE_KEYS.claims, JSON.stringify(session.claims));
  writeBoth(STORAGE_KEYS.expiration, new Date(session.claims.exp * 1000).toISOString());
  writeBoth(STORAGE_KEYS.changePassword, session.claims.changepassword);
  notify();
  return session;
}

/** On load: session storage first, then local storage; an expired or broken token is dropped. */
export function restoreSession(): Session | null {
  const token = safeGet(sessionStorage, STORAGE_KEYS.token) ?? safeGet(localStorage, STORAGE_KEYS.token);
  if (!token) return null;
  try {
    const claims = decodeToken(token);
    if (claims.exp * 1000 <= Date.now()) throw new Error('expired');
    // A password changed in this tab leaves changepassword 'false' in session storage.
    if (safeGet(sessionStorage, STORAGE_KEYS.changePassword) === 'false') claims.changepassword = 'false';
    current = { token, claims };
    signedInThisLoad = true;
    contract = loadContract();
    scheduleExpiry(claims.exp);
    writeBoth(STORAGE_KEYS.token, token);
    return current;
  } catch {
    endSession();
    return null;
  }
}

/**
 * Logout on the client: every stored item goes (but comment drafts, kept in session storage for the
 * next sign-in, docs/decisions/098), the timers stop, subscribers go to login.
 */
export function endSession() {
  clearTimeout(expiryTimer);
  clearTimeout(warningTimer);
  expiryTimer = undefined;
  warningTimer = undefined;
  const wasEnding = endingAt !== null;
  endingAt = null;
  const drafts = readDrafts();
  for (const s of [localStorage, sessionStorage]) {
    try {
      s.clear();
    } catch {
      /* ignore */
    }
  }
  for (const [k, v] of drafts) safeSet(sessionStorage, k, v);
  if (wasEnding) notifyEnding();
  const had = current !== null;
  current = null;
  contract = null;
  if (had) notify();
}

export function hasSignedInThisPageLoad(): boolean {
  return signedInThisLoad;
}

export function getSession(): Session | null {
  return current;
}

/** After a password change the flag is 'false' in session storage. */
export function markPasswordChanged() {
  try {
    sessionStorage.setItem(STORAGE_KEYS.changePassword, 'false');
    if (current) {
      current = { ...current, claims: { ...current.claims, changepassword: 'false' } };
      sessionStorage.setItem(STORAGE_KEYS.claims, JSON.stringify(current.claims));
    }
  } catch {
    /* ignore */
  }
  notify();
}

/**
 * The chosen contract and its descriptions (docs/contract.md, Entities and fields); written by the contract
 * modal.
 */
export type StoredContract = {
  id: number;
  proyectoId: number;
  proyectoDescripcion: string;
  tipoContratoDescripcion: string;
  actividadDescripcion: string;
};

let contract: StoredContract | null = null;

export function saveContract(c: StoredContract) {
  contract = c;
  writeBoth(STORAGE_KEYS.contrato, String(c.id));
  writeBoth(STORAGE_KEYS.proyectoId, String(c.proyectoId));
  writeBoth(STORAGE_KEYS.proyectoDescripcion, c.proyectoDescripcion);
  writeBoth(STORAGE_KEYS.tipoContratoDescripcion, c.tipoContratoDescripcion);
  writeBoth(STORAGE_KEYS.actividadDescripcion, c.actividadDescripcion);
  notify();
}

function loadContract(): StoredContract | null {
  const read = (k: string) => safeGet(sessionStorage, k) ?? safeGet(localStorage, k);
  const id = Number(read(STORAGE_KEYS.contrato));
  if (!id) return null;
  return {
    id,
    proyectoId: Number(read(STORAGE_KEYS.proyectoId)),
    proyectoDescripcion: read(STORAGE_KEYS.proyectoDescripcion) ?? '',
    tipoContratoDescripcion: read(STORAGE_KEYS.tipoContratoDescripcion) ?? '',
    actividadDescripcion: read(STORAGE_KEYS.actividadDescripcion) ?? '',
  };
}

/** The chosen contract of this session, or null. */
export function getContract(): StoredContract | null {
  return contract;
}

export function useContract(): StoredContract | null {
  return useSyncExternalStore(subscribeSession, getContract, getContract);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React binding: re-renders on sign-in, logout and password-change. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// ---- The warning before expiry (docs/decisions/098) ----

const endingListeners = new Set<() => void>();

function notifyEnding() {
  for (const l of endingListeners) l();
}

function subscribeEnding(listener: () => void): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

function getEndingAt(): number | null {
  return endingAt;
}

/** When the session ends (ms) while its one-minute warning is due, else null. */
export function useSessionEnding(): number | null {
  return useSyncExternalStore(subscribeEnding, getEndingAt, getEndingAt);
}

// ---- Comment drafts (docs/decisions/098) ----

/**
 * A half-typed comment, kept in session storage under the signed-in user's name and a scope (e.g.
 * 'revision:42'), so it survives the session ending in this tab and comes back after the same user
 * signs in again; another user of the tab never sees it.
 */
function draftKey(scope: string, username?: string): string | null {
  const user = username ?? current?.claims.unique_name;
  return user ? `${DRAFT_PREFIX}${user}:${scope}` : null;
}

export function readDraft(scope: string): string | null {
  const key = draftKey(scope);
  return key ? safeGet(sessionStorage, key) : null;
}

export function writeDraft(scope: string, text: string) {
  const key = draftKey(scope);
  if (!key) return;
  if (text.trim()) safeSet(sessionStorage, key, text);
  else clearDraft(scope);
}

export function clearDraft(scope: string) {
  const key = draftKey(scope);
  if (!key) return;
  try {
    sessionStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

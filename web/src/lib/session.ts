import { useSyncExternalStore } from 'react';
import { LOGIN_MSG, type TokenClaims } from '@proveedores/domain';
import { alerts } from './alerts';
import { decodeToken } from './jwt';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The browser session (section 4): the token kept in local and session storage, its decoded claims,
 * and an expiry timer that fires at exp minus 5 s, shows 'Oops... tu sesión actual ha expirado.'
 * 2 s later and logs out. A reload restores from session storage, else local storage.
 */
export type Session = { token: string; claims: TokenClaims };

const TIMER_OFFSET_MS = 5_000;
const ALERT_DELAY_MS = 2_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

let current: Session | null = null;
/** True once a session existed during this page load (restored or new). */
let signedInThisLoad = false;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
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

/** Logout on the client: every stored item goes, the timer stops, subscribers go to login. */
export function endSession() {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  for (const s of [localStorage, sessionStorage]) {
    try {
      s.clear();
    } catch {
      /* ignore */
    }
  }
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

/** After a password change the flag is 'false' in session storage (section 3). */
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

/** The chosen contract and its descriptions (section 3); written by the contract modal. */
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

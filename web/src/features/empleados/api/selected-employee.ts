import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * The employee chosen on Ingreso de Personal, kept in session storage so that 'Ver Historial' and
 * back, or a reload, keep it (logout clears every stored item).
 */
export type SelectedEmployee = { tipodocumento: string; numerodocumento: string; nombre: string };

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: SelectedEmployee | null } = { raw: null, value: null };

function read(): SelectedEmployee | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEYS.empleado);
  } catch {
    raw = null;
  }
  if (raw === cached.raw) return cached.value;
  let value: SelectedEmployee | null = null;
  try {
    const v = raw ? (JSON.parse(raw) as Partial<SelectedEmployee>) : null;
    if (v && typeof v.tipodocumento === 'string' && typeof v.numerodocumento === 'string')
      value = {
        tipodocumento: v.tipodocumento,
        numerodocumento: v.numerodocumento,
        nombre: String(v.nombre ?? ''),
      };
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function selectEmployee(e: SelectedEmployee | null) {
  try {
    if (e) sessionStorage.setItem(STORAGE_KEYS.empleado, JSON.stringify(e));
    else sessionStorage.removeItem(STORAGE_KEYS.empleado);
  } catch {
    /* storage disabled: the choice lasts until the next read */
  }
  for (const l of listeners) l();
}

export function useSelectedEmployee(): SelectedEmployee | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    read,
  );
}

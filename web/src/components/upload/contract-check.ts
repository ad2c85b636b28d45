import { getContract, saveContract, type StoredContract } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage-keys';

function read(key: string): string | null {
  for (const s of [sessionStorage, localStorage]) {
    try {
      const v = s.getItem(key);
      if (v !== null) return v;
    } catch {
      /* storage unavailable */
    }
  }
  return null;
}

/**
 * The project an upload is for (the contract's validation rules: 'Seleccione o ingrese un proyecto antes de
 * continuar.' after reloading the session once to look for one). When this tab has none, the stored session
 * is read again once, session storage first (as on a reload), then local storage, where a contract chosen in
 * another tab of the same session lives; one found there becomes this tab's contract. Null when there is
 * none: the caller says so and sends nothing (docs/decisions/094).
 */
export function findContract(): StoredContract | null {
  const current = getContract();
  if (current) return current;
  const id = Number(read(STORAGE_KEYS.contrato));
  if (!Number.isInteger(id) || id <= 0) return null;
  const found: StoredContract = {
    id,
    proyectoId: Number(read(STORAGE_KEYS.proyectoId)) || 0,
    proyectoDescripcion: read(STORAGE_KEYS.proyectoDescripcion) ?? '',
    tipoContratoDescripcion: read(STORAGE_KEYS.tipoContratoDescripcion) ?? '',
    actividadDescripcion: read(STORAGE_KEYS.actividadDescripcion) ?? '',
  };
  saveContract(found);
  return found;
}

import { LIST_EVENT_COLUMN, type ListColumna, type TableDescription } from '@proveedores/domain';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * Chosen columns (the contract's browser storage and list screen states): session storage keeps, per table
 * id, the full column list ('list-dinamico-{id}') and the chosen columns ('Selected-{id}'). The choice
 * is restored only while the stored full list equals the current one; otherwise every column shows.
 */
export const fullColumnList = (columns: ListColumna[]) =>
  JSON.stringify(columns.map((c) => ({ id: c.id, descripcion: c.descripcion })));

export const visibleColumnIds = (columns: ListColumna[]) =>
  columns.filter((c) => c.id !== LIST_EVENT_COLUMN).map((c) => c.id);

export function restoreSelection(idtabla: string, columns: ListColumna[]): string[] {
  const all = visibleColumnIds(columns);
  const full = fullColumnList(columns);
  try {
    if (sessionStorage.getItem(STORAGE_KEYS.listDinamico(idtabla)) === full) {
      const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.selected(idtabla)) ?? 'null');
      if (Array.isArray(saved)) {
        const chosen = all.filter((id) => saved.includes(id));
        if (chosen.length > 0) return chosen;
      }
    } else {
      sessionStorage.setItem(STORAGE_KEYS.listDinamico(idtabla), full);
      sessionStorage.removeItem(STORAGE_KEYS.selected(idtabla));
    }
  } catch {
    /* storage disabled or a broken entry: show every column */
  }
  return all;
}

export function saveSelection(idtabla: string, columns: ListColumna[], selected: string[]) {
  try {
    sessionStorage.setItem(STORAGE_KEYS.listDinamico(idtabla), fullColumnList(columns));
    sessionStorage.setItem(STORAGE_KEYS.selected(idtabla), JSON.stringify(selected));
  } catch {
    /* the choice then lasts for this page only */
  }
}

/** The columns chosen for one table with one full column list. */
export type ColumnChoice = { key: string; ids: string[] };

export const choiceKey = (desc: Pick<TableDescription, 'idtabla' | 'columnas'>) =>
  `${desc.idtabla}\n${fullColumnList(desc.columnas)}`;

/**
 * The choice for the description on screen, or null when the current one still applies (same table,
 * same columns: a new page or sort keeps it). Restored under the table the columns belong to, not the
 * address's: right after a link to another list the previous list stays on screen while the next one
 * loads, and restoring the new id with the old columns would overwrite and lose its saved choice.
 */
export function nextChoice(
  desc: Pick<TableDescription, 'idtabla' | 'columnas'>,
  current: ColumnChoice | null,
): ColumnChoice | null {
  const key = choiceKey(desc);
  if (current?.key === key) return null;
  return { key, ids: restoreSelection(desc.idtabla, desc.columnas) };
}

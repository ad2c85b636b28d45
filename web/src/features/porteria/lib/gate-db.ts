import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PorteriaProyecto, RosterContenido, RosterFirmado } from '@proveedores/domain';
import type { ClavePublica, ColaStore, RegistroCola } from './gate-logic';

/**
 * The gate's IndexedDB (decision 124), one database per signed-in user so that a phone shared by two
 * guards never sends one guard's records with the other's token: the verified rosters (by project;
 * forgotten at sign-out and after a day, decision 160),
 * the queue of records (by clienteId, in the order of their events) and a few values (the public
 * keys, the last sync, the chosen project).
 */
export type RosterGuardado = { proyectoId: number; firmado: RosterFirmado; contenido: RosterContenido };
type Meta = {
  claves: ClavePublica[];
  ultimaSync: string;
  proyectoId: number;
  proyectos: PorteriaProyecto[];
};

interface GateDb extends DBSchema {
  rosters: { key: number; value: RosterGuardado };
  cola: { key: string; value: RegistroCola; indexes: { at: string } };
  meta: { key: string; value: unknown };
}

export type GateStore = ColaStore & {
  agregar(r: RegistroCola): Promise<void>;
  contar(): Promise<number>;
  roster(proyectoId: number): Promise<RosterGuardado | undefined>;
  guardarRoster(r: RosterGuardado): Promise<void>;
  /** Forget one project's roster, or all of them (sign-out, decision 160). */
  quitarRoster(proyectoId?: number): Promise<void>;
  leer<K extends keyof Meta>(k: K): Promise<Meta[K] | undefined>;
  escribir<K extends keyof Meta>(k: K, v: Meta[K]): Promise<void>;
};

export async function abrirGateStore(usuario: string): Promise<GateStore> {
  const db: IDBPDatabase<GateDb> = await openDB<GateDb>(`porteria:${usuario}`, 1, {
    upgrade(d) {
      d.createObjectStore('rosters', { keyPath: 'proyectoId' });
      d.createObjectStore('cola', { keyPath: 'registro.clienteId' }).createIndex('at', 'registro.at');
      d.createObjectStore('meta');
    },
  });
  return {
    listar: () => db.getAllFromIndex('cola', 'at'),
    async quitar(ids) {
      const tx = db.transaction('cola', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    agregar: async (r) => {
      await db.put('cola', r);
    },
    contar: () => db.count('cola'),
    roster: (id) => db.get('rosters', id),
    guardarRoster: async (r) => {
      await db.put('rosters', r);
    },
    quitarRoster: async (proyectoId) => {
      await (proyectoId === undefined ? db.clear('rosters') : db.delete('rosters', proyectoId));
    },
    leer: async (k) => (await db.get('meta', k)) as never,
    escribir: async (k, v) => {
      await db.put('meta', v, k);
    },
  };
}

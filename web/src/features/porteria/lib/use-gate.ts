import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MSG,
  hoyEnColombia,
  type PorteriaProyecto,
  type TipoRegistro,
  type Verificacion,
} from '@proveedores/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { alCerrarSesion } from '@/lib/logout';
import { porteriaApi } from '../api/porteria';
import { esquemas } from './esquemas';
import { abrirGateStore, type GateStore, type RosterGuardado } from './gate-db';
import {
  decidirPorCodigo,
  decidirPorDocumento,
  nuevoRegistro,
  rosterVigente,
  sincronizar,
  verificarRoster,
  type ClavePublica,
  type CodigoVerificado,
} from './gate-logic';

/** The queue is sent this often while online (and on 'online', and after each record). */
export const SYNC_MS = 30_000;
/** The roster is fetched again this often while online. */
const ROSTER_MS = 10 * 60_000;

export type Entrada = { codigo: string } | { tipodocumento: string; numerodocumento: string };
/** A check's answer; `rosterGeneradoAt` when it was decided offline from the kept roster. */
export type VerificacionGate = Verificacion & { rosterGeneradoAt?: string };

export type GateState = {
  /** What the phone kept has been read (or could not be): the page paints its body from then on. */
  listo: boolean;
  online: boolean;
  proyectos: PorteriaProyecto[];
  /** The projects' request of this load has settled (answered or failed): the list is what it will be. */
  proyectosRespondidos: boolean;
  proyectoId: number | null;
  roster: RosterGuardado | null;
  /** The project whose roster download of this load has settled (kept, refused or failed). */
  rosterIntentado: number | null;
  rosterError: string | null;
  pendientes: number;
  ultimaSync: string | null;
  syncError: string | null;
  relojMensaje: string | null;
};

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The project's kept roster while it is less than a day old; an older one is forgotten (decision 160). */
async function rosterGuardado(st: GateStore, proyectoId: number): Promise<RosterGuardado | null> {
  const r = await st.roster(proyectoId);
  if (!r) return null;
  if (rosterVigente(r.contenido, new Date())) return r;
  await st.quitarRoster(proyectoId);
  return null;
}

/** A request that failed for want of a network (or of the route), not for a refusal. */
const sinServidor = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status === 404 || e.status >= 500;

/**
 * The gate's state and actions (decision 124): the user's IndexedDB, the projects, the verified roster
 * of the chosen project, the queue and its sync. Online, a check asks the server (fresher: revocations
 * since the roster); without signal (or when the server cannot answer) it decides from the roster.
 */
export function useGate(usuario: string) {
  const online = useOnline();
  const [store, setStore] = useState<GateStore | null>(null);
  const [s, setS] = useState<GateState>({
    listo: false,
    online,
    proyectos: [],
    proyectosRespondidos: false,
    proyectoId: null,
    roster: null,
    rosterIntentado: null,
    rosterError: null,
    pendientes: 0,
    ultimaSync: null,
    syncError: null,
    relojMensaje: null,
  });
  const patch = useCallback((p: Partial<GateState>) => setS((prev) => ({ ...prev, ...p })), []);
  const syncing = useRef(false);
  // The projects are asked for at once, while the database opens (docs/decisions/134): the page is
  // usable when they are here. The effect below takes this request (a failure is its to handle).
  const primeros = useRef<{ pedidos: Promise<PorteriaProyecto[]> | null } | null>(null);
  if (primeros.current === null) {
    primeros.current = { pedidos: navigator.onLine ? porteriaApi.proyectos() : null };
    primeros.current.pedidos?.catch(() => undefined);
  }

  // Open the user's database and read what was kept.
  useEffect(() => {
    let alive = true;
    void (async () => {
      const st = await abrirGateStore(usuario).catch(() => null);
      if (!st) {
        // No database (a browser that refuses it): the page shows, usable for nothing but signing out.
        if (alive) patch({ listo: true });
        return;
      }
      const [proyectos, proyectoId, ultimaSync, pendientes] = await Promise.all([
        st.leer('proyectos'),
        st.leer('proyectoId'),
        st.leer('ultimaSync'),
        st.contar(),
      ]);
      const roster = proyectoId ? await rosterGuardado(st, proyectoId) : null;
      if (!alive) return;
      setStore(st);
      patch({
        listo: true,
        proyectos: proyectos ?? [],
        proyectoId: proyectoId ?? null,
        roster,
        ultimaSync: ultimaSync ?? null,
        pendientes,
      });
    })();
    return () => {
      alive = false;
    };
  }, [usuario, patch]);

  // Online: the projects (the only one is chosen by itself).
  useEffect(() => {
    if (!store || !online) return;
    let alive = true;
    const pedidos = primeros.current?.pedidos ?? porteriaApi.proyectos();
    if (primeros.current) primeros.current.pedidos = null;
    pedidos.then(
      async (proyectos) => {
        await store.escribir('proyectos', proyectos);
        if (!alive) return;
        setS((prev) => {
          const keep = proyectos.some((p) => p.id === prev.proyectoId) ? prev.proyectoId : null;
          const proyectoId = keep ?? (proyectos.length === 1 ? proyectos[0]!.id : null);
          if (proyectoId !== prev.proyectoId) void store.escribir('proyectoId', proyectoId ?? 0);
          return { ...prev, proyectos, proyectosRespondidos: true, proyectoId };
        });
      },
      () => {
        // Offline or refused: the kept list stays.
        if (alive) patch({ proyectosRespondidos: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [store, online, patch]);

  const elegirProyecto = useCallback(
    async (id: number) => {
      if (!store) return;
      await store.escribir('proyectoId', id);
      patch({ proyectoId: id, roster: await rosterGuardado(store, id), rosterError: null });
    },
    [store, patch],
  );

  // Online: the public keys and the roster of today, verified before it is kept.
  const descargarRoster = useCallback(async () => {
    if (!store || !s.proyectoId) return;
    const proyectoId = s.proyectoId;
    try {
      const claves = await porteriaApi.claves();
      await store.escribir('claves', claves);
      const firmado = await porteriaApi.roster(proyectoId, hoyEnColombia(new Date()));
      const contenido = await verificarRoster(firmado, claves);
      if (!contenido || contenido.proyectoId !== proyectoId) {
        patch({ rosterError: MSG.gateRosterRefused, rosterIntentado: proyectoId });
        return;
      }
      const guardado = { proyectoId, firmado, contenido };
      await store.guardarRoster(guardado);
      patch({ roster: guardado, rosterError: null, rosterIntentado: proyectoId });
    } catch {
      // No signal: the kept roster stays.
      patch({ rosterIntentado: proyectoId });
    }
  }, [store, s.proyectoId, patch]);

  useEffect(() => {
    if (!online) return;
    void descargarRoster();
    const t = setInterval(() => void descargarRoster(), ROSTER_MS);
    return () => clearInterval(t);
  }, [online, descargarRoster]);

  const sync = useCallback(async () => {
    if (!store || syncing.current) return;
    syncing.current = true;
    try {
      if ((await store.contar()) > 0) {
        const r = await sincronizar(store, porteriaApi.registros, () => new Date());
        const at = new Date().toISOString();
        await store.escribir('ultimaSync', at);
        patch({
          ultimaSync: at,
          syncError: null,
          relojMensaje: r.relojDesfaseMs !== null ? (r.mensaje ?? MSG.gateClockMessage) : null,
        });
      }
      patch({ pendientes: await store.contar() });
    } catch (e) {
      patch({
        syncError: sinServidor(e) ? null : MSG.gateSyncError(errorMessage(e)),
        pendientes: await store.contar(),
      });
    } finally {
      syncing.current = false;
    }
  }, [store, patch]);

  useEffect(() => {
    if (!online || !store) return;
    void sync();
    const t = setInterval(() => void sync(), SYNC_MS);
    return () => clearInterval(t);
  }, [online, store, sync]);

  const verificarLocal = useCallback(
    async (entrada: Entrada): Promise<VerificacionGate> => {
      const roster = s.roster?.contenido;
      if (!store || !roster)
        return { apto: false, motivos: [MSG.gateRosterMissing], trabajador: null, credencialId: null };
      if ('codigo' in entrada) {
        const claves: ClavePublica[] = (await store.leer('claves')) ?? [];
        const { verificarCodigo } = await esquemas();
        const v = await verificarCodigo(entrada.codigo, claves, hoyEnColombia(new Date()));
        const codigo: CodigoVerificado = v.ok
          ? { ok: true, credencialId: v.credencial.credencialId, proyectoId: v.credencial.proyectoId }
          : { ok: false, motivo: v.motivo };
        return { ...decidirPorCodigo(roster, codigo), rosterGeneradoAt: roster.generadoAt };
      }
      return {
        ...decidirPorDocumento(roster, entrada.tipodocumento, entrada.numerodocumento),
        rosterGeneradoAt: roster.generadoAt,
      };
    },
    [store, s.roster],
  );

  const verificar = useCallback(
    async (entrada: Entrada): Promise<VerificacionGate> => {
      const proyectoid = s.proyectoId;
      if (!proyectoid)
        return { apto: false, motivos: [MSG.gateChooseProject], trabajador: null, credencialId: null };
      if (navigator.onLine) {
        try {
          return await porteriaApi.verificar({ proyectoid, ...entrada });
        } catch (e) {
          if (!sinServidor(e)) throw e;
        }
      }
      return verificarLocal(entrada);
    },
    [s.proyectoId, verificarLocal],
  );

  const registrar = useCallback(
    async (
      tipo: TipoRegistro,
      verificacion: VerificacionGate,
      entrada: Entrada,
      motivoExcepcion?: string,
    ) => {
      if (!store || !s.proyectoId) return null;
      const r = nuevoRegistro({
        proyectoid: s.proyectoId,
        tipo,
        at: new Date(),
        verificacion,
        ...entrada,
        motivoExcepcion,
        rosterGeneradoAt: verificacion.rosterGeneradoAt,
      });
      await store.agregar(r);
      patch({ pendientes: await store.contar() });
      if (navigator.onLine) void sync();
      return r;
    },
    [store, s.proyectoId, patch, sync],
  );

  // 'Cerrar Sesión' forgets the rosters (names, documents, reasons) after one last try to send the
  // queue; unsent records stay for the next sign-in, as before (decision 160).
  useEffect(() => {
    if (!store) return;
    return alCerrarSesion(async () => {
      if (navigator.onLine) await sync();
      await store.quitarRoster();
    });
  }, [store, sync]);

  return { ...s, online, elegirProyecto, verificar, registrar, sync, descargarRoster };
}

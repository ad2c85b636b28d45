import {
  aplicaRequisito,
  aptitudDeSlots,
  type ResultadoAptitud,
  banderasDeEmpresa,
  categoriaSlot,
  codEntrega,
  codSlot,
  contractPeriods,
  ESTADO,
  entregaReusada,
  entregaQueCuenta,
  mostUrgent,
  MSG,
  periodFolder,
  type AnoMes,
  type CategoriaSlot,
  type CodEstado,
  type ModuloCodigo,
  type UltimaEntrega,
  periodoEnColombia,
} from '@proveedores/domain';
import type { Catalogo, Contrato, Empleado, Entrega, Mundo, Requisito } from './world';

/**
 * What every view must say about a generated world, computed with the domain's pure rules only
 * (domain/src/rules/compliance.ts, status.ts; contractPeriods): never with the server's SQL.
 */

export type Slot = {
  modulo: ModuloCodigo;
  req: Requisito;
  contrato: Contrato | null;
  empleado: Empleado | null;
  ano: number | null;
  mes: number | null;
  /**
   * The submission that counts (`entregaQueCuenta`, then a reused one, decision 138): the newest,
   * or the newest approval in force while a renewal awaits review or was rejected; null when none.
   */
  ultima: Entrega | null;
  /** The renewal awaiting review while an approval in force counts (decision 164). */
  renovacion: Entrega | null;
  cod: CodEstado;
  categoria: CategoriaSlot;
};

export const claveSlot = (k: {
  requisitoId: number;
  contratoId: number | null;
  empleadoId: number | null;
  ano: number | null;
  mes: number | null;
}) => `${k.requisitoId}|${k.contratoId ?? ''}|${k.empleadoId ?? ''}|${k.ano ?? ''}|${k.mes ?? ''}`;

export const ultimaDe = (e: Entrega | null): UltimaEntrega | null =>
  e && { estado: e.estado, vigencia: e.vigencia };

export type Oraculo = {
  hoy: string;
  actual: AnoMes;
  warningDays: number;
  /** Every slot the company owes today, in catalogue order within its scope. */
  slots: Slot[];
  /** Submissions of each slot key, newest first (current and history alike). */
  porSlot: Map<string, Entrega[]>;
  aplica: (r: Requisito, c: Contrato | null) => boolean;
  /** Active links of a worker to a contract. */
  vinculado: (empleadoId: number, contratoId: number) => boolean;
};

export function oraculo(cat: Catalogo, mundo: Mundo, warningDays: number): Oraculo {
  const hoy = mundo.hoy;
  const actual = periodoEnColombia(mundo.ahora);
  const porSlot = new Map<string, Entrega[]>();
  for (const e of [...mundo.entregas].sort((a, b) => b.id - a.id)) {
    const k = claveSlot(e);
    porSlot.set(k, [...(porSlot.get(k) ?? []), e]);
  }
  const empresa = banderasDeEmpresa(mundo.contratos);
  const aplica = (r: Requisito, c: Contrato | null) => r.activo && aplicaRequisito(r.aplicaSi, c ?? empresa);
  const vinculado = (empleadoId: number, contratoId: number) =>
    mundo.vinculos.some((v) => v.activo && v.empleadoId === empleadoId && v.contratoId === contratoId);

  const slots: Slot[] = [];
  const add = (
    modulo: ModuloCodigo,
    req: Requisito,
    contrato: Contrato | null,
    empleado: Empleado | null,
    p: AnoMes | null,
  ) => {
    const k = { requisitoId: req.id, contratoId: contrato?.id ?? null, empleadoId: empleado?.id ?? null };
    // The slot's own submission that counts: an approval in force outlives a renewal awaiting review
    // or rejected (decision 164).
    const { cuenta: propia, renovacion } = entregaQueCuenta(
      porSlot.get(claveSlot({ ...k, ano: p?.ano ?? null, mes: p?.mes ?? null })) ?? [],
      hoy,
    );
    // A worker slot: the worker's approved document of another contract may count (decision 138).
    const reusada =
      contrato && empleado
        ? entregaReusada(
            { contratoId: contrato.id, proyectoId: contrato.proyectoId, porProyecto: req.porProyecto },
            ultimaDe(propia),
            mundo.entregas
              .filter(
                (e) => e.empleadoId === empleado.id && e.requisitoId === req.id && e.contratoId !== null,
              )
              .map((e) => ({
                ...ultimaDe(e)!,
                id: e.id,
                contratoId: e.contratoId!,
                proyectoId: mundo.contratos.find((c) => c.id === e.contratoId)!.proyectoId,
                e,
              })),
            hoy,
          )
        : null;
    const ultima = reusada?.e ?? propia;
    slots.push({
      modulo,
      req,
      contrato,
      empleado,
      ano: p?.ano ?? null,
      mes: p?.mes ?? null,
      ultima,
      renovacion,
      cod: codSlot(ultimaDe(ultima), hoy),
      categoria: categoriaSlot({ opcional: req.opcional, ultima: ultimaDe(ultima) }, hoy, warningDays),
    });
  };
  const reqs = (m: ModuloCodigo) => cat.requisitos.filter((r) => r.modulo === m);
  for (const r of reqs('sg-sst')) if (aplica(r, null)) add('sg-sst', r, null, null, null);
  const activos = mundo.contratos.filter((c) => c.activo);
  for (const c of activos) {
    for (const r of reqs('g-retenido')) if (aplica(r, c)) add('g-retenido', r, c, null, null);
    for (const r of reqs('g-riesgo'))
      if (aplica(r, c))
        for (const p of contractPeriods(c.fechaInicio, actual)) add('g-riesgo', r, c, null, p);
    for (const e of mundo.empleados) {
      if (!vinculado(e.id, c.id)) continue;
      for (const r of reqs('sg-personal')) if (aplica(r, c)) add('sg-personal', r, c, e, null);
    }
  }
  return { hoy, actual, warningDays, slots, porSlot, aplica, vinculado };
}

// ---------- The history tree the oracle expects (docs/decisions/050), reduced to what states show ----------

/** A history node as far as agreement goes: name, status code, submission id, children. */
export type Nodo = {
  nombre: string;
  estadoflujo: number;
  idregistro: number;
  renovacion: number;
  contenido: Nodo[];
};
type Hecho = { nodo: Nodo; cuenta: boolean };

const hoja = (e: Entrega, nuevas: Entrega[], hoy: string): Nodo => ({
  // Comment-only submissions (no stored file): the leaf is named 'Comentario'.
  nombre: MSG.historyComment,
  estadoflujo: codEntrega({
    estado: e.estado,
    vigencia: e.vigencia,
    reemplazada: nuevas.some((n) => n.id > e.id),
    hoy,
  }),
  idregistro: e.id,
  renovacion: 0,
  contenido: [],
});

function carpetaSlot(o: Oraculo, nombre: string, es: Entrega[], opcional: boolean): Hecho {
  // The folder has the state of the submission that counts (decisions 164, 170).
  const { cuenta, renovacion } = entregaQueCuenta(es, o.hoy);
  return {
    nodo: {
      nombre,
      estadoflujo: codSlot(ultimaDe(cuenta), o.hoy),
      idregistro: 0,
      renovacion: renovacion?.id ?? 0,
      contenido: es.map((e) => hoja(e, es, o.hoy)),
    },
    cuenta: !(es.length === 0 && opcional),
  };
}

function grupo(nombre: string, hijos: Hecho[]): Hecho {
  const cuentan = hijos.filter((h) => h.cuenta).map((h) => h.nodo.estadoflujo);
  return {
    nodo: {
      nombre,
      estadoflujo: cuentan.length ? mostUrgent(cuentan) : ESTADO.PENDIENTE,
      idregistro: 0,
      renovacion: 0,
      contenido: hijos.map((h) => h.nodo),
    },
    cuenta: cuentan.length > 0,
  };
}

export function arbolEsperado(cat: Catalogo, mundo: Mundo, o: Oraculo, modulo: ModuloCodigo): Nodo[] {
  const reqs = cat.requisitos.filter((r) => r.modulo === modulo);
  const delModulo = mundo.entregas.filter((e) => e.modulo === modulo);
  const slot = (r: Requisito, c: Contrato | null, em: Empleado | null, p: AnoMes | null) =>
    o.porSlot.get(
      claveSlot({
        requisitoId: r.id,
        contratoId: c?.id ?? null,
        empleadoId: em?.id ?? null,
        ano: p?.ano ?? null,
        mes: p?.mes ?? null,
      }),
    ) ?? [];

  const carpetasRequisito = (c: Contrato | null, em: Empleado | null, vivo: boolean): Hecho[] =>
    reqs.flatMap((r) => {
      const aplicable = vivo && o.aplica(r, c);
      if (modulo === 'g-riesgo' && c) {
        const meses = new Map<number, AnoMes>();
        if (aplicable)
          for (const p of contractPeriods(c.fechaInicio, o.actual)) meses.set(p.ano * 12 + p.mes, p);
        for (const e of delModulo)
          if (e.contratoId === c.id && e.requisitoId === r.id)
            meses.set(e.ano! * 12 + e.mes!, { ano: e.ano!, mes: e.mes! });
        if (meses.size === 0) return [];
        const periodos = [...meses.entries()].sort((a, b) => b[0] - a[0]).map(([, p]) => p);
        return [
          grupo(
            r.nombre,
            periodos.map((p) => carpetaSlot(o, periodFolder(p.ano, p.mes), slot(r, c, null, p), r.opcional)),
          ),
        ];
      }
      const es = slot(r, c, em, null);
      return aplicable || es.length ? [carpetaSlot(o, r.nombre, es, r.opcional)] : [];
    });

  if (modulo === 'sg-sst') return carpetasRequisito(null, null, true).map((h) => h.nodo);

  // Workers the tree knows: linked (actively) anywhere, or with submissions; by name, then id.
  const conEntregas = new Set(mundo.entregas.map((e) => e.empleadoId));
  const trabajadores = mundo.empleados
    .filter((e) => mundo.vinculos.some((v) => v.activo && v.empleadoId === e.id) || conEntregas.has(e.id))
    .sort(
      (a, b) => a.nombres.localeCompare(b.nombres) || a.apellidos.localeCompare(b.apellidos) || a.id - b.id,
    );

  const hijosContrato = (c: Contrato): Hecho[] => {
    if (modulo !== 'sg-personal') return carpetasRequisito(c, null, c.activo);
    return trabajadores
      .filter(
        (em) =>
          o.vinculado(em.id, c.id) || delModulo.some((e) => e.contratoId === c.id && e.empleadoId === em.id),
      )
      .map((em) =>
        grupo(
          `CC ${em.numero} - ${`${em.nombres} ${em.apellidos}`.toUpperCase()}`,
          carpetasRequisito(c, em, c.activo && o.vinculado(em.id, c.id)),
        ),
      );
  };
  return [...mundo.contratos]
    .sort((a, b) => a.id - b.id)
    .filter((c) => c.activo || delModulo.some((e) => e.contratoId === c.id))
    .map((c) => grupo(`${c.proyecto} - ${c.descripcion}`, hijosContrato(c)).nodo);
}

// ---------- Fitness for site access (docs/decisions/121) from the oracle's slots ----------

/** One row of a contract's fitness list: the worker and what the pure rule answers. */
export type AptitudEsperada = ResultadoAptitud & { empleadoId: number; contratoid: number };

/**
 * What the contractor's fitness list of contract `c` must say: nothing for an inactive contract;
 * else every worker actively linked, by name, each judged by `aptitudDeSlots` on the oracle's
 * SG-SST slots and the worker's SG-personal slots of that contract, on the oracle's day.
 */
export function aptitudEsperada(mundo: Mundo, o: Oraculo, c: Contrato): AptitudEsperada[] {
  if (!c.activo) return [];
  const nombre = (e: Empleado) => `${e.nombres} ${e.apellidos}`;
  return mundo.empleados
    .filter((e) => o.vinculado(e.id, c.id))
    .sort((a, b) => (nombre(a) < nombre(b) ? -1 : nombre(a) > nombre(b) ? 1 : a.id - b.id))
    .map((e) => ({
      empleadoId: e.id,
      contratoid: c.id,
      ...aptitudDeSlots({
        slots: o.slots
          .filter(
            (s) =>
              s.modulo === 'sg-sst' ||
              (s.modulo === 'sg-personal' && s.contrato?.id === c.id && s.empleado?.id === e.id),
          )
          .map((s) => ({
            modulo: s.modulo,
            requisitoId: s.req.id,
            codigo: s.req.codigo,
            nombreCorto: s.req.nombre,
            opcional: s.req.opcional,
            aplicaSi: s.req.aplicaSi,
            empleadoId: s.empleado?.id ?? null,
            contratoId: s.contrato?.id ?? null,
            ultima: ultimaDe(s.ultima),
            renovacion: s.renovacion !== null,
            dispensable: s.req.dispensable,
            baseLegalDispensa: s.req.baseLegalDispensa,
          })),
        banderas: c,
        fecha: o.hoy,
      }),
    }));
}

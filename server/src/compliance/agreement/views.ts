import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  alertaVigencia,
  aptitudObra,
  aptitudTrabajador,
  contarSlots,
  cumplimientoDetalleEmpresa,
  cumplimientoEmpresa,
  cumplimientoItem,
  evidenceList,
  FILTRO_REPORTE,
  formatLapso,
  historyTree,
  MODULO_CODIGOS,
  MODULOS,
  recordatorioDeSlot,
  reporte,
  reporteDetalleRow,
  riskList,
  type AptitudTrabajador,
  type CategoriaSlot,
  type HistoryNode,
  type ModuloCodigo,
  type ReporteModulo,
} from '@proveedores/domain';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client';
import { DIGEST_DAYS, reminderItems } from '../../jobs/reminders';
import {
  aptitudEsperada,
  arbolEsperado,
  claveSlot,
  ultimaDe,
  type Nodo,
  type Oraculo,
  type Slot,
} from './oracle';
import type { Catalogo, Mundo } from './world';

/**
 * Each view of compliance, read through its real route (or, for reminders, its exported query), and
 * compared with the oracle. A view that disagrees fails with the view's name in the message.
 */

/** 'reporte' is the home summary and its drill-down together. */
export type Vista = 'listas' | 'reporte' | 'cumplimiento' | 'historial' | 'recordatorios' | 'aptitud';
export const VISTAS: readonly Vista[] = [
  'listas',
  'reporte',
  'cumplimiento',
  'historial',
  'recordatorios',
  'aptitud',
];

export type Contexto = {
  app: FastifyInstance;
  cat: Catalogo;
  mundo: Mundo;
  o: Oraculo;
  contratista: Record<string, string>;
  revisor: Record<string, string>;
};

async function get<T>(
  ctx: Contexto,
  url: string,
  who: 'contratista' | 'revisor',
  schema: z.ZodType<T>,
): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: ctx[who] });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return schema.parse(res.json());
}

const estadoDe = (o: Oraculo, s: Pick<Slot, 'ultima' | 'cod' | 'renovacion'>) => ({
  codEstado: s.cod,
  vigencia: s.ultima?.vigencia ?? null,
  alerta: alertaVigencia({
    codEstado: s.cod,
    vigencia: s.ultima?.vigencia ?? null,
    hoy: o.hoy,
    warningDays: o.warningDays,
  }),
  idEntrega: s.ultima?.id ?? null,
  renovacion: s.renovacion?.id ?? null,
});
const estadoFila = (r: {
  codEstado: number;
  vigencia: string | null;
  alerta: unknown;
  idEntrega: number | null;
  renovacion?: { idEntrega: number } | null;
}) => ({
  codEstado: r.codEstado,
  vigencia: r.vigencia,
  alerta: r.alerta,
  idEntrega: r.idEntrega,
  renovacion: r.renovacion?.idEntrega ?? null,
});

const de = (o: Oraculo, modulo: ModuloCodigo, f: (s: Slot) => boolean = () => true) =>
  o.slots.filter((s) => s.modulo === modulo && f(s));

// ---------- Evidence lists (the contractor's module pages) ----------

export async function listas(ctx: Contexto) {
  const { o, mundo } = ctx;
  const sst = await get(ctx, '/api/contratista/adjuntos/sg-sst', 'contratista', evidenceList);
  expect(
    sst.map((r) => ({ id: r.id, ...estadoFila(r) })),
    'lista sg-sst',
  ).toEqual(de(o, 'sg-sst').map((s) => ({ id: s.req.id, ...estadoDe(o, s) })));

  for (const c of mundo.contratos.filter((x) => x.activo)) {
    const ret = await get(
      ctx,
      `/api/contratista/adjuntos/g-retenido?contratoid=${c.id}`,
      'contratista',
      evidenceList,
    );
    expect(
      ret.map((r) => ({ id: r.id, ...estadoFila(r) })),
      `lista g-retenido, contrato ${c.id}`,
    ).toEqual(de(o, 'g-retenido', (s) => s.contrato === c).map((s) => ({ id: s.req.id, ...estadoDe(o, s) })));

    const riesgo = await get(
      ctx,
      `/api/contratista/adjuntos/g-riesgo?contratoid=${c.id}`,
      'contratista',
      riskList,
    );
    const slotsRiesgo = de(o, 'g-riesgo', (s) => s.contrato === c);
    // One row per applicable requirement, even without periods yet (a contract starting next month).
    const aplicables = ctx.cat.requisitos
      .filter((r) => r.modulo === 'g-riesgo' && o.aplica(r, c))
      .map((r) => r.id);
    expect(
      riesgo.map((r) => r.id),
      `lista g-riesgo, contrato ${c.id}: filas`,
    ).toEqual(aplicables);
    expect(
      riesgo.flatMap((r) => r.Periodo.map((p) => ({ id: r.id, ano: p.ano, mes: p.mes, ...estadoFila(p) }))),
      `lista g-riesgo, contrato ${c.id} (inicio ${c.fechaInicio}): periodos`,
    ).toEqual(slotsRiesgo.map((s) => ({ id: s.req.id, ano: s.ano, mes: s.mes, ...estadoDe(o, s) })));
    expect(
      riesgo.map((r) => ({ id: r.id, ...estadoFila(r) })),
      `lista g-riesgo, contrato ${c.id}: fila principal = periodo más reciente`,
    ).toEqual(
      riesgo.map((r) => {
        const s = slotsRiesgo.find((x) => x.req.id === r.id);
        return { id: r.id, ...estadoDe(o, s ?? { ultima: null, cod: -2, renovacion: null }) };
      }),
    );

    for (const em of mundo.empleados.filter((e) => o.vinculado(e.id, c.id))) {
      const per = await get(
        ctx,
        `/api/contratista/adjuntos/sg-personal?contratoid=${c.id}&tipodocumento=CC&numerodocumento=${em.numero}`,
        'contratista',
        evidenceList,
      );
      expect(
        per.map((r) => ({ id: r.id, ...estadoFila(r) })),
        `lista sg-personal, contrato ${c.id}, trabajador ${em.id}`,
      ).toEqual(
        de(o, 'sg-personal', (s) => s.contrato === c && s.empleado === em).map((s) => ({
          id: s.req.id,
          ...estadoDe(o, s),
        })),
      );
    }
  }
}

// ---------- Home summary and its drill-down (decision 021) ----------

const cuenta = (slots: Slot[], cat: CategoriaSlot) => slots.filter((s) => s.categoria === cat).length;

export async function resumen(ctx: Contexto) {
  const { o, mundo } = ctx;
  const [empresa, ...otras] = await get(ctx, '/api/contratista/reporte', 'contratista', reporte);
  expect(otras, 'reporte: una sola empresa').toEqual([]);
  expect(empresa.nit, 'reporte: la empresa del token').toBe(mundo.nit);
  const modulos = MODULOS.map((m) => {
    const s = de(o, m.codigo);
    return {
      modulo: m.codigo,
      nombre: m.nombre,
      faltantes: cuenta(s, 'faltante'),
      poxvencer: cuenta(s, 'porvencer'),
      vencidos: cuenta(s, 'vencido'),
      rechazados: cuenta(s, 'rechazado'),
    };
  });
  expect(empresa.modulos, 'reporte: conteos por módulo').toEqual(modulos);
  expect(empresa.total, 'reporte: total').toBe(o.slots.filter((s) => s.categoria !== null).length);
  return empresa.modulos;
}

const CAMPO = {
  faltante: 'faltantes',
  porvencer: 'poxvencer',
  vencido: 'vencidos',
  rechazado: 'rechazados',
} as const;

const FILTROS: Array<[number, CategoriaSlot[]]> = [
  [FILTRO_REPORTE.PENDIENTE, ['faltante']],
  [FILTRO_REPORTE.VENCIDO, ['vencido', 'porvencer']],
  [FILTRO_REPORTE.RECHAZADO, ['rechazado']],
];

/** The drill-down's rows of a set of slots, in its order: project, contract, period, worker, catalogue. */
function filasDetalle(slots: Slot[], modulo: ModuloCodigo, filtro: number) {
  const orden = [...slots].sort(
    (a, b) =>
      (a.contrato?.proyecto ?? '').localeCompare(b.contrato?.proyecto ?? '') ||
      (a.contrato?.id ?? 0) - (b.contrato?.id ?? 0) ||
      (a.ano ?? 0) - (b.ano ?? 0) ||
      (a.mes ?? 0) - (b.mes ?? 0) ||
      (a.empleado?.apellidos ?? '').localeCompare(b.empleado?.apellidos ?? '') ||
      (a.empleado?.nombres ?? '').localeCompare(b.empleado?.nombres ?? '') ||
      (a.empleado?.id ?? 0) - (b.empleado?.id ?? 0) ||
      a.req.orden - b.req.orden ||
      a.req.id - b.req.id,
  );
  return orden.map((s) => {
    const row: Record<string, string> = {};
    if (modulo !== 'sg-sst') {
      row.proyecto = s.contrato!.proyecto;
      row.tipocontrato = s.contrato!.tipoContrato;
      row.actividad = s.contrato!.actividad;
    }
    if (modulo === 'g-riesgo') row.lapso = formatLapso(s.ano!, s.mes!);
    row.documento = s.req.nombre;
    if (modulo === 'sg-personal') {
      row.empleado = `CC ${s.empleado!.numero}`;
      row.nombre = `${s.empleado!.nombres} ${s.empleado!.apellidos}`;
    }
    if (filtro === FILTRO_REPORTE.VENCIDO) row.vigencia = s.ultima?.vigencia ?? '';
    if (filtro === FILTRO_REPORTE.RECHAZADO) row.motivorechazo = s.ultima?.motivo ?? '';
    return row;
  });
}

/**
 * Every drill-down the summary or the oracle says has rows, plus one chosen by the generator that
 * both say is empty (over 1,000 cases each of the 12 is read empty about 80 times); reading all 12
 * of every case would take most of the run (docs/decisions/118).
 */
export async function detalle(ctx: Contexto, resumenModulos: ReporteModulo[]) {
  const { o } = ctx;
  for (const [i, modulo] of MODULO_CODIGOS.entries()) {
    for (const [j, [filtro, cats]] of FILTROS.entries()) {
      const esperadas = filasDetalle(
        de(o, modulo, (s) => cats.includes(s.categoria)),
        modulo,
        filtro,
      );
      const m = resumenModulos.find((x) => x.modulo === modulo);
      const contadas = cats.reduce((n, c) => n + (m ? m[CAMPO[c!]] : 0), 0);
      if (esperadas.length === 0 && contadas === 0 && ctx.mundo.spec.detalleVacio !== i * 3 + j) continue;
      const rows = await get(
        ctx,
        `/api/contratista/reporte/${modulo}/${filtro}`,
        'contratista',
        reporteDetalleRow.array(),
      );
      expect(rows, `detalle ${modulo} ${filtro}`).toEqual(esperadas);
      expect(rows.length, `detalle ${modulo} ${filtro}: filas = conteo del resumen`).toBe(contadas);
    }
  }
}

// ---------- Staff compliance (decision 060) ----------

function conteo(slots: Slot[], o: Oraculo) {
  const c = contarSlots(
    slots.map((s) => ({ opcional: s.req.opcional, ultima: ultimaDe(s.ultima) })),
    o.hoy,
  );
  return {
    ...c,
    porcentaje: c.aplicables === 0 ? null : Math.round((c.aprobados / c.aplicables) * 1000) / 10,
  };
}
const porModulo = (slots: Slot[], o: Oraculo, solo?: ModuloCodigo[]) =>
  MODULOS.filter((m) => !solo || solo.includes(m.codigo)).map((m) => ({
    modulo: m.codigo,
    nombre: m.nombre,
    ...conteo(
      slots.filter((s) => s.modulo === m.codigo),
      o,
    ),
  }));

export async function cumplimiento(ctx: Contexto) {
  const { o, mundo } = ctx;
  const todas = await get(
    ctx,
    `/api/revision/cumplimiento?buscar=${mundo.nit}`,
    'revisor',
    cumplimientoEmpresa.array(),
  );
  const una = todas.filter((e) => e.empresaId === mundo.empresaId);
  expect(
    una.map((e) => ({ totales: e.totales, modulos: e.modulos })),
    'cumplimiento (todas las empresas): la del caso',
  ).toEqual([{ totales: conteo(o.slots, o), modulos: porModulo(o.slots, o) }]);

  const det = await get(
    ctx,
    `/api/revision/cumplimiento/${mundo.empresaId}`,
    'revisor',
    cumplimientoDetalleEmpresa,
  );
  expect(
    {
      totales: det.totales,
      modulos: det.modulos,
      contratos: det.contratos.map((c) => ({
        contratoId: c.contratoId,
        totales: c.totales,
        modulos: c.modulos,
      })),
    },
    'cumplimiento de la empresa, por contrato',
  ).toEqual({
    totales: conteo(o.slots, o),
    modulos: porModulo(o.slots, o),
    contratos: [
      {
        contratoId: null,
        totales: conteo(de(o, 'sg-sst'), o),
        modulos: porModulo(de(o, 'sg-sst'), o, ['sg-sst']),
      },
      ...mundo.contratos
        .filter((c) => c.activo)
        .sort((a, b) => a.id - b.id)
        .map((c) => {
          const s = o.slots.filter((x) => x.contrato === c);
          return {
            contratoId: c.id,
            totales: conteo(s, o),
            modulos: porModulo(s, o, ['sg-personal', 'g-riesgo', 'g-retenido']),
          };
        }),
    ],
  });

  const items = await get(
    ctx,
    `/api/revision/cumplimiento/${mundo.empresaId}/items?opcionales=true`,
    'revisor',
    cumplimientoItem.array(),
  );
  const clave = (x: { k: string }) => x.k;
  expect(
    items
      .map((i) => ({
        k: claveSlot({
          requisitoId: i.requisito.id,
          contratoId: i.contrato?.id ?? null,
          empleadoId: i.empleado?.id ?? null,
          ano: i.periodo?.ano ?? null,
          mes: i.periodo?.mes ?? null,
        }),
        modulo: i.modulo,
        codEstado: i.codEstado,
        entregaId: i.entregaId,
        vigenciaHasta: i.vigenciaHasta,
        motivoRechazo: i.motivoRechazo,
        renovacion: i.renovacion?.entregaId ?? null,
      }))
      .sort((a, b) => clave(a).localeCompare(clave(b))),
    'cumplimiento: ítems (con opcionales)',
  ).toEqual(
    o.slots
      .map((s) => ({
        k: claveSlot({
          requisitoId: s.req.id,
          contratoId: s.contrato?.id ?? null,
          empleadoId: s.empleado?.id ?? null,
          ano: s.ano,
          mes: s.mes,
        }),
        modulo: s.modulo,
        codEstado: s.cod,
        entregaId: s.ultima?.id ?? null,
        vigenciaHasta: s.ultima?.vigencia ?? null,
        motivoRechazo: s.ultima?.motivo ?? null,
        renovacion: s.renovacion?.id ?? null,
      }))
      .sort((a, b) => clave(a).localeCompare(clave(b))),
  );
}

// ---------- History tree (decision 050) ----------

const reducir = (n: HistoryNode): Nodo => ({
  nombre: n.nombre,
  estadoflujo: n.estadoflujo,
  idregistro: n.idregistro,
  renovacion: n.renovacion,
  contenido: n.contenido.map(reducir),
});

export async function historial(ctx: Contexto) {
  for (const modulo of MODULO_CODIGOS) {
    const tree = await get(ctx, `/api/contratista/bliotecadocumentos/${modulo}`, 'contratista', historyTree);
    expect(tree.map(reducir), `historial ${modulo}`).toEqual(
      arbolEsperado(ctx.cat, ctx.mundo, ctx.o, modulo),
    );
  }
}

// ---------- Reminder candidates (decision 062) ----------

export async function recordatorios(ctx: Contexto) {
  const { o, mundo, app } = ctx;
  const k = (x: { k: string }) => x.k;
  const got = (await reminderItems(app.db, o.hoy))
    .filter((i) => i.empresa_id === mundo.empresaId)
    .map((i) => ({
      k: claveSlot({
        requisitoId: i.requisito_id,
        contratoId: i.contrato_id,
        empleadoId: i.empleado_id,
        ano: i.ano,
        mes: i.mes,
      }),
      estado: Number(i.estado),
      vigencia: i.vigencia_hasta,
    }))
    .sort((a, b) => k(a).localeCompare(k(b)));
  const want = o.slots
    .filter((s) => recordatorioDeSlot(ultimaDe(s.ultima), o.hoy, DIGEST_DAYS) !== null)
    .map((s) => ({
      k: claveSlot({
        requisitoId: s.req.id,
        contratoId: s.contrato?.id ?? null,
        empleadoId: s.empleado?.id ?? null,
        ano: s.ano,
        mes: s.mes,
      }),
      estado: s.ultima!.estado,
      vigencia: s.ultima!.vigencia,
    }))
    .sort((a, b) => k(a).localeCompare(k(b)));
  expect(got, 'recordatorios').toEqual(want);
}

// ---------- Fitness for site access (decision 121) ----------

/**
 * The contractor's fitness list of every contract of the case (inactive ones answer no rows), and
 * the staff's project view of the first active contract's project (each contract of a case has a
 * project of its own), against `aptitudEsperada`: the pure rule on the oracle's slots.
 */
export async function aptitud(ctx: Contexto) {
  const { o, mundo } = ctx;
  const fila = (r: AptitudTrabajador) => ({
    empleadoId: r.empleadoId,
    contratoid: r.contratoid,
    apto: r.apto,
    motivos: r.motivos,
    items: r.items,
    renovaciones: r.renovaciones,
    vence: r.vence,
    autorizacion: r.autorizacion,
  });
  for (const c of mundo.contratos) {
    const got = await get(
      ctx,
      `/api/contratista/trabajadores/aptitud?contratoid=${c.id}`,
      'contratista',
      z.array(aptitudTrabajador),
    );
    expect(got.map(fila), `aptitud contrato ${c.id}`).toEqual(aptitudEsperada(mundo, o, c));
  }
  const activo = mundo.contratos.find((c) => c.activo && aptitudEsperada(mundo, o, c).length > 0);
  if (activo) {
    const [{ proyecto_id }] = await query<{ proyecto_id: number }>(
      ctx.app.db,
      sql`SELECT proyecto_id FROM contratos WHERE id = ${activo.id}`,
    );
    const obra = await get(
      ctx,
      `/api/revision/aptitud?proyectoid=${proyecto_id}&fecha=${o.hoy}`,
      'revisor',
      z.array(aptitudObra),
    );
    // Contracts may share a project (decision 138): the project's list is theirs, by contract.
    const delProyecto = mundo.contratos
      .filter((c) => c.proyectoId === proyecto_id)
      .sort((a, b) => (a.descripcion < b.descripcion ? -1 : a.descripcion > b.descripcion ? 1 : a.id - b.id));
    expect(obra.map(fila), `aptitud obra ${proyecto_id}`).toEqual(
      delProyecto.flatMap((c) => aptitudEsperada(mundo, o, c)),
    );
    expect(
      obra.every((r) => !r.dentro && r.ultimoRegistro === null),
      'aptitud obra dentro',
    ).toBe(true);
  }
}

export const CHEQUEOS: Record<Vista, (ctx: Contexto) => Promise<void>> = {
  aptitud,
  listas,
  reporte: async (ctx) => detalle(ctx, await resumen(ctx)),
  cumplimiento,
  historial,
  recordatorios,
};

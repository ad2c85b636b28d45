import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evidenceList, historyTree, reporte, riskList, type ModuloCodigo } from '@proveedores/domain';
import { query } from '../db/client';
import { reminderItems } from '../jobs/reminders';
import { RUNS, useAgreement } from './agreement/harness';
import type { Contexto } from './agreement/views';
import { instanteBogota, type CasoSpec, type EntregaSpec } from './agreement/world';

/**
 * Every view of compliance agrees (docs/decisions/118): for random companies, contracts, workers,
 * submissions and a random "today" (mostly a Bogotá evening, when UTC is already tomorrow), the
 * evidence lists, the home summary and its drill-down, the staff compliance view, the history tree,
 * the reminder candidates and fitness for site access (decision 121) all say what the domain's pure
 * rule says (agreement/oracle.ts), and so agree with each other. PGlite by default, PostgreSQL when
 * DATABASE_URL is set. On failure fast-check prints the seed and the shrunk case; the assertion
 * names the view that disagreed.
 *
 * Findings: none open. Before the one engine (decision 110) the first case already failed: a
 * submission approved until yesterday, seen at 19:00 in Bogotá (UTC already the next day), was 9 on
 * the lists and the summary but 1 in the history tree, which judged expiry by the database's now().
 */

const { h, app, conCaso, todasLasVistas, aLas, propiedad } = await useAgreement();

// The first half of the cases; agreement-2.test.ts runs the other half in another worker.
propiedad(
  Math.ceil(RUNS / 2),
  'lists, summary and drill-down, staff compliance, history and reminders agree with the rule',
);

// ---------- The nastiest cases, by example ----------

const MODULO: Record<ModuloCodigo, number> = {
  'sg-sst': 0,
  'sg-personal': 1,
  'g-riesgo': 2,
  'g-retenido': 3,
};

/** Index (within its module, catalogue order) of the first mandatory requirement that always applies. */
function obligatorio(modulo: ModuloCodigo): number {
  const i = h.cat.requisitos
    .filter((r) => r.modulo === modulo)
    .findIndex((r) => !r.opcional && r.aplicaSi === null);
  if (i < 0) throw new Error(`no mandatory ${modulo} requirement`);
  return i;
}
function reqId(modulo: ModuloCodigo, index: number): number {
  return h.cat.requisitos.filter((r) => r.modulo === modulo)[index].id;
}

const entrega = (modulo: ModuloCodigo, req: number, e: Partial<EntregaSpec>): EntregaSpec => ({
  modulo: MODULO[modulo],
  req,
  contrato: 0,
  empleado: 0,
  mesesAtras: 0,
  repite: null,
  estado: 0,
  vigenciaDias: null,
  ...e,
});

const caso = (c: Partial<CasoSpec> & Pick<CasoSpec, 'ahora'>): CasoSpec => ({
  contratos: [],
  empleados: 0,
  vinculos: Array(16).fill('ninguno'),
  entregas: [],
  detalleVacio: 0,
  ...c,
});

async function leer<T>(ctx: Contexto, url: string, parse: (v: unknown) => T): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: ctx.contratista });
  expect(res.statusCode, url).toBe(200);
  return parse(res.json());
}

describe('the nastiest cases, by example', () => {
  it('Bogotá 23:30 on the last day of a validity: approved and about to expire everywhere; expired at 00:30', async () => {
    const ultimoDia = '2027-06-30';
    const r = obligatorio('sg-sst');
    // 23:30 in Bogotá is already 04:30 on 1 July in UTC (the database's current_date).
    const ahora = instanteBogota(ultimoDia, 23, 30);
    expect(ahora.toISOString()).toBe('2027-07-01T04:30:00.000Z');
    await conCaso(
      caso({ ahora, entregas: [entrega('sg-sst', r, { estado: 1, vigenciaDias: 0 })] }),
      async (ctx) => {
        expect(ctx.mundo.entregas[0].vigencia).toBe(ultimoDia);
        const fila = (await leer(ctx, '/api/contratista/adjuntos/sg-sst', (v) => evidenceList.parse(v))).find(
          (x) => x.id === reqId('sg-sst', r),
        );
        expect(fila).toMatchObject({ codEstado: 1, vigencia: ultimoDia, alerta: 'por_vencer' });
        const [empresa] = await leer(ctx, '/api/contratista/reporte', (v) => reporte.parse(v));
        expect(empresa.modulos[0]).toMatchObject({ modulo: 'sg-sst', poxvencer: 1, vencidos: 0 });
        const recordatorio = (await reminderItems(app.db, ultimoDia)).filter(
          (i) => i.empresa_id === ctx.mundo.empresaId,
        );
        expect(recordatorio).toMatchObject([{ estado: 1, vigencia_hasta: ultimoDia }]);
        await todasLasVistas(ctx);

        // Half past midnight in Bogotá: the validity ended yesterday.
        const despues = aLas(ctx, instanteBogota('2027-07-01', 0, 30));
        const filaDespues = (
          await leer(despues, '/api/contratista/adjuntos/sg-sst', (v) => evidenceList.parse(v))
        ).find((x) => x.id === reqId('sg-sst', r));
        expect(filaDespues).toMatchObject({ codEstado: 9, alerta: 'vencido' });
        await todasLasVistas(despues);
      },
    );
  }, 60_000);

  it('29 February 2028: a contract starting that day owes February only, until March begins in Bogotá', async () => {
    const alturas = h.cat.actividades.findIndex((a) => a.alturas);
    const riesgo = h.cat.requisitos.filter((r) => r.modulo === 'g-riesgo');
    // 22:00 on 29 February in Bogotá: 03:00 on 1 March in UTC.
    const ahora = instanteBogota('2028-02-29', 22, 0);
    await conCaso(
      caso({
        ahora,
        contratos: [{ actividad: alturas, activo: true, inicio: { tipo: 'bisiesto' } }],
        entregas: [entrega('g-riesgo', obligatorio('g-riesgo'), { estado: 1 })],
      }),
      async (ctx) => {
        const c = ctx.mundo.contratos[0];
        expect(c.fechaInicio).toBe('2028-02-29');
        const filas = await leer(ctx, `/api/contratista/adjuntos/g-riesgo?contratoid=${c.id}`, (v) =>
          riskList.parse(v),
        );
        expect(filas.map((f) => f.Periodo.map((p) => `${p.ano}-${p.mes}`))).toEqual(
          riesgo.map(() => ['2028-2']),
        );
        const [empresa] = await leer(ctx, '/api/contratista/reporte', (v) => reporte.parse(v));
        const obligatorios = riesgo.filter((r) => !r.opcional).length;
        expect(empresa.modulos.find((m) => m.modulo === 'g-riesgo')).toMatchObject({
          faltantes: obligatorios - 1,
        });
        const arbol = await leer(ctx, '/api/contratista/bliotecadocumentos/g-riesgo', (v) =>
          historyTree.parse(v),
        );
        expect(arbol[0].contenido.map((r) => r.contenido.map((p) => p.nombre))).toEqual(
          riesgo.map(() => ['2028-02']),
        );
        await todasLasVistas(ctx);

        // 00:30 on 1 March in Bogotá: March is owed too (newest first).
        const marzo = aLas(ctx, instanteBogota('2028-03-01', 0, 30));
        const filasMarzo = await leer(marzo, `/api/contratista/adjuntos/g-riesgo?contratoid=${c.id}`, (v) =>
          riskList.parse(v),
        );
        expect(filasMarzo[0].Periodo.map((p) => `${p.ano}-${p.mes}`)).toEqual(['2028-3', '2028-2']);
        await todasLasVistas(marzo);
      },
    );
  }, 60_000);

  it('a replaced pending submission is history (2) in the tree; the slot is its newest submission', async () => {
    const r = obligatorio('sg-sst');
    const ahora = instanteBogota('2027-03-15', 20, 0);
    await conCaso(
      caso({
        ahora,
        entregas: [
          entrega('sg-sst', r, { estado: 0 }), // awaiting review, then replaced: 'Reemplazado'
          entrega('sg-sst', r, { estado: -1 }), // rejected, then replaced: keeps its decision
          entrega('sg-sst', r, { estado: 0 }), // the newest: the slot's state
        ],
      }),
      async (ctx) => {
        const [primera, rechazada, nueva] = ctx.mundo.entregas.map((e) => e.id);
        const arbol = await leer(ctx, '/api/contratista/bliotecadocumentos/sg-sst', (v) =>
          historyTree.parse(v),
        );
        const carpeta = arbol.find((n) => n.contenido.some((h) => h.idregistro === nueva))!;
        expect(carpeta.estadoflujo).toBe(0);
        expect(carpeta.contenido.map((h) => [h.idregistro, h.estadoflujo])).toEqual([
          [nueva, 0],
          [rechazada, -1],
          [primera, 2],
        ]);
        const fila = (await leer(ctx, '/api/contratista/adjuntos/sg-sst', (v) => evidenceList.parse(v))).find(
          (x) => x.id === reqId('sg-sst', r),
        );
        expect(fila).toMatchObject({ codEstado: 0, idEntrega: nueva });
        // Nothing to do for the contractor (awaiting review), and nothing to remind.
        const [empresa] = await leer(ctx, '/api/contratista/reporte', (v) => reporte.parse(v));
        expect(empresa.modulos[0].rechazados).toBe(0);
        const [{ n }] = await query<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM entregas WHERE empresa_id = ${ctx.mundo.empresaId}`,
        );
        expect(n).toBe(3);
        await todasLasVistas(ctx);
      },
    );
  }, 60_000);
});

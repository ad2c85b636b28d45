import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sumarDias } from '@proveedores/domain';
import { query } from '../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../test/app';
import { empresaId, fechasParaAprobar, hoyDe, requisito, uploadSgSst } from '../test/revision';
import { resumenKind } from '../modules/reporte';
import {
  companyCounts,
  computeCounts,
  CUMPLIMIENTO,
  withVersionsSql,
  type CountKind,
  type Versiones,
} from './company-counts';

/**
 * The per-company counts cache (decisions 119, 144): after every kind of change that moves a
 * company's counts, the cached answer of each kind (the staff compliance counts, the home summary's
 * counts) equals a fresh count; untouched companies keep their entry.
 */
describe('per-company compliance counts cache', async () => {
  const app = await createTestApp();
  const db = app.db;
  const [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  const a = await empresaId(app, '900123456');
  const b = await empresaId(app, '800987654');
  const ids = [a, b];

  /** Cached counts equal fresh ones; returns the cached map. */
  const versiones = () =>
    query<Versiones>(db, withVersionsSql(sql`SELECT id FROM empresas WHERE id IN (${a}, ${b})`));
  const warningDays = app.config.expiryWarningDays;
  const cachedCounts = async (hoy: string) => companyCounts(db, CUMPLIMIENTO, hoy, await versiones());
  /** Cached equals fresh for one kind; returns the cached map. */
  async function agreesFor<R>(kind: CountKind<R>, hoy: string) {
    const cached = await companyCounts(db, kind, hoy, await versiones());
    const fresh = await computeCounts(db, kind, hoy, ids);
    for (const id of ids) expect(cached.get(id), `${kind.name} empresa ${id}`).toEqual(fresh.get(id)?.rows);
    return cached;
  }
  /**
   * Both kinds agree with a fresh count (each read after the change, so each finds its entry stale);
   * returns the staff counts. `resumen` keeps the summary's counts of A after each call.
   */
  const resumen: string[] = [];
  async function agrees(hoy: string) {
    resumen.push(JSON.stringify((await agreesFor(resumenKind(warningDays), hoy)).get(a)));
    return agreesFor(CUMPLIMIENTO, hoy);
  }
  /** The summary's counts of A moved with the last change. */
  const resumenMoved = () => expect(resumen.at(-1)).not.toBe(resumen.at(-2));
  const total = (m: Map<number, Array<{ aprobados: number; aplicables: number; pendientes: number }>>) =>
    (m.get(a) ?? []).map((r) => `${r.aplicables}/${r.aprobados}/${r.pendientes}`).join(' ');

  it('recounts a company when its submissions, contracts, worker links or the catalogue change', async () => {
    const hoy = hoyDe(app);
    const first = await agrees(hoy);
    const again = await cachedCounts(hoy);
    expect(again.get(a)).toBe(first.get(a)); // unchanged: the same entry, not a recount
    expect(again.get(b)).toBe(first.get(b));

    // An upload (entregas INSERT) moves A's pending count; B keeps its entry.
    const e01 = await requisito(app, 'sg-sst', 'E01');
    const id = await uploadSgSst(app, A, e01);
    const afterUpload = await agrees(hoy);
    expect(total(afterUpload)).not.toBe(total(first));
    resumenMoved();
    expect(afterUpload.get(b)).toBe(first.get(b));

    // Approval (entregas UPDATE).
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${id}/aprobar`,
      headers: R,
      payload: await fechasParaAprobar(app, e01),
    });
    expect(res.statusCode, res.body).toBe(200);
    const afterApproval = await agrees(hoy);
    expect(total(afterApproval)).not.toBe(total(afterUpload));
    // Its validity now ends within the 'por vencer' window (entregas UPDATE): the summary moves.
    await query(db, sql`UPDATE entregas SET vigencia_hasta = ${sumarDias(hoy, 10)} WHERE id = ${id}`);
    await agrees(hoy);
    resumenMoved();

    // A worker linked to a contract (empleados_contratos) owes the worker documents.
    const [c] = await query<{ id: number }>(
      db,
      sql`SELECT id FROM contratos WHERE empresa_id = ${a} AND activo ORDER BY id LIMIT 1`,
    );
    const [w] = await query<{ id: number }>(
      db,
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          VALUES (${a}, 'CC', '1099887766', 'Prueba', 'Caché') RETURNING id`,
    );
    await query(
      db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${w.id}, ${c.id})`,
    );
    const afterLink = await agrees(hoy);
    expect(total(afterLink)).not.toBe(total(afterApproval));
    resumenMoved();
    // The heights requirements become mandatory (requisitos, the catalogue), then the contract's
    // activity changes whether it involves heights (actividades, the catalogue).
    await query(db, sql`UPDATE requisitos SET opcional = false WHERE aplica_si = 'alturas'`);
    const afterMandatory = await agrees(hoy);
    await query(
      db,
      sql`UPDATE actividades SET alturas = NOT alturas WHERE id = (SELECT actividad_id FROM contratos WHERE id = ${c.id})`,
    );
    const afterActivity = await agrees(hoy);
    expect(total(afterActivity)).not.toBe(total(afterMandatory));
    resumenMoved();

    await query(
      db,
      sql`UPDATE empleados_contratos SET activo = false WHERE empleado_id = ${w.id} AND contrato_id = ${c.id}`,
    );
    expect(total(await agrees(hoy))).not.toBe(total(afterActivity));
    resumenMoved();

    // A requirement leaves the catalogue (requisitos).
    await query(db, sql`UPDATE requisitos SET activo = false WHERE id = ${e01}`);
    const afterCatalogue = await agrees(hoy);
    expect(total(afterCatalogue)).not.toBe(total(afterActivity));
    resumenMoved();

    // The contract ends (contratos UPDATE): its slots go.
    await query(db, sql`UPDATE contratos SET activo = false WHERE empresa_id = ${a}`);
    const afterContracts = await agrees(hoy);
    expect(total(afterContracts)).not.toBe(total(afterCatalogue));
    resumenMoved();

    // Another day: a new month of risk documents or an end of validity; recounted, never reused.
    const later = sumarDias(hoy, 400);
    const next = await agrees(later);
    expect(next.get(b)).not.toBe((await cachedCounts(hoy)).get(b));
    const resumenB = async (dia: string) =>
      (await companyCounts(db, resumenKind(warningDays), dia, await versiones())).get(b);
    expect(await resumenB(later)).not.toBe(await resumenB(hoy));
  });

  it("the summary's counts depend on the 'por vencer' window: another window is counted, not reused", async () => {
    const hoy = hoyDe(app);
    // B: an approved document ending in 10 days is 'por vencer' within 30 days, not within 5.
    const e03 = await requisito(app, 'sg-sst', 'E03');
    await query(
      db,
      sql`INSERT INTO entregas (empresa_id, requisito_id, nombre_archivo, estado, vigencia_hasta)
          VALUES (${b}, ${e03}, 'x.pdf', 1, ${sumarDias(hoy, 10)})`,
    );
    const poxvencer = (rows: Array<{ modulo: string; poxvencer: number }> | undefined) =>
      rows?.find((r) => r.modulo === 'sg-sst')?.poxvencer;
    const treinta = (await agreesFor(resumenKind(30), hoy)).get(b);
    const cinco = (await agreesFor(resumenKind(5), hoy)).get(b);
    expect(poxvencer(cinco)).toBe((poxvencer(treinta) ?? 0) - 1);
    // Back to 30: the entry (replaced by the 5-day one) is counted again and agrees.
    expect((await agreesFor(resumenKind(30), hoy)).get(b)).toEqual(treinta);
    // The staff counts do not depend on the window: their entry is untouched by the summary's.
    const staff = await cachedCounts(hoy);
    await agreesFor(resumenKind(5), hoy);
    expect((await cachedCounts(hoy)).get(b)).toBe(staff.get(b));
  });

  it('a rolled-back change leaves the entry valid; a counter never repeats a value', async () => {
    const hoy = hoyDe(app);
    const before = await agrees(hoy);
    const e02 = await requisito(app, 'sg-sst', 'E02');
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO entregas (empresa_id, requisito_id, nombre_archivo) VALUES (${b}, ${e02}, 'x.pdf')`,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await agrees(hoy)).get(b)).toBe(before.get(b));
    const seen = await query<{ version: string }>(
      db,
      sql`SELECT version::text FROM cumplimiento_versiones ORDER BY version`,
    );
    expect(new Set(seen.map((s) => s.version)).size).toBe(seen.length);
  });
});

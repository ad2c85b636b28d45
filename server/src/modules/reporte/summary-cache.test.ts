import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, reporte, sumarDias, type ReporteEmpresa } from '@proveedores/domain';
import { query } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { empresaId, requisito, uploadSgSst } from '../../test/revision';

/**
 * The home summary read through the per-company cache (docs/decisions/144), in its three scopes:
 * the contractor's company (token), one company named by staff (?nit=) and a staff page. After every
 * kind of change each scope says what the drill-down says (the drill-down counts the slots itself,
 * no cache: every count equals its rows, 'por vencer' and 'vencido' told apart by the validity end),
 * and the summary moved. The scope that reads first after a change rotates, so each finds the
 * entry stale at least once; an untouched company (B, on the page) stays right too.
 */
describe('summary scopes through the per-company cache', async () => {
  const clock = manualClock('2026-11-24T15:00:00Z');
  const app = await createTestApp({ clock });
  const db = app.db;
  const [A, B, R] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  const a = await empresaId(app, CONTRACTOR_A.username);
  const hoy = () => hoyEnColombia(clock.now());

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const one = async (url: string, headers: Record<string, string>, nit: string) => {
    const list = reporte.parse(await get(url, headers));
    expect(
      list.map((e) => e.nit),
      url,
    ).toEqual([nit]);
    return list[0];
  };
  const SCOPES = {
    token: (nit: string) => one('/api/contratista/reporte', nit === CONTRACTOR_A.username ? A : B, nit),
    nit: (nit: string) => one(`/api/contratista/reporte?nit=${nit}`, R, nit),
    page: async (nit: string) => {
      const page = reporte.parse(await get('/api/contratista/reporte?page=1&pageSize=100', R));
      const found = page.find((e) => e.nit === nit);
      expect(found, `page: ${nit}`).toBeDefined();
      return found!;
    },
  } as const;
  type Scope = keyof typeof SCOPES;
  const ORDER: Scope[] = ['token', 'nit', 'page'];

  /** The summary's counts rebuilt from the drill-down of each module and filter (no cache). */
  async function desdeDetalle(nit: string): Promise<{ nit: string; total: number; modulos: object[] }> {
    const modulos = [];
    for (const modulo of ['sg-sst', 'sg-personal', 'g-riesgo', 'g-retenido']) {
      const rows = async (filtro: number) =>
        (await get(`/api/contratista/reporte/${modulo}/${filtro}?nit=${nit}`, R)) as Array<{
          vigencia?: string;
        }>;
      const renovar = await rows(-5);
      modulos.push({
        modulo,
        faltantes: (await rows(-9)).length,
        poxvencer: renovar.filter((r) => r.vigencia! >= hoy()).length,
        vencidos: renovar.filter((r) => r.vigencia! < hoy()).length,
        rechazados: (await rows(-1)).length,
      });
    }
    const total = modulos.reduce((s, m) => s + m.faltantes + m.poxvencer + m.vencidos + m.rechazados, 0);
    return { nit, total, modulos };
  }
  const sinNombres = (e: ReporteEmpresa) => ({
    nit: e.nit,
    total: e.total,
    modulos: e.modulos.map(({ nombre: _n, ...m }) => m),
  });

  let step = 0;
  let last = '';
  /**
   * Reads A in the three scopes (the first reader rotating with each step) and B on the page; each
   * equals the drill-down's counts. Returns A's summary; `moved` (when given): whether it differs
   * from the last step's.
   */
  async function agrees(moved?: boolean) {
    const esperadoA = await desdeDetalle(CONTRACTOR_A.username);
    const esperadoB = await desdeDetalle(CONTRACTOR_B.username);
    const order = [...ORDER.slice(step % 3), ...ORDER.slice(0, step % 3)];
    step++;
    let seen: ReporteEmpresa | undefined;
    for (const scope of order) {
      const got = await SCOPES[scope](CONTRACTOR_A.username);
      expect(sinNombres(got), `${scope} (paso ${step})`).toEqual(esperadoA);
      if (seen) expect(got, scope).toEqual(seen);
      seen = got;
    }
    expect(sinNombres(await SCOPES.page(CONTRACTOR_B.username)), `B (paso ${step})`).toEqual(esperadoB);
    expect(sinNombres(await SCOPES.token(CONTRACTOR_B.username)), `B token (paso ${step})`).toEqual(
      esperadoB,
    );
    const now = JSON.stringify(seen);
    if (moved === true) expect(now, `paso ${step}: the summary did not move`).not.toBe(last);
    if (moved === false) expect(now, `paso ${step}`).toBe(last);
    last = now;
    return seen!;
  }

  it('each scope follows uploads, reviews, worker links, contracts, the catalogue and the day', async () => {
    await agrees(true);
    await agrees(false); // nothing changed: the same answer

    // An upload (entregas INSERT): one item less to upload.
    const e01 = await requisito(app, 'sg-sst', 'E01');
    const id = await uploadSgSst(app, A, e01);
    await agrees(true);

    // Rejected by staff (entregas UPDATE through the review API).
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${id}/rechazar`,
      headers: R,
      payload: { observacion: 'Documento ilegible' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await agrees(true);

    // Approved with a validity ending in 10 days: 'por vencer'.
    await query(
      db,
      sql`UPDATE entregas SET estado = 1, vigencia_hasta = ${sumarDias(hoy(), 10)} WHERE id = ${id}`,
    );
    await agrees(true);

    // A worker linked to a contract (empleados_contratos) owes the worker documents; then unlinked.
    const [c] = await query<{ id: number }>(
      db,
      sql`SELECT id FROM contratos WHERE empresa_id = ${a} AND activo ORDER BY id LIMIT 1`,
    );
    const [w] = await query<{ id: number }>(
      db,
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          VALUES (${a}, 'CC', '1099887767', 'Prueba', 'Resumen') RETURNING id`,
    );
    await query(
      db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${w.id}, ${c.id})`,
    );
    await agrees(true);
    await query(
      db,
      sql`UPDATE empleados_contratos SET activo = false WHERE empleado_id = ${w.id} AND contrato_id = ${c.id}`,
    );
    await agrees(true);

    // The catalogue: a mandatory item withdrawn (requisitos); the heights items made mandatory and
    // the contract's activity switched to or from heights (actividades).
    await query(
      db,
      sql`UPDATE requisitos SET activo = false WHERE id = ${await requisito(app, 'sg-sst', 'E02')}`,
    );
    await agrees(true);
    await query(db, sql`UPDATE requisitos SET opcional = false WHERE aplica_si = 'alturas'`);
    await agrees();
    await query(
      db,
      sql`UPDATE actividades SET alturas = NOT alturas WHERE id = (SELECT actividad_id FROM contratos WHERE id = ${c.id})`,
    );
    await agrees(true);

    // The contracts end (contratos UPDATE): their slots go.
    await query(db, sql`UPDATE contratos SET activo = false WHERE empresa_id = ${a}`);
    await agrees(true);

    // Eleven days later the approved document has expired: 'vencido', not 'por vencer'.
    clock.advanceDays(11);
    await agrees(true);
  });

  it('a company made inactive leaves the staff page and has no summary; active again, it is counted', async () => {
    await agrees(false);
    await query(db, sql`UPDATE empresas SET activa = false WHERE id = ${a}`);
    expect(await get(`/api/contratista/reporte?nit=${CONTRACTOR_A.username}`, R)).toEqual([]);
    const page = reporte.parse(await get('/api/contratista/reporte?page=1&pageSize=100', R));
    expect(page.map((e) => e.nit)).not.toContain(CONTRACTOR_A.username);
    // A submission while inactive (written directly): seen once the company is active again.
    await query(
      db,
      sql`INSERT INTO entregas (empresa_id, requisito_id, nombre_archivo, estado, motivo_rechazo)
          VALUES (${a}, ${await requisito(app, 'sg-sst', 'E03')}, 'x.pdf', -1, 'x')`,
    );
    await query(db, sql`UPDATE empresas SET activa = true WHERE id = ${a}`);
    await agrees(true);
  });
});

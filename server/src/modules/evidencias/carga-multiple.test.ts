import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MAX_TRABAJADORES_CARGA, CARGA_MULTIPLE_MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { storageUsageOf } from '../../files';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { adjunto, demoContracts, pdfBytes, requisitoId, storageCounts } from '../../test/evidencias';

/** One upload for many workers (docs/decisions/139), on the embedded database or DATABASE_URL. */
let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let R: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;
let p13: number; // Inducción SST (carga_multiple)
let p01: number; // an ordinary worker document
const workers: Array<{ id: number; numero: string }> = [];
let retirado: string;
let sinVinculo: string;
let ajeno: string;

const ref = (numero: string) => ({ tipodocumento: 'CC', numerodocumento: numero });
const put = (id: number, headers: Record<string, string>, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${id}/multiple`,
    headers,
    payload,
  });
const body = (numeros: string[], extra: object = {}) => ({
  contratoid: contracts.aPlain.id,
  tipodocumento: 'CC',
  numerodocumento: workers[0].numero,
  adjunto: adjunto(pdfBytes(undefined, 'asistencia induccion'), 'asistencia.pdf'),
  trabajadores: numeros.map(ref),
  ...extra,
});

/** A worker withdrawn from the contract (its link inactive, with the withdrawal date). */
async function linkWithdrawn(empleadoId: number, contratoId: number) {
  await query(
    app.db,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id, activo, fecha_retiro)
        VALUES (${empleadoId}, ${contratoId}, false, '2026-01-15')`,
  );
}

beforeAll(async () => {
  app = await createTestApp();
  [A, B, R] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, CONTRACTOR_B),
    authHeaders(app, REVIEWER),
  ]);
  contracts = await demoContracts(app);
  [p13, p01] = await Promise.all([
    requisitoId(app, 'sg-personal', 'P13'),
    requisitoId(app, 'sg-personal', 'P01'),
  ]);
  const a = contracts.aPlain.empresa_id;
  for (let i = 0; i < 12; i++) {
    const numero = String(71000100 + i);
    const id = await insertEmpleado(app, { empresaId: a, numero, contratoId: contracts.aPlain.id });
    workers.push({ id, numero });
  }
  retirado = '71000900';
  await linkWithdrawn(await insertEmpleado(app, { empresaId: a, numero: retirado }), contracts.aPlain.id);
  sinVinculo = '71000901';
  await insertEmpleado(app, { empresaId: a, numero: sinVinculo });
  ajeno = '71000902';
  await insertEmpleado(app, {
    empresaId: contracts.bConfinados.empresa_id,
    numero: ajeno,
    contratoId: contracts.bConfinados.id,
  });
});

const entregasDe = (archivoId: number) =>
  query<{ id: number; empleado_id: number; fecha_expedicion: string | null }>(
    app.db,
    sql`SELECT id, empleado_id, fecha_expedicion::text AS fecha_expedicion FROM entregas WHERE archivo_id = ${archivoId} ORDER BY id`,
  );

describe('one upload for many workers', () => {
  it('the catalogue marks P08, P13 and P14 and lists them for the contractor', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/contratista/adjuntos/sg-personal/carga-multiple',
      headers: A,
    });
    expect(res.statusCode).toBe(200);
    const codigos = await query<{ id: number; codigo: string }>(
      app.db,
      sql`SELECT id, codigo FROM requisitos WHERE carga_multiple ORDER BY codigo`,
    );
    expect(codigos.map((r) => r.codigo)).toEqual(['P08', 'P13', 'P14']);
    expect(res.json().requisitos.sort()).toEqual(codigos.map((r) => Number(r.id)).sort());
  });

  it('covers 10 workers: 10 entregas, 1 archivo, 1 blob, the bytes once in the quota, one audit', async () => {
    const a = contracts.aPlain.empresa_id;
    const before = await storageCounts(app);
    const usageBefore = await storageUsageOf(app.db, a);
    const auditBefore = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'entrega.created'`,
    );
    const numeros = workers.slice(0, 10).map((w) => w.numero);
    // The slot's worker listed again and a repeat collapse.
    const res = await put(p13, A, body([...numeros, numeros[3]], { fechaExpedicion: '2026-01-10' }));
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.trabajadores).toBe(10);
    expect(json.idEntregas).toHaveLength(10);
    expect(json.message).toBe(CARGA_MULTIPLE_MSG.cargaMultipleCargado('asistencia.pdf', 10));
    const after = await storageCounts(app);
    expect(after.entregas - before.entregas).toBe(10);
    expect(after.archivos - before.archivos).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.auditoria - before.auditoria).toBe(1);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'entrega.created'`,
    );
    expect(n - auditBefore[0].n).toBe(1);
    const [auditRow] = await query<{ datos: { trabajadores: number } | string }>(
      app.db,
      sql`SELECT datos FROM auditoria WHERE evento = 'entrega.created' ORDER BY id DESC LIMIT 1`,
    );
    const datos = typeof auditRow.datos === 'string' ? JSON.parse(auditRow.datos) : auditRow.datos;
    expect(datos.trabajadores).toBe(10);
    const usageAfter = await storageUsageOf(app.db, a);
    const [{ tamano }] = await query<{ tamano: number }>(
      app.db,
      sql`SELECT tamano FROM archivos WHERE id = ${json.idArchivo}`,
    );
    expect(usageAfter.bytes - usageBefore.bytes).toBe(Number(tamano));
    const rows = await entregasDe(json.idArchivo);
    expect(rows.map((r) => Number(r.empleado_id)).sort()).toEqual(
      workers
        .slice(0, 10)
        .map((w) => w.id)
        .sort(),
    );
    // Declared dates apply to each.
    expect(rows.every((r) => r.fecha_expedicion === '2026-01-10')).toBe(true);

    // Each covered worker's slot shows the upload; an uncovered one does not.
    for (const w of [workers[0], workers[9], workers[10]]) {
      const list = await app.inject({
        method: 'GET',
        url: `/api/contratista/adjuntos/sg-personal?contratoid=${contracts.aPlain.id}&tipodocumento=CC&numerodocumento=${w.numero}`,
        headers: A,
      });
      const row = list.json().find((r: { id: number }) => r.id === p13);
      expect(row.nombreadjunto ?? null).toBe(w === workers[10] ? null : 'asistencia.pdf');
    }

    // Approve one, reject another: each on its own.
    const [uno, dos, tres] = json.idEntregas as number[];
    expect(
      (await app.inject({ method: 'POST', url: `/api/revision/entregas/${uno}/aprobar`, headers: R }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/revision/entregas/${dos}/rechazar`,
          headers: R,
          payload: { observacion: 'No aparece la firma del trabajador' },
        })
      ).statusCode,
    ).toBe(200);
    const estados = await query<{ id: number; estado: number }>(
      app.db,
      sql`SELECT id, estado FROM entregas WHERE id IN (${uno}, ${dos}, ${tres}) ORDER BY id`,
    );
    expect(new Set(estados.map((e) => e.estado)).size).toBe(3);
    const detalle = await app.inject({ method: 'GET', url: `/api/revision/entregas/${tres}`, headers: R });
    expect(detalle.json().compartidoCon).toBe(10);

    // Downloads from two slots serve the same file; another company gets nothing.
    const d1 = await app.inject({ method: 'GET', url: `/api/adminflujos/adjunto/${uno}`, headers: A });
    const d2 = await app.inject({ method: 'GET', url: `/api/adminflujos/adjunto/${tres}`, headers: A });
    expect(d1.statusCode).toBe(200);
    expect(d1.rawPayload.equals(d2.rawPayload)).toBe(true);
    const dB = await app.inject({ method: 'GET', url: `/api/adminflujos/adjunto/${uno}`, headers: B });
    expect(dB.statusCode).toBe(404);
  });

  async function expectRefused(
    res: Promise<{ statusCode: number; json: () => { message: string } }>,
    status: number,
    message?: string,
  ) {
    const before = await storageCounts(app);
    const r = await res;
    expect(r.statusCode).toBe(status);
    if (message) expect(r.json().message).toContain(message);
    expect(await storageCounts(app)).toEqual(before);
  }

  it('refuses a requirement without carga_multiple, and unknown, unlinked, withdrawn or foreign workers', async () => {
    await expectRefused(
      put(p01, A, body([workers[1].numero])),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleNoPermitida,
    );
    await expectRefused(
      put(p13, A, body([workers[1].numero, '99999999'])),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido('CC 99999999'),
    );
    await expectRefused(
      put(p13, A, body([sinVinculo])),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido(`CC ${sinVinculo}`),
    );
    await expectRefused(
      put(p13, A, body([retirado])),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido(`CC ${retirado}`),
    );
    await expectRefused(
      put(p13, A, body([ajeno])),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido(`CC ${ajeno}`),
    );
    const muchos = Array.from({ length: MAX_TRABAJADORES_CARGA + 1 }, (_, i) => String(80000000 + i));
    await expectRefused(
      put(p13, A, body(muchos)),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleDemasiados(MAX_TRABAJADORES_CARGA),
    );
  });

  it("isolation: company B cannot upload to A's contract nor cover A's workers", async () => {
    await expectRefused(put(p13, B, body([workers[1].numero])), 404);
    await expectRefused(
      put(p13, B, {
        ...body([workers[1].numero]),
        contratoid: contracts.bConfinados.id,
        numerodocumento: ajeno,
      }),
      400,
      CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido(`CC ${workers[1].numero}`),
    );
  });

  it('all or nothing: a failure on one worker mid-way leaves no entrega and no archivo', async () => {
    const victim = workers[6].id;
    await query(
      app.db,
      sql.raw(`CREATE FUNCTION falla_carga() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.empleado_id = ${victim} THEN RAISE EXCEPTION 'falla a mitad'; END IF; RETURN NEW; END $$`),
    );
    await query(
      app.db,
      sql.raw(
        `CREATE TRIGGER falla_carga BEFORE INSERT ON entregas FOR EACH ROW EXECUTE FUNCTION falla_carga()`,
      ),
    );
    try {
      const before = await storageCounts(app);
      const res = await put(p13, A, body(workers.slice(0, 10).map((w) => w.numero)));
      expect(res.statusCode).toBe(500);
      const after = await storageCounts(app);
      expect({ ...after, files: 0 }).toEqual({ ...before, files: 0 });
    } finally {
      await query(app.db, sql.raw('DROP TRIGGER falla_carga ON entregas'));
      await query(app.db, sql.raw('DROP FUNCTION falla_carga()'));
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG, REVISION_MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { adjunto, demoContracts, pdfBytes, requisitoId } from '../../test/evidencias';
import { ADMIN, fechasParaAprobar, uploadSgSst } from '../../test/revision';

/**
 * One decision for every worker of one upload (docs/decisions/139): the detail lists the other
 * pending submissions of the file, `mismaCarga` decides them with the opened one in one
 * transaction (one audit row and, on rejection, one e-mail each), and a sibling decided by someone
 * else meanwhile undoes the whole decision. Also the reviewer home's pending count.
 */
let app: FastifyInstance;
let A: Record<string, string>;
let R: Record<string, string>;
let ADM: Record<string, string>;
let contratoId: number;
let p13: number;
const numeros: string[] = [];
let carga = 0;

/** One P13 upload covering `n` of the contract's workers; the entregas ids, row worker first. */
async function subirCarga(n: number): Promise<number[]> {
  carga += 1;
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${p13}/multiple`,
    headers: A,
    payload: {
      contratoid: contratoId,
      tipodocumento: 'CC',
      numerodocumento: numeros[0],
      adjunto: adjunto(pdfBytes(undefined, `asistencia ${carga}`), `asistencia-${carga}.pdf`),
      trabajadores: numeros.slice(0, n).map((numerodocumento) => ({ tipodocumento: 'CC', numerodocumento })),
      ...(await fechasParaAprobar(app, p13)),
    },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { idEntregas: number[] }).idEntregas;
}

const detalle = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/revision/entregas/${id}`, headers: R })).json() as {
    mismaCargaPendientes: number[];
    compartidoCon: number;
  };

const decidir = (id: number, accion: 'aprobar' | 'rechazar', payload: object, headers = R) =>
  app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/${accion}`, headers, payload });

const estados = async (ids: number[]) =>
  (
    await query<{ id: number; estado: number }>(
      app.db,
      sql`SELECT id, estado FROM entregas WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) ORDER BY id`,
    )
  ).map((r) => r.estado);

const auditorias = async (ids: number[]) => {
  const [{ n }] = await query<{ n: number }>(
    app.db,
    sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'entrega.reviewed'
         AND (datos->>'entregaId')::bigint IN (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )})`,
  );
  return n;
};

const conteo = async (headers = R) =>
  app.inject({ method: 'GET', url: '/api/revision/pendientes/conteo', headers });

beforeAll(async () => {
  app = await createTestApp();
  [A, R, ADM] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, REVIEWER),
    authHeaders(app, ADMIN),
  ]);
  const contracts = await demoContracts(app);
  contratoId = contracts.aPlain.id;
  p13 = await requisitoId(app, 'sg-personal', 'P13');
  for (let i = 0; i < 5; i++) {
    const numero = String(72000100 + i);
    await insertEmpleado(app, { empresaId: contracts.aPlain.empresa_id, numero, contratoId });
    numeros.push(numero);
  }
});

describe('one decision for every worker of one upload', () => {
  it('the detail lists the other pending submissions of the file, and approval covers all of them', async () => {
    const ids = await subirCarga(4);
    const [abierta, ...otras] = ids;
    const d = await detalle(abierta);
    expect(d.compartidoCon).toBe(4);
    expect(d.mismaCargaPendientes).toEqual(otras);

    const res = await decidir(abierta, 'aprobar', {
      ...(await fechasParaAprobar(app, p13)),
      mismaCarga: d.mismaCargaPendientes,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: abierta,
      aplicadas: 4,
      message: REVISION_MSG.revisionCargaAprobada(4),
    });
    expect(await estados(ids)).toEqual([1, 1, 1, 1]);
    // One audit row per submission, as a decision on each would write.
    expect(await auditorias(ids)).toBe(4);
    const vigencias = await query<{ v: string }>(
      app.db,
      sql`SELECT DISTINCT vigencia_hasta::text AS v FROM entregas WHERE archivo_id = (SELECT archivo_id FROM entregas WHERE id = ${abierta})`,
    );
    expect(vigencias).toHaveLength(1);
    expect((await detalle(otras[0])).mismaCargaPendientes).toEqual([]);
  });

  it('without mismaCarga only the opened submission is decided', async () => {
    const ids = await subirCarga(3);
    const res = await decidir(ids[1], 'rechazar', { observacion: 'Falta la firma de este trabajador' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ aplicadas: 1, message: MSG.reviewRejected });
    expect(await estados(ids)).toEqual([0, -1, 0]);
    // The decided one is no longer offered with the others.
    expect((await detalle(ids[0])).mismaCargaPendientes).toEqual([ids[2]]);
  });

  it('a sibling decided by someone else meanwhile undoes the whole decision', async () => {
    const ids = await subirCarga(3);
    const visto = (await detalle(ids[0])).mismaCargaPendientes;
    expect(visto).toEqual(ids.slice(1));
    // Another reviewer rejects one worker's submission after the dialog was loaded.
    expect((await decidir(ids[2], 'rechazar', { observacion: 'Ilegible' }, ADM)).statusCode).toBe(200);

    const res = await decidir(ids[0], 'aprobar', {
      ...(await fechasParaAprobar(app, p13)),
      mismaCarga: visto,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVISION_MSG.revisionCargaCambio(1));
    expect(await estados(ids)).toEqual([0, 0, -1]);
    expect(await auditorias(ids.slice(0, 2))).toBe(0);
  });

  it('the opened submission already decided says so in its own words', async () => {
    const ids = await subirCarga(2);
    expect((await decidir(ids[0], 'rechazar', { observacion: 'Ilegible' }, ADM)).statusCode).toBe(200);
    const res = await decidir(ids[0], 'rechazar', { observacion: 'Otra vez', mismaCarga: [ids[1]] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.reviewAlreadyDecided('Rechazado'));
    expect(await estados(ids)).toEqual([-1, 0]);
  });

  it('rejection of the whole upload: one audit row and one e-mail per worker, in one transaction', async () => {
    const ids = await subirCarga(5);
    const res = await decidir(ids[0], 'rechazar', {
      observacion: 'La lista no tiene la fecha de la inducción',
      mismaCarga: ids.slice(1),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ aplicadas: 5, message: REVISION_MSG.revisionCargaRechazada(5) });
    expect(await estados(ids)).toEqual([-1, -1, -1, -1, -1]);
    expect(await auditorias(ids)).toBe(5);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM correos_salida WHERE clave IN (${sql.join(
        ids.map((i) => sql`${`rechazo:${i}`}`),
        sql`, `,
      )})`,
    );
    expect(n).toBe(5);
  });

  it('an id that is not of the same upload is refused and nothing is decided', async () => {
    const ids = await subirCarga(2);
    const otraCarga = await subirCarga(2);
    const ordinaria = await uploadSgSst(app, A, await requisitoId(app, 'sg-sst', 'E01'), 'rut.pdf');
    for (const ajena of [otraCarga[1], ordinaria, 999_999_999]) {
      const res = await decidir(ids[0], 'rechazar', { observacion: 'Ilegible', mismaCarga: [ids[1], ajena] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REVISION_MSG.revisionCargaInvalida);
    }
    expect(await estados([...ids, ...otraCarga, ordinaria])).toEqual([0, 0, 0, 0, 0]);
  });

  it('two reviewers deciding the same upload at once: exactly one wins', async () => {
    const ids = await subirCarga(4);
    const fechas = await fechasParaAprobar(app, p13);
    const results = await Promise.all([
      decidir(ids[0], 'aprobar', { ...fechas, mismaCarga: ids.slice(1) }, R),
      decidir(ids[1], 'rechazar', { observacion: 'Ilegible', mismaCarga: [ids[0], ...ids.slice(2)] }, ADM),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ganador = results.find((r) => r.statusCode === 200)!.json() as { codEstado: number };
    expect(await estados(ids)).toEqual(ids.map(() => ganador.codEstado));
    expect(await auditorias(ids)).toBe(4);
  });
});

describe('pending count of the reviewer home', () => {
  it('is the total of the unfiltered queue, and drops as uploads are decided', async () => {
    const res = await conteo();
    expect(res.statusCode).toBe(200);
    const queue = await app.inject({ method: 'GET', url: '/api/revision/pendientes', headers: R });
    expect(res.json()).toEqual({ total: queue.json().total });

    const ids = await subirCarga(3);
    const antes = (await conteo()).json().total as number;
    expect(
      (await decidir(ids[0], 'rechazar', { observacion: 'Ilegible', mismaCarga: ids.slice(1) })).statusCode,
    ).toBe(200);
    expect((await conteo()).json()).toEqual({ total: antes - 3 });
  });

  it('is for staff only', async () => {
    expect((await conteo(A)).statusCode).toBe(403);
    expect((await conteo(await authHeaders(app, CONTRACTOR_B))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/revision/pendientes/conteo' })).statusCode).toBe(
      401,
    );
  });
});

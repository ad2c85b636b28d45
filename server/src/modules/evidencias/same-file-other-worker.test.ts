import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { CARGA_MULTIPLE_MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../../test/app';
import { adjunto, demoContracts, pdfBytes, requisitoId } from '../../test/evidencias';

/** The same identity document uploaded for two workers: stored, with a warning (docs/decisions/139). */
let app: FastifyInstance;
let A: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;
let p01: number;
let p13: number;

beforeAll(async () => {
  app = await createTestApp();
  A = await authHeaders(app, CONTRACTOR_A);
  contracts = await demoContracts(app);
  [p01, p13] = await Promise.all([
    requisitoId(app, 'sg-personal', 'P01'),
    requisitoId(app, 'sg-personal', 'P13'),
  ]);
  for (const n of ['1017300001', '1017300002', '1017300003'])
    await insertEmpleado(app, { empresaId: contracts.aAlturas.empresa_id, numero: n });
});

const upload = (requisito: number, numero: string, bytes: Buffer) =>
  app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${requisito}`,
    headers: A,
    payload: {
      contratoid: contracts.aAlturas.id,
      tipodocumento: 'CC',
      numerodocumento: numero,
      adjunto: adjunto(bytes, 'cedula.pdf'),
    },
  });

describe('the same file for another worker', () => {
  it('an identity document already on another worker is stored with a warning naming that worker', async () => {
    const cedula = pdfBytes(undefined, 'cedula 1017300001');
    const first = await upload(p01, '1017300001', cedula);
    expect(first.statusCode).toBe(200);
    expect(first.json().advertencias).toBeUndefined();
    // Again for the same worker (a re-upload): no warning.
    expect((await upload(p01, '1017300001', cedula)).json().advertencias).toBeUndefined();

    const second = await upload(p01, '1017300002', cedula);
    expect(second.statusCode).toBe(200);
    expect(second.json().advertencias).toEqual([
      CARGA_MULTIPLE_MSG.mismoArchivoOtroTrabajador('CC 1017300001'),
    ]);
    // Another file: no warning.
    expect(
      (await upload(p01, '1017300003', pdfBytes(undefined, 'otra'))).json().advertencias,
    ).toBeUndefined();
  });

  it('a rejected submission does not count, and a list document (carga_multiple) never warns', async () => {
    const cedula = pdfBytes(undefined, 'cedula rechazada');
    const first = await upload(p01, '1017300001', cedula);
    await query(
      app.db,
      sql`UPDATE entregas SET estado = -1 WHERE id = ${first.json<{ idEntrega: number }>().idEntrega}`,
    );
    expect((await upload(p01, '1017300003', cedula)).json().advertencias).toBeUndefined();

    const lista = pdfBytes(undefined, 'asistencia induccion');
    expect((await upload(p13, '1017300001', lista)).statusCode).toBe(200);
    expect((await upload(p13, '1017300002', lista)).json().advertencias).toBeUndefined();
  });
});

import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryNode, TableDescription } from '@proveedores/domain';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, CONTRACTOR_A, createTestApp } from '../../test/app';
import { demoIds, insertEntrega, requisito } from '../../test/historial';

/**
 * A worker's name in the history tree and in the history list (and so in its CSV, Excel and PDF) is
 * in capitals with its accents: 'ANDRÉS CÓRDOBA', never 'ANDRéS CóRDOBA' (domain/src/nombres.ts). The
 * embedded PostgreSQL's C locale upper() changed only A-Z; run with DATABASE_URL on such a server
 * this test failed before the names were put in capitals outside SQL.
 */
let app: FastifyInstance;
let hA: Record<string, string>;
let contratoId: number;

beforeAll(async () => {
  app = await createTestApp();
  const ids = await demoIds(app);
  contratoId = ids.aAlturas.id;
  hA = await authHeaders(app, CONTRACTOR_A);
  const empleadoId = await insertEmpleado(app, {
    empresaId: ids.a,
    numero: '7001',
    nombres: 'Andrés Córdoba',
    contratoId: contratoId,
  });
  const p01 = await requisito(app, 'sg-personal', 'P01');
  await insertEntrega(app, {
    empresaId: ids.a,
    requisitoId: p01.id,
    contratoId,
    empleadoId,
    file: 'examen.pdf',
  });
});

describe('worker names in the history', () => {
  it('the tree folder of the worker keeps its accented capitals', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/bliotecadocumentos/sg-personal?contrato=${contratoId}`,
      headers: hA,
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as HistoryNode[]).map((n) => n.nombre);
    expect(names).toContain('CC 7001 - ANDRÉS CÓRDOBA PEREZ GOMEZ');
  });

  it('the history list (what its exports write) keeps them too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/contratista/Listadinamico/histdocs?path=sg-personal&ident=7001',
      headers: hA,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [desc] = res.json() as TableDescription[];
    expect(desc.datos.map((r) => r.empleado)).toEqual(['CC 7001 - ANDRÉS CÓRDOBA PEREZ GOMEZ']);
  });
});

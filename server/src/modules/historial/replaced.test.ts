import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoyEnColombia, codEntrega, ESTADO, labelEstado, type HistoryNode } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, CONTRACTOR_A, createTestApp } from '../../test/app';
import { codEntregaSql, labelEstadoSql } from '../../compliance/status-sql';
import { demoIds, insertEntrega, requisito } from '../../test/historial';

/** A submission replaced while awaiting review is 'Reemplazado', never pending (docs/decisions/093). */
let app: FastifyInstance;
let ids: Awaited<ReturnType<typeof demoIds>>;
let hA: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  ids = await demoIds(app);
  hA = await authHeaders(app, CONTRACTOR_A);
});

const walk = (nodes: HistoryNode[]): HistoryNode[] => nodes.flatMap((n) => [n, ...walk(n.contenido)]);

describe('replaced submissions', () => {
  it('the tree and the SQL rule call a pending submission with a newer one Reemplazado; decisions keep theirs', async () => {
    const r = await requisito(app, 'sg-sst', 'E09');
    const base = { empresaId: ids.a, requisitoId: r.id, cargadoPor: ids.userA };
    // Oldest first: rejected, pending (replaced), approved (replaced later), pending (replaced),
    // and the current one, approved after the replacements.
    const rejected = await insertEntrega(app, {
      ...base,
      file: 'a.pdf',
      estado: -1,
      motivoRechazo: 'Ilegible',
    });
    const pending1 = await insertEntrega(app, { ...base, file: 'b.pdf' });
    const approvedOld = await insertEntrega(app, {
      ...base,
      file: 'c.pdf',
      estado: 1,
      vigenciaHasta: '2999-01-01',
    });
    const pending2 = await insertEntrega(app, { ...base, comentario: 'no aplica aún' });
    const current = await insertEntrega(app, {
      ...base,
      file: 'e.pdf',
      estado: 1,
      vigenciaHasta: '2999-01-01',
    });
    // Another slot's pending submission is not replaced by these (same requirement, other company).
    const otherCompany = await insertEntrega(app, {
      empresaId: ids.b,
      requisitoId: r.id,
      file: 'b2.pdf',
      cargadoPor: ids.userB,
    });

    const res = await app.inject({
      method: 'GET',
      url: '/api/contratista/bliotecadocumentos/sg-sst',
      headers: hA,
    });
    expect(res.statusCode).toBe(200);
    const folder = (res.json() as HistoryNode[]).find((n) => n.nombre === r.nombre)!;
    expect(folder.estadoflujo).toBe(ESTADO.APROBADO);
    const byId = new Map(walk(folder.contenido).map((n) => [n.idregistro, n.estadoflujo]));
    expect(Object.fromEntries(byId)).toEqual({
      [current]: ESTADO.APROBADO,
      [pending2]: ESTADO.REEMPLAZADO,
      [approvedOld]: ESTADO.APROBADO,
      [pending1]: ESTADO.REEMPLAZADO,
      [rejected]: ESTADO.RECHAZADO,
    });

    // The app runs on the system clock here: today in Colombia, as the routes compute it.
    const hoy = hoyEnColombia(new Date());
    const rows = await query<{ id: number; cod: number; label: string }>(
      app.db,
      sql`SELECT e.id, ${codEntregaSql('e', hoy)} AS cod, ${labelEstadoSql(codEntregaSql('e', hoy))} AS label
            FROM entregas e WHERE e.id IN (${pending1}, ${pending2}, ${current}, ${otherCompany}) ORDER BY e.id`,
    );
    expect(rows.map((x) => [Number(x.id), Number(x.cod), x.label])).toEqual([
      [pending1, 2, 'Reemplazado'],
      [pending2, 2, 'Reemplazado'],
      [current, 1, 'Aprobado'],
      [otherCompany, 0, 'Cargado pendiente por aprobar'],
    ]);
  });

  it('the domain rule says the same', () => {
    const hoy = '2026-11-24';
    expect(codEntrega({ estado: 0, vigencia: null, reemplazada: true, hoy })).toBe(ESTADO.REEMPLAZADO);
    expect(codEntrega({ estado: 0, vigencia: null, reemplazada: false, hoy })).toBe(ESTADO.CARGADO);
    expect(codEntrega({ estado: -1, vigencia: null, reemplazada: true, hoy })).toBe(ESTADO.RECHAZADO);
    expect(codEntrega({ estado: 1, vigencia: '2026-11-23', reemplazada: true, hoy })).toBe(ESTADO.VENCIDO);
    expect(codEntrega({ estado: 1, vigencia: '2026-11-24', reemplazada: false, hoy })).toBe(ESTADO.APROBADO);
    expect(labelEstado(ESTADO.REEMPLAZADO)).toBe('Reemplazado');
  });
});

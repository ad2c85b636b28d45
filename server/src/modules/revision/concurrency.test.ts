import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { ADMIN, fechasParaAprobar, requisito, uploadSgSst } from '../../test/revision';

/**
 * 50 concurrent decisions on one submission (approve and reject mixed, two reviewers): exactly one
 * wins, the other 49 get 409, and exactly one audit row records it. On PostgreSQL
 * (DATABASE_URL) the calls really race on separate connections.
 */
describe('concurrent decisions', async () => {
  const app = await createTestApp();
  const A = await authHeaders(app, CONTRACTOR_A);
  const reviewers = [await authHeaders(app, REVIEWER), await authHeaders(app, ADMIN)];
  const rut = await requisito(app, 'sg-sst', 'E01');

  it('50 concurrent approve/reject calls leave exactly one result and one audit row', async () => {
    const id = await uploadSgSst(app, A, rut, 'rut.pdf');
    // Every approval confirms the issue date the RUT's validity rule reads (decision 113).
    const fechas = await fechasParaAprobar(app, rut);
    const calls = Array.from({ length: 50 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: `/api/revision/entregas/${id}/${i % 2 === 0 ? 'aprobar' : 'rechazar'}`,
        headers: reviewers[i % 2],
        remoteAddress: `10.0.0.${i + 1}`,
        payload: i % 2 === 0 ? fechas : { observacion: `Rechazo número ${i}` },
      }),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.statusCode === 200);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(49);
    const winner = ok[0].json();
    for (const c of conflicts) expect(c.json().message).toBe(MSG.reviewAlreadyDecided(winner.estado));

    const [row] = await query<{ estado: number; motivo_rechazo: string | null; revisado_por: number }>(
      app.db,
      sql`SELECT estado, motivo_rechazo, revisado_por FROM entregas WHERE id = ${id}`,
    );
    expect(row.estado).toBe(winner.codEstado);
    const audits = await query<{
      usuario_id: number;
      ip: string;
      datos: { entregaId: number; estado: number; motivo?: string };
    }>(
      app.db,
      sql`SELECT usuario_id, ip, datos FROM auditoria WHERE evento = 'entrega.reviewed' AND (datos->>'entregaId')::bigint = ${id}`,
    );
    expect(audits).toHaveLength(1);
    // The audit row says who, what and from where, and matches the stored result.
    expect(audits[0].usuario_id).toBe(row.revisado_por);
    expect(audits[0].ip).toMatch(/^10\.0\.0\.\d+$/);
    expect(audits[0].datos.estado).toBe(row.estado);
    if (row.estado === -1) expect(audits[0].datos.motivo).toBe(row.motivo_rechazo);
    // A rejection queues exactly one e-mail for that submission.
    const mails = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM correos_salida WHERE clave = ${`rechazo:${id}`}`,
    );
    expect(mails[0].n).toBe(row.estado === -1 ? 1 : 0);
  });
});

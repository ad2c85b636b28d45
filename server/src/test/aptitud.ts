import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';

/**
 * Approves, for one worker of one contract, what no temporary authorization stands in for (the
 * requirements with `dispensable` false: ARL affiliation, medical concept, heights and confined
 * spaces, the company's ARL; docs/decisions/182), so that a test can then grant an authorization for
 * the rest. Written directly, approved without an end date.
 */
export async function aprobarNoDispensables(
  db: Db,
  w: { contratoId: number; empleadoId: number },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado)
        SELECT (SELECT empresa_id FROM contratos WHERE id = ${w.contratoId}), CASE WHEN r.modulo = 'sg-personal' THEN ${w.contratoId}::int END, r.id,
               CASE WHEN r.modulo = 'sg-personal' THEN ${w.empleadoId}::int END, 'prueba', 1
          FROM requisitos r
         WHERE NOT r.dispensable AND r.activo AND r.modulo IN ('sg-sst', 'sg-personal')`,
  );
}

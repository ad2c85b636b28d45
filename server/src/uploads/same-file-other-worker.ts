import { sql } from 'drizzle-orm';
import { CARGA_MULTIPLE_MSG, ESTADO } from '@proveedores/domain';
import { query, type Db } from '../db/client';

/**
 * A warning, not a refusal: the very file (same SHA-256) is already the submission of another of the
 * company's workers for the same requirement, and that requirement is one person's document (the
 * catalogue's carga_multiple is false: an identity document, a medical concept). Copying one
 * worker's cédula onto another is the usual slip, or worse; the contractor is told at once and the
 * reviewer sees the same file on both (decision 139 is the deliberate case: one list for N workers).
 * Rejected submissions do not count: the slip was already caught.
 */
export async function sameFileOtherWorker(
  db: Db,
  opts: { empresaId: number; requisitoId: number; sha256: string; empleados: number[] },
): Promise<string[]> {
  const rows = await query<{ tipo_documento: string; numero_documento: string }>(
    db,
    sql`SELECT DISTINCT em.tipo_documento, em.numero_documento
          FROM entregas e
          JOIN archivos a ON a.id = e.archivo_id
          JOIN requisitos r ON r.id = e.requisito_id
          JOIN empleados em ON em.id = e.empleado_id
         WHERE e.empresa_id = ${opts.empresaId}
           AND e.requisito_id = ${opts.requisitoId}
           AND NOT r.carga_multiple
           AND a.sha256 = ${opts.sha256}
           AND e.estado <> ${ESTADO.RECHAZADO}
           AND NOT (e.empleado_id = ANY(${`{${opts.empleados.join(',')}}`}::int[]))
         ORDER BY 1, 2
         LIMIT 5`,
  );
  return rows.map((r) =>
    CARGA_MULTIPLE_MSG.mismoArchivoOtroTrabajador(`${r.tipo_documento} ${r.numero_documento}`),
  );
}

import { sql } from 'drizzle-orm';
import type { Contrato } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { habilitacionDeContratos, SIN_MINIMO } from '../autoevaluacion';

export type ContratoItem = Contrato & { fecha_inicio: string; regional_descrpcion: string | null };

/**
 * GET /api/contratista: the company's active contracts with the field names of the specification
 * (typos included), plus fecha_inicio and regional_descrpcion as extras. Staff (no company): none.
 */
export async function listContracts(opts: {
  db: Db;
  empresaId: number | null;
  /** Today in Colombia: which self-evaluation counts for the minimum 0312 score (decision 142). */
  hoy: string;
}): Promise<[{ contratos: ContratoItem[] }]> {
  if (opts.empresaId === null) return [{ contratos: [] }];
  const contratos = await query<ContratoItem>(
    opts.db,
    sql`SELECT c.id, c.descripcion AS detalle, c.regional_id, c.proyecto_id AS proyectos_id,
               c.actividad_id, c.tipo_contrato_id AS tipocontrato_id,
               p.descripcion AS proyectos_descrpcion, t.descripcion AS tipocontrato_descrpcion,
               a.descripcion AS actividad_descrpcion, r.descripcion AS regional_descrpcion,
               to_char(c.fecha_inicio, 'YYYY-MM-DD') AS fecha_inicio
          FROM contratos c
          JOIN proyectos p ON p.id = c.proyecto_id
          JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
          JOIN actividades a ON a.id = c.actividad_id
          LEFT JOIN regionales r ON r.id = c.regional_id
         WHERE c.empresa_id = ${opts.empresaId} AND c.activo
         ORDER BY p.descripcion, t.descripcion, a.descripcion, c.id`,
  );
  const habilitaciones = await habilitacionDeContratos(opts.db, opts.hoy, opts.empresaId);
  return [
    {
      contratos: contratos.map((c) => {
        const h = habilitaciones.get(c.id);
        return { ...c, habilitacion: h ?? SIN_MINIMO };
      }),
    },
  ];
}

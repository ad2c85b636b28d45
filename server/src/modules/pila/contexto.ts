import { sql } from 'drizzle-orm';
import {
  diasDelMes,
  fechaIso,
  finDiaColombia,
  inicioDiaColombia,
  type PilaContexto,
  type PilaTrabajador,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { diaColombiaSql } from '../../db/colombia-sql';

type Fila = {
  empleado_id: number;
  tipo_documento: string;
  numero_documento: string;
  nombre: string;
  fecha_ingreso: string | null;
  fecha_retiro: string | null;
  vinculado: boolean;
  activo: boolean;
  dias_obra: number;
  eps: string | null;
  arl: string | null;
};

/**
 * What the PILA reconciliation needs besides the file, for one contract and period
 * (docs/decisions/128), read from the database in three statements:
 *
 * - the contractor (NIT, check digit, name), the contract's activity's ARL class, the year's SMMLV;
 * - every worker of the company with, for this contract: linked or not, the entry date to the site
 *   (`fecini_seg_social` of the worker's data), the exit date from the contract, the Colombian days
 *   with a gate entry on the contract in the period, the EPS and ARL registered;
 * - whether the contract's project has any gate record in the period (without any, days on site are
 *   unknown: null, and the days check is not made).
 *
 * Expected in the period: linked to the contract (now, or withdrawn with an exit on or after the
 * period's first day), with an entry date on or before the period's last day (or none recorded), or
 * seen at the gate on the contract in the period. Registered: every worker of the company.
 */
export async function contextoPila(
  db: Db,
  opts: { empresaId: number; contratoId: number; ano: number; mes: number },
): Promise<PilaContexto> {
  const desde = fechaIso(opts.ano, opts.mes, 1);
  const hasta = fechaIso(opts.ano, opts.mes, diasDelMes(opts.ano, opts.mes));
  // The period's instants in Colombia: [desde 00:00, hasta + 1 00:00) (calendario.ts, decision 174).
  const inicio = inicioDiaColombia(desde).toISOString();
  const fin = finDiaColombia(hasta).toISOString();
  const [empresa] = await query<{
    nit: string;
    dv: number;
    razon_social: string;
    clase_riesgo: number;
    proyecto_id: number;
    smmlv: number | null;
    norma: string | null;
    registros: boolean;
  }>(
    db,
    sql`SELECT e.nit, e.dv, e.razon_social, a.clase_riesgo, c.proyecto_id, s.valor AS smmlv, s.norma,
               EXISTS (SELECT 1 FROM registros_porteria r
                        WHERE r.proyecto_id = c.proyecto_id AND r.at >= ${inicio}::timestamptz
                          AND r.at < ${fin}::timestamptz) AS registros
          FROM contratos c
          JOIN empresas e ON e.id = c.empresa_id
          JOIN actividades a ON a.id = c.actividad_id
          LEFT JOIN salarios_minimos s ON s.ano = ${opts.ano}
         WHERE c.id = ${opts.contratoId} AND c.empresa_id = ${opts.empresaId}`,
  );
  if (!empresa) throw new Error('contextoPila: contract not of the company');

  const filas = await query<Fila>(
    db,
    sql`SELECT em.id AS empleado_id, em.tipo_documento, em.numero_documento,
               trim(concat_ws(' ', em.nombres, em.apellidos, nullif(em.apellidos2, ''))) AS nombre,
               CASE WHEN em.datos->>'fecini_seg_social' ~ '^\\d{4}-\\d{2}-\\d{2}$'
                    THEN em.datos->>'fecini_seg_social' END AS fecha_ingreso,
               ec.fecha_retiro::text AS fecha_retiro,
               ec.empleado_id IS NOT NULL AS vinculado, coalesce(ec.activo, false) AS activo,
               coalesce(g.dias, 0)::int AS dias_obra,
               nullif(em.datos->>'eps', '') AS eps, nullif(em.datos->>'arl', '') AS arl
          FROM empleados em
          LEFT JOIN empleados_contratos ec ON ec.empleado_id = em.id AND ec.contrato_id = ${opts.contratoId}
          LEFT JOIN LATERAL (
            SELECT count(DISTINCT ${diaColombiaSql(sql`r.at`)}) AS dias
              FROM registros_porteria r
             WHERE r.empleado_id = em.id AND r.contrato_id = ${opts.contratoId} AND r.tipo = 'entrada'
               AND r.at >= ${inicio}::timestamptz
               AND r.at < ${fin}::timestamptz) g ON true
         WHERE em.empresa_id = ${opts.empresaId}
         ORDER BY nombre, em.id`,
  );

  const trabajador = (f: Fila): PilaTrabajador => ({
    empleadoId: f.empleado_id,
    tipodocumento: f.tipo_documento,
    numerodocumento: f.numero_documento,
    nombre: f.nombre,
    fechaIngreso: f.fecha_ingreso,
    fechaRetiro: f.fecha_retiro,
    diasEnObra: empresa.registros ? f.dias_obra : null,
    eps: f.eps,
    arl: f.arl,
  });
  const esperado = (f: Fila) =>
    f.dias_obra > 0 ||
    (f.vinculado &&
      (f.activo || (f.fecha_retiro !== null && f.fecha_retiro >= desde)) &&
      (f.fecha_retiro === null || f.fecha_retiro >= desde) &&
      (f.fecha_ingreso === null || f.fecha_ingreso <= hasta));

  return {
    nit: empresa.nit,
    dv: Number(empresa.dv),
    razonSocial: empresa.razon_social,
    ano: opts.ano,
    mes: opts.mes,
    claseRiesgo: Number(empresa.clase_riesgo),
    smmlv: empresa.smmlv === null ? null : { valor: Number(empresa.smmlv), norma: empresa.norma ?? '' },
    esperados: filas.filter(esperado).map(trabajador),
    registrados: filas.map(trabajador),
  };
}

import { sql } from 'drizzle-orm';
import {
  evaluacionQueCuenta,
  habilitacion,
  type EvaluacionFirmada,
  type Habilitacion,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';

/**
 * The minimum Resolución 0312 score per contract type, read from the database (docs/decisions/142).
 * The rule is the domain's (domain/src/autoevaluacion/habilitacion.ts); SQL only fetches, for each
 * company, its latest SIGNED version of this year and of last year (a draft never counts), with the
 * score stored when it was saved: the score printed on the signed form.
 */

/** Latest signed version per year, this year and last, of the company `empresa` (an SQL expression). */
const candidatas = (empresa: ReturnType<typeof sql>, hoy: string) => {
  const ano = Number(hoy.slice(0, 4));
  return sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('ano', f.ano, 'version', f.version, 'puntaje', f.puntaje)), '[]'::jsonb)
               FROM (SELECT DISTINCT ON (x.ano) x.ano, x.version, x.puntaje::float8 AS puntaje
                       FROM autoevaluaciones x
                      WHERE x.empresa_id = ${empresa} AND x.estado = 'firmada' AND x.ano IN (${ano}, ${ano - 1})
                      ORDER BY x.ano, x.version DESC) f)`;
};

type Fila = { minimo: number | string | null; firmadas: EvaluacionFirmada[] | string };
const firmadasDe = (f: Fila): EvaluacionFirmada[] =>
  (typeof f.firmadas === 'string' ? (JSON.parse(f.firmadas) as EvaluacionFirmada[]) : f.firmadas).map(
    (e) => ({
      ano: Number(e.ano),
      version: Number(e.version),
      puntaje: Number(e.puntaje),
    }),
  );
const evaluar = (f: Fila, hoy: string): Habilitacion =>
  habilitacion(f.minimo === null ? null : Number(f.minimo), evaluacionQueCuenta(firmadasDe(f), hoy));

/** Whether the company may hold contracts of the type (contract creation). Null: the type does not exist. */
export async function habilitacionDeTipo(
  db: Db,
  empresaId: number,
  tipoContratoId: number,
  hoy: string,
): Promise<(Habilitacion & { tipo: string }) | null> {
  const [f] = await query<Fila & { descripcion: string }>(
    db,
    sql`SELECT t.descripcion, t.puntaje_minimo_0312 AS minimo,
               CASE WHEN t.puntaje_minimo_0312 IS NULL THEN '[]'::jsonb ELSE ${candidatas(sql`${empresaId}`, hoy)} END AS firmadas
          FROM tipos_contrato t WHERE t.id = ${tipoContratoId}`,
  );
  return f ? { ...evaluar(f, hoy), tipo: f.descripcion } : null;
}

export type HabilitacionContrato = Habilitacion & { contratoId: number; empresaId: number };

/**
 * The active contracts whose type has a minimum, each with its habilitación: one query for the whole
 * request (a company's contracts, or every company's for the staff summary). A contract not in the
 * map has a type without a minimum (habilitado).
 */
export async function habilitacionDeContratos(
  db: Db,
  hoy: string,
  empresaId?: number,
): Promise<Map<number, HabilitacionContrato>> {
  const filas = await query<Fila & { contrato_id: number; empresa_id: number }>(
    db,
    sql`SELECT c.id AS contrato_id, c.empresa_id, t.puntaje_minimo_0312 AS minimo,
               ${candidatas(sql`c.empresa_id`, hoy)} AS firmadas
          FROM contratos c JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
         WHERE c.activo AND t.puntaje_minimo_0312 IS NOT NULL
               ${empresaId === undefined ? sql`` : sql`AND c.empresa_id = ${empresaId}`}`,
  );
  return new Map(
    filas.map((f) => [
      Number(f.contrato_id),
      { ...evaluar(f, hoy), contratoId: Number(f.contrato_id), empresaId: Number(f.empresa_id) },
    ]),
  );
}

/** The answer for a contract not in habilitacionDeContratos' map: its type has no minimum. */
export const SIN_MINIMO: Habilitacion = habilitacion(null, null);

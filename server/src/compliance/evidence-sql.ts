import { sql, type SQL } from 'drizzle-orm';
import {
  alertaVigencia,
  ESTADO,
  labelEstado,
  normalizeDocumentNumber,
  type CodEstado,
  type EstadoFields,
  type ModuloEvidencia,
} from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { queryPrepared } from '../db/prepared';
import { aplicaSql, codSlotSql } from './status-sql';

/**
 * The evidence of ONE scope (a contractor's list or upload): the engine's rule (status-sql.ts,
 * docs/decisions/110) for the scope the request names. A named contract or worker is judged as live
 * (what it owes while it works: the contractor only sees active contracts and their workers); the
 * set views of slots-sql.ts count live scopes only, where both give the same slots and statuses.
 * `hoy` is today in Colombia from the app's clock, the same day the home summary counts with.
 */

/**
 * Activity flags of the scope, one row: the contract's (only when it is the company's), or, for
 * the company-level sg-sst items, OR-ed over the company's ACTIVE contracts. `n` = contracts seen.
 */
export type Scope = { empresaId: number; contratoId: number | null };
function flagsSql(s: Scope): SQL {
  const contracts =
    s.contratoId === null
      ? sql`c.empresa_id = ${s.empresaId} AND c.activo`
      : sql`c.id = ${s.contratoId} AND c.empresa_id = ${s.empresaId}`;
  return sql`SELECT count(*)::int AS n, min(c.fecha_inicio)::text AS fecha_inicio,
                    coalesce(bool_or(a.alturas), false) AS alturas,
                    coalesce(bool_or(a.espacios_confinados), false) AS espacios_confinados,
                    coalesce(bool_or(a.flota), false) AS flota
               FROM contratos c JOIN actividades a ON a.id = c.actividad_id WHERE ${contracts}`;
}

export type RequisitoRow = {
  id: number;
  codigo: string;
  nombre_corto: string;
  detalle: string;
  opcional: boolean;
  extensiones: string;
  base_legal: string | null;
  /** The validity rule (decision 105; jsonb, null = none yet): which dates the upload asks for. */
  regla_vigencia?: unknown;
};

/** Active, applicable requisitos of a module (one of them when requisitoId is given), catalogue order. */
export async function applicableRequisitos(
  db: Db,
  modulo: ModuloEvidencia,
  scope: Scope,
  requisitoId?: number,
): Promise<RequisitoRow[]> {
  return query<RequisitoRow>(
    db,
    sql`WITH f AS (${flagsSql(scope)})
        SELECT r.id, r.codigo, r.nombre_corto, r.detalle, r.opcional, r.extensiones, r.base_legal,
               r.regla_vigencia
          FROM requisitos r CROSS JOIN f
         WHERE r.modulo = ${modulo} AND r.activo AND ${aplicaSql('r', 'f')}
           ${requisitoId === undefined ? sql`` : sql`AND r.id = ${requisitoId}`}
         ORDER BY r.orden, r.id`,
  );
}

export const slotKey = (requisitoId: number, ano: number | null = null, mes: number | null = null) =>
  `${requisitoId}:${ano ?? ''}:${mes ?? ''}`;

export const attachmentUrl = (idEntrega: number) => `/api/adminflujos/adjunto/${idEntrega}`;
export const annexUrl = (idAnexo: number) => `/api/adminflujos/adjunto/anexo/${idAnexo}`;

/** The state fields of a slot without any submission. */
export function pendingState(): EstadoFields {
  return {
    codEstado: ESTADO.PENDIENTE,
    estado: labelEstado(ESTADO.PENDIENTE),
    motivorechazo: null,
    nombreadjunto: null,
    idEntrega: null,
    comentario: null,
    fechacarga: null,
    vigencia: null,
    fechaExpedicion: null,
    urladjunto: null,
    alerta: null,
    anexos: [],
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();

type Joined = RequisitoRow & {
  n: number;
  fecha_inicio: string | null;
  empleado_id: number | null;
  e_id: number | null;
  ano: number | null;
  mes: number | null;
  archivo_id: number | null;
  nombre_archivo: string | null;
  comentario: string | null;
  motivo_rechazo: string | null;
  vigencia: string | null;
  fecha_expedicion: string | null;
  created_at: Date | string | null;
  cod_estado: number;
  anexos: Array<{ id: number; nombre: string; at: string }> | string | null;
};

export type EvidenceData = {
  /** Contracts in scope that belong to the company (0 = the contract is not the company's). */
  contratos: number;
  fechaInicio: string | null;
  /** The employee's id when one was asked for and exists in the company. */
  empleadoId: number | null;
  requisitos: RequisitoRow[];
  /** Current state by slotKey(requisito, ano, mes); slots without submissions are absent. */
  states: Map<string, EstadoFields>;
};

/** The SQL of loadEvidence (exported for EXPLAIN in benchmarks). */
export type EvidenceScope = Scope & {
  modulo: ModuloEvidencia;
  empleado: { tipo: string; numero: string } | null;
  periodic: boolean;
  /** Today in Colombia (YYYY-MM-DD) from the app's clock. */
  hoy: string;
  /** The expiry warning window of the home summary (EXPIRY_WARNING_DAYS). */
  warningDays: number;
};

export function evidenceSql(s: EvidenceScope): SQL {
  const empleado = s.empleado
    ? sql`(SELECT id FROM empleados WHERE empresa_id = ${s.empresaId}
             AND tipo_documento = ${s.empleado.tipo.trim().toUpperCase()}
             AND numero_documento = ${normalizeDocumentNumber(s.empleado.numero)})`
    : sql`NULL::int`;
  return sql`WITH f AS (${flagsSql(s)}),
        emp AS (SELECT ${empleado} AS id),
        req AS (
          SELECT r.id, r.codigo, r.nombre_corto, r.detalle, r.opcional, r.extensiones, r.base_legal, r.orden
            FROM requisitos r CROSS JOIN f
           WHERE r.modulo = ${s.modulo} AND r.activo AND ${aplicaSql('r', 'f')}),
        cur AS MATERIALIZED (
          SELECT DISTINCT ON (e.requisito_id, e.ano, e.mes)
                 e.id, e.requisito_id, e.ano, e.mes, e.archivo_id, e.nombre_archivo, e.comentario, e.estado,
                 e.motivo_rechazo, e.vigencia_hasta, e.fecha_expedicion, e.created_at
            FROM entregas e
           WHERE e.empresa_id = ${s.empresaId} AND e.requisito_id IN (SELECT id FROM req)
             AND ${s.contratoId === null ? sql`e.contrato_id IS NULL` : sql`e.contrato_id = ${s.contratoId}`}
             AND ${s.empleado ? sql`e.empleado_id = (SELECT id FROM emp)` : sql`e.empleado_id IS NULL`}
             AND ${s.periodic ? sql`e.ano IS NOT NULL AND e.mes IS NOT NULL` : sql`e.ano IS NULL AND e.mes IS NULL`}
           ORDER BY e.requisito_id, e.ano, e.mes, e.id DESC)
        SELECT req.id, req.codigo, req.nombre_corto, req.detalle, req.opcional, req.extensiones, req.base_legal,
               f.n, f.fecha_inicio, (SELECT id FROM emp) AS empleado_id,
               cur.id AS e_id, cur.ano, cur.mes, cur.archivo_id, cur.nombre_archivo, cur.comentario,
               cur.motivo_rechazo, cur.vigencia_hasta::text AS vigencia,
               cur.fecha_expedicion::text AS fecha_expedicion, cur.created_at,
               ${codSlotSql('cur', s.hoy)} AS cod_estado,
               CASE WHEN cur.id IS NULL THEN NULL ELSE
                 (SELECT json_agg(json_build_object('id', x.id, 'nombre', x.nombre_archivo, 'at', x.created_at) ORDER BY x.id)
                    FROM anexos x WHERE x.entrega_id = cur.id) END AS anexos
          FROM req CROSS JOIN f LEFT JOIN cur ON cur.requisito_id = req.id
         ORDER BY req.orden, req.id`;
}

/**
 * Everything one evidence list needs in ONE query (embedded PGlite pays per statement): scope
 * flags and ownership, applicable requisitos, the newest submission of every slot with its
 * status code, and that submission's annexes.
 */
export async function loadEvidence(db: Db, s: EvidenceScope): Promise<EvidenceData> {
  // Named prepared statement: on PostgreSQL planning cost as much as running it (0.36 vs 0.30 ms).
  const rows = await queryPrepared<Joined>(db, evidenceSql(s));

  const requisitos: RequisitoRow[] = [];
  const states = new Map<string, EstadoFields>();
  for (const r of rows) {
    if (requisitos[requisitos.length - 1]?.id !== r.id) {
      const { id, codigo, nombre_corto, detalle, opcional, extensiones, base_legal } = r;
      requisitos.push({ id, codigo, nombre_corto, detalle, opcional, extensiones, base_legal });
    }
    if (r.e_id === null) continue;
    const idEntrega = Number(r.e_id);
    const anexos = (typeof r.anexos === 'string' ? JSON.parse(r.anexos) : (r.anexos ?? [])) as Array<{
      id: number;
      nombre: string;
      at: string;
    }>;
    const code = Number(r.cod_estado);
    states.set(slotKey(r.id, r.ano, r.mes), {
      codEstado: code,
      estado: labelEstado(code as CodEstado) ?? String(code),
      motivorechazo: r.motivo_rechazo,
      nombreadjunto: r.archivo_id === null ? null : r.nombre_archivo,
      idEntrega,
      comentario: r.comentario,
      fechacarga: r.created_at === null ? null : iso(r.created_at),
      vigencia: r.vigencia,
      fechaExpedicion: r.fecha_expedicion,
      urladjunto: r.archivo_id === null ? null : attachmentUrl(idEntrega),
      alerta: alertaVigencia({
        codEstado: code,
        vigencia: r.vigencia,
        hoy: s.hoy,
        warningDays: s.warningDays,
      }),
      anexos: anexos.map((a) => ({
        id: Number(a.id),
        nombreadjunto: a.nombre,
        urladjunto: annexUrl(Number(a.id)),
        fechacarga: iso(a.at),
      })),
    });
  }
  const first = rows[0];
  return {
    contratos: first ? Number(first.n) : -1,
    fechaInicio: first?.fecha_inicio ?? null,
    empleadoId: first?.empleado_id ?? null,
    requisitos,
    states,
  };
}

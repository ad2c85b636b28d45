import { sql, type SQL } from 'drizzle-orm';
import {
  alertaVigencia,
  contratoEtiqueta,
  ESTADO,
  labelEstado,
  normalizeDocumentNumber,
  type CodEstado,
  type EstadoFields,
  type ModuloEvidencia,
} from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { isoSql } from '../db/iso-sql';
import { queryPrepared } from '../db/prepared';
import { reusoLateralSql, enVigorSql } from './reuso-sql';
import { aplicaSql, codSlotSql, flagsContratosSql, flagsEmpresaSql, vigenteLateralSql } from './status-sql';

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
  return s.contratoId === null
    ? flagsEmpresaSql(sql`c.empresa_id = ${s.empresaId}`, false)
    : flagsContratosSql(sql`c.id = ${s.contratoId} AND c.empresa_id = ${s.empresaId}`, false);
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
    reuso: null,
    renovacion: null,
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
  /** ISO 8601 in UTC (isoSql). */
  created_at: string | null;
  cod_estado: number;
  anexos: Array<{ id: number; nombre: string; at: string }> | string | null;
  reuso_contrato_id: number | null;
  reuso_proyecto: string | null;
  reuso_tipo: string | null;
  reuso_actividad: string | null;
  propia_id: number | string | null;
  propia_cod: number | null;
  renovacion_id: number | string | null;
  renovacion_at: string | null;
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

/** A document's catalogue columns, sent on its first row only (FIRST_OF_DOC, in the order of window w). */
const DOC_COLUMNS = ['codigo', 'nombre_corto', 'detalle', 'opcional', 'extensiones', 'base_legal'] as const;
const FIRST_OF_DOC = sql`lag(req.id) OVER w IS DISTINCT FROM req.id`;

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
        -- A periodic list has a row per document and period: the document's texts come on its first
        -- row only, and the scope's fields on the statement's first row (the driver then decodes a
        -- third fewer fields; decision 155).
        SELECT req.id, ${sql.join(
          DOC_COLUMNS.map((c) => sql`CASE WHEN ${FIRST_OF_DOC} THEN req.${sql.raw(c)} END AS ${sql.raw(c)}`),
          sql`, `,
        )},
               CASE WHEN row_number() OVER w = 1 THEN f.n END AS n,
               CASE WHEN row_number() OVER w = 1 THEN f.fecha_inicio END AS fecha_inicio,
               CASE WHEN row_number() OVER w = 1 THEN (SELECT id FROM emp) END AS empleado_id,
               ef.id AS e_id, cur.ano, cur.mes, ef.archivo_id, ef.nombre_archivo, ef.comentario,
               ef.motivo_rechazo, ef.vigencia_hasta::text AS vigencia,
               ef.fecha_expedicion::text AS fecha_expedicion, ${isoSql('ef.created_at')} AS created_at,
               ${codSlotSql('ef', s.hoy)} AS cod_estado,
               CASE WHEN ef.id IS NULL THEN NULL ELSE
                 (SELECT json_agg(json_build_object('id', x.id, 'nombre', x.nombre_archivo, 'at', x.created_at) ORDER BY x.id)
                    FROM anexos x WHERE x.entrega_id = ef.id) END AS anexos,
               ru.contrato_id AS reuso_contrato_id, rp.descripcion AS reuso_proyecto,
               rt.descripcion AS reuso_tipo, ra.descripcion AS reuso_actividad,
               CASE WHEN ru.id IS NOT NULL THEN cur.id END AS propia_id,
               CASE WHEN ru.id IS NOT NULL AND cur.id IS NOT NULL THEN ${codSlotSql('cur', s.hoy)} END AS propia_cod,
               CASE WHEN vg.id IS NOT NULL AND cur.estado = ${sql.raw(String(ESTADO.CARGADO))} THEN cur.id END AS renovacion_id,
               CASE WHEN vg.id IS NOT NULL AND cur.estado = ${sql.raw(String(ESTADO.CARGADO))}
                    THEN ${isoSql('cur.created_at')} END AS renovacion_at
          FROM req CROSS JOIN f LEFT JOIN cur ON cur.requisito_id = req.id
          -- An approval in force keeps counting while its renewal awaits review (docs/decisions/164).
          ${vigenteLateralSql({
            as: 'vg',
            ultima: 'cur',
            donde: sql`v.empresa_id = ${s.empresaId} AND v.requisito_id = cur.requisito_id
              AND ${s.contratoId === null ? sql`v.contrato_id IS NULL` : sql`v.contrato_id = ${s.contratoId}`}
              AND ${s.empleado ? sql`v.empleado_id = (SELECT id FROM emp)` : sql`v.empleado_id IS NULL`}
              AND ${s.periodic ? sql`v.ano = cur.ano AND v.mes = cur.mes` : sql`v.ano IS NULL AND v.mes IS NULL`}`,
            hoy: s.hoy,
          })}
          -- A worker's approved document of another contract of the company (docs/decisions/138).
          ${reusoLateralSql({
            as: 'ru',
            empresa: sql`${s.empresaId}::int`,
            requisito: sql`req.id`,
            contrato: sql`${s.contratoId}::int`,
            empleado: sql`(SELECT id FROM emp)`,
            omitir:
              s.empleado && s.contratoId !== null && !s.periodic
                ? sql`(vg.id IS NOT NULL OR ${enVigorSql('cur', s.hoy)} OR (SELECT id FROM emp) IS NULL)`
                : sql`true`,
            hoy: s.hoy,
          })}
          LEFT JOIN entregas ef ON ef.id = coalesce(ru.id, vg.id, cur.id)
          LEFT JOIN contratos rc ON rc.id = ru.contrato_id
          LEFT JOIN proyectos rp ON rp.id = rc.proyecto_id
          LEFT JOIN tipos_contrato rt ON rt.id = rc.tipo_contrato_id
          LEFT JOIN actividades ra ON ra.id = rc.actividad_id
        WINDOW w AS (ORDER BY req.orden, req.id, cur.ano, cur.mes)
         ORDER BY req.orden, req.id, cur.ano, cur.mes`;
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
      fechacarga: r.created_at,
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
      renovacion:
        r.renovacion_id === null
          ? null
          : { idEntrega: Number(r.renovacion_id), fechacarga: r.renovacion_at! },
      reuso:
        r.reuso_contrato_id === null
          ? null
          : {
              contratoId: Number(r.reuso_contrato_id),
              contrato: contratoEtiqueta({
                proyecto: r.reuso_proyecto,
                tipoContrato: r.reuso_tipo,
                actividad: r.reuso_actividad,
              }),
              propia:
                r.propia_id === null
                  ? null
                  : {
                      idEntrega: Number(r.propia_id),
                      codEstado: Number(r.propia_cod),
                      estado: labelEstado(Number(r.propia_cod) as CodEstado) ?? String(r.propia_cod),
                    },
            },
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

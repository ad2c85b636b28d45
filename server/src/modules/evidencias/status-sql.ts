import { sql, type SQL } from 'drizzle-orm';
import {
  ESTADO,
  labelEstado,
  type CodEstado,
  type EstadoFields,
  type ModuloEvidencia,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';

/**
 * The status rules in SQL, shared by every evidence list (and usable by reports):
 * the newest entregas row of a slot is its state; none = -2; estado 1 past vigencia_hasta = 9.
 */
export const codEstadoSql = (e: string): SQL =>
  sql.raw(
    `CASE WHEN ${e}.id IS NULL THEN ${ESTADO.PENDIENTE} ` +
      `WHEN ${e}.estado = ${ESTADO.APROBADO} AND ${e}.vigencia_hasta < current_date THEN ${ESTADO.VENCIDO} ` +
      `ELSE ${e}.estado END`,
  );

/** Whether requisito r applies to activity a (requisitos.aplica_si: null = always). */
export const aplicaSql = (r: string, a: string): SQL =>
  sql.raw(
    `(${r}.aplica_si IS NULL OR (${r}.aplica_si = 'alturas' AND ${a}.alturas) ` +
      `OR (${r}.aplica_si = 'espacios_confinados' AND ${a}.espacios_confinados) ` +
      `OR (${r}.aplica_si = 'flota' AND ${a}.flota))`,
  );

/**
 * Applicability of the catalogue: to one contract (its activity), or, for the company-level
 * sg-sst items, to the company when ANY of its active contracts involves the condition.
 */
export function applicableSql(scope: { contratoId: number } | { empresaId: number }): SQL {
  const contracts =
    'contratoId' in scope
      ? sql`c.id = ${scope.contratoId}`
      : sql`c.empresa_id = ${scope.empresaId} AND c.activo`;
  return sql`(r.aplica_si IS NULL OR EXISTS (
    SELECT 1 FROM contratos c JOIN actividades a ON a.id = c.actividad_id
     WHERE ${contracts} AND ${aplicaSql('r', 'a')}))`;
}

export type RequisitoRow = {
  id: number;
  codigo: string;
  nombre_corto: string;
  detalle: string;
  opcional: boolean;
  extensiones: string;
  base_legal: string | null;
};

export async function applicableRequisitos(
  db: Db,
  modulo: ModuloEvidencia,
  scope: { contratoId: number } | { empresaId: number },
  requisitoId?: number,
): Promise<RequisitoRow[]> {
  return query<RequisitoRow>(
    db,
    sql`SELECT r.id, r.codigo, r.nombre_corto, r.detalle, r.opcional, r.extensiones, r.base_legal
          FROM requisitos r
         WHERE r.modulo = ${modulo} AND r.activo AND ${applicableSql(scope)}
           ${requisitoId === undefined ? sql`` : sql`AND r.id = ${requisitoId}`}
         ORDER BY r.orden, r.id`,
  );
}

/** Which slots to read: the company's, narrowed to one contract / employee, periodic or not. */
export type SlotScope = {
  empresaId: number;
  modulo: ModuloEvidencia;
  contratoId: number | null;
  empleadoId: number | null;
  periodic: boolean;
};

type CurrentRow = {
  id: number;
  requisito_id: number;
  ano: number | null;
  mes: number | null;
  archivo_id: number | null;
  nombre_archivo: string | null;
  comentario: string | null;
  motivo_rechazo: string | null;
  vigencia: string | null;
  created_at: Date | string;
  cod_estado: number;
  anexos: Array<{ id: number; nombre: string; at: string }> | string | null;
};

export const slotKey = (requisitoId: number, ano: number | null = null, mes: number | null = null) =>
  `${requisitoId}:${ano ?? ''}:${mes ?? ''}`;

const iso = (d: Date | string) => new Date(d).toISOString();

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
    urladjunto: null,
    anexos: [],
  };
}

/** Current state of every slot in scope, keyed by slotKey(requisito, ano, mes). One query. */
export async function currentStates(db: Db, s: SlotScope): Promise<Map<string, EstadoFields>> {
  const rows = await query<CurrentRow>(
    db,
    sql`WITH cur AS (
          SELECT DISTINCT ON (e.requisito_id, e.ano, e.mes) e.*
            FROM entregas e JOIN requisitos r ON r.id = e.requisito_id
           WHERE e.empresa_id = ${s.empresaId} AND r.modulo = ${s.modulo}
             AND ${s.contratoId === null ? sql`e.contrato_id IS NULL` : sql`e.contrato_id = ${s.contratoId}`}
             AND ${s.empleadoId === null ? sql`e.empleado_id IS NULL` : sql`e.empleado_id = ${s.empleadoId}`}
             AND ${s.periodic ? sql`e.ano IS NOT NULL AND e.mes IS NOT NULL` : sql`e.ano IS NULL AND e.mes IS NULL`}
           ORDER BY e.requisito_id, e.ano, e.mes, e.id DESC)
        SELECT cur.id, cur.requisito_id, cur.ano, cur.mes, cur.archivo_id, cur.nombre_archivo, cur.comentario,
               cur.motivo_rechazo, cur.vigencia_hasta::text AS vigencia, cur.created_at,
               ${codEstadoSql('cur')} AS cod_estado,
               (SELECT json_agg(json_build_object('id', x.id, 'nombre', x.nombre_archivo, 'at', x.created_at) ORDER BY x.id)
                  FROM anexos x WHERE x.entrega_id = cur.id) AS anexos
          FROM cur`,
  );
  const out = new Map<string, EstadoFields>();
  for (const r of rows) {
    const id = Number(r.id);
    const anexos = (typeof r.anexos === 'string' ? JSON.parse(r.anexos) : (r.anexos ?? [])) as Array<{
      id: number;
      nombre: string;
      at: string;
    }>;
    out.set(slotKey(r.requisito_id, r.ano, r.mes), {
      codEstado: Number(r.cod_estado),
      estado: labelEstado(Number(r.cod_estado) as CodEstado) ?? String(r.cod_estado),
      motivorechazo: r.motivo_rechazo,
      nombreadjunto: r.archivo_id === null ? null : r.nombre_archivo,
      idEntrega: id,
      comentario: r.comentario,
      fechacarga: iso(r.created_at),
      vigencia: r.vigencia,
      urladjunto: r.archivo_id === null ? null : attachmentUrl(id),
      anexos: anexos.map((a) => ({
        id: Number(a.id),
        nombreadjunto: a.nombre,
        urladjunto: annexUrl(Number(a.id)),
        fechacarga: iso(a.at),
      })),
    });
  }
  return out;
}

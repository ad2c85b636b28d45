import { sql, type SQL } from 'drizzle-orm';
import {
  labelEstado,
  formatLapso,
  MODULOS,
  type ArchivoRef,
  type CodEstado,
  type EntregaRevision,
  type FechasLeidas,
  type ModuloCodigo,
  type ReglaVigencia,
} from '@proveedores/domain';
import { codEntregaSql } from '../../compliance/status-sql';
import { reglaDeFila, type ReglaDeEntrega } from './validity';

/**
 * The one SELECT behind the queue and the detail of a submission, and its presenter.
 * Status at read time by `codEntregaSql` (decisions 093, 110): estado 1 with vigencia_hasta before
 * today (Colombia) is 9 'Vencido', a submission awaiting review with a newer one in its slot is 2
 * 'Reemplazado': the same codes the history shows.
 */
export const attachmentUrl = (entregaId: number) => `/api/adminflujos/adjunto/${entregaId}`;
export const annexUrl = (anexoId: number) => `/api/adminflujos/adjunto/anexo/${anexoId}`;

/** Same slot as entregas row `a` (NULL keys compare equal). */
export const sameSlot = (a: string, b: string): SQL =>
  sql.raw(
    `${b}.empresa_id = ${a}.empresa_id AND ${b}.requisito_id = ${a}.requisito_id ` +
      `AND ${b}.contrato_id IS NOT DISTINCT FROM ${a}.contrato_id AND ${b}.empleado_id IS NOT DISTINCT FROM ${a}.empleado_id ` +
      `AND ${b}.ano IS NOT DISTINCT FROM ${a}.ano AND ${b}.mes IS NOT DISTINCT FROM ${a}.mes`,
  );

export function entregaSelect(hoy: string): SQL {
  return sql`
    SELECT e.id, r.modulo, emp.id AS empresa_id, emp.nit, emp.dv, emp.razon_social, emp.activa,
           c.id AS contrato_id, c.descripcion AS contrato, p.id AS proyecto_id, p.descripcion AS proyecto,
           act.descripcion AS actividad, tc.descripcion AS tipo_contrato,
           r.id AS requisito_id, r.codigo, r.nombre_corto, r.detalle, r.extensiones, r.opcional, r.vigencia_dias,
           r.base_legal, r.motivos_rechazo, r.regla_vigencia,
           e.fecha_expedicion::text AS fecha_expedicion, e.fecha_vencimiento_doc::text AS fecha_vencimiento_doc,
           e.proximo_examen::text AS proximo_examen, e.periodo_certificado, e.fechas_leidas, e.fechas_declaradas,
           em.id AS empleado_id, em.tipo_documento, em.numero_documento,
           trim(concat_ws(' ', em.nombres, em.apellidos, em.apellidos2)) AS empleado_nombre,
           e.ano, e.mes, e.archivo_id, e.nombre_archivo, f.tipo_mime, f.tamano, f.extension,
           e.comentario, e.created_at, e.estado, ${codEntregaSql('e', hoy)} AS cod_estado,
           e.motivo_rechazo, e.vigencia_hasta::text AS vigencia_hasta, e.revisado_at,
           up.id AS up_id, up.username AS up_username, up.nombre AS up_nombre,
           rv.id AS rv_id, rv.username AS rv_username, rv.nombre AS rv_nombre,
           (SELECT json_agg(json_build_object('id', x.id, 'nombre', x.nombre_archivo, 'at', x.created_at) ORDER BY x.id)
              FROM anexos x WHERE x.entrega_id = e.id) AS anexos,
           prev.id AS prev_id, prev.archivo_id AS prev_archivo_id, prev.nombre_archivo AS prev_nombre,
           prev.tipo_mime AS prev_tipo_mime, prev.tamano AS prev_tamano, prev.extension AS prev_extension,
           prev.comentario AS prev_comentario, prev.created_at AS prev_created_at, prev.revisado_at AS prev_revisado_at,
           prev.vigencia_hasta AS prev_vigencia_hasta, prev.cod_estado AS prev_cod_estado,
           NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('e', 'n')} AND n.id > e.id) AS es_actual
      FROM entregas e
      JOIN requisitos r ON r.id = e.requisito_id
      JOIN empresas emp ON emp.id = e.empresa_id
      LEFT JOIN contratos c ON c.id = e.contrato_id
      LEFT JOIN proyectos p ON p.id = c.proyecto_id
      LEFT JOIN actividades act ON act.id = c.actividad_id
      LEFT JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id
      LEFT JOIN empleados em ON em.id = e.empleado_id
      LEFT JOIN archivos f ON f.id = e.archivo_id
      LEFT JOIN usuarios up ON up.id = e.cargado_por
      LEFT JOIN usuarios rv ON rv.id = e.revisado_por
      LEFT JOIN LATERAL (
        SELECT pe.id, pe.archivo_id, pe.nombre_archivo, pf.tipo_mime, pf.tamano, pf.extension, pe.comentario,
               pe.created_at, pe.revisado_at, pe.vigencia_hasta::text AS vigencia_hasta, ${codEntregaSql('pe', hoy)} AS cod_estado
          FROM entregas pe LEFT JOIN archivos pf ON pf.id = pe.archivo_id
         WHERE ${sameSlot('e', 'pe')} AND pe.id < e.id AND pe.estado = 1
         ORDER BY pe.id DESC LIMIT 1) prev ON true`;
}

export type EntregaRow = {
  id: number | string;
  modulo: ModuloCodigo;
  empresa_id: number;
  nit: string;
  dv: number;
  razon_social: string;
  activa: boolean;
  contrato_id: number | null;
  contrato: string | null;
  proyecto_id: number | null;
  proyecto: string | null;
  actividad: string | null;
  tipo_contrato: string | null;
  requisito_id: number;
  codigo: string;
  nombre_corto: string;
  detalle: string;
  extensiones: string;
  opcional: boolean;
  vigencia_dias: number | null;
  base_legal: string | null;
  motivos_rechazo: string[] | string | null;
  regla_vigencia: ReglaVigencia | string | null;
  fecha_expedicion: string | null;
  fecha_vencimiento_doc: string | null;
  proximo_examen: string | null;
  periodo_certificado: string | null;
  fechas_leidas: FechasLeidas | string | null;
  fechas_declaradas: FechasLeidas | string | null;
  empleado_id: number | null;
  tipo_documento: string | null;
  numero_documento: string | null;
  empleado_nombre: string | null;
  ano: number | null;
  mes: number | null;
  archivo_id: number | string | null;
  nombre_archivo: string | null;
  tipo_mime: string | null;
  tamano: number | null;
  extension: string | null;
  comentario: string | null;
  created_at: Date | string;
  estado: number;
  cod_estado: number;
  motivo_rechazo: string | null;
  vigencia_hasta: string | null;
  revisado_at: Date | string | null;
  up_id: number | null;
  up_username: string | null;
  up_nombre: string | null;
  rv_id: number | null;
  rv_username: string | null;
  rv_nombre: string | null;
  anexos: Array<{ id: number; nombre: string; at: string }> | string | null;
  prev_id: number | string | null;
  prev_archivo_id: number | string | null;
  prev_nombre: string | null;
  prev_tipo_mime: string | null;
  prev_tamano: number | null;
  prev_extension: string | null;
  prev_comentario: string | null;
  prev_created_at: Date | string | null;
  prev_revisado_at: Date | string | null;
  prev_vigencia_hasta: string | null;
  prev_cod_estado: number | null;
  es_actual: boolean;
};

export const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
export const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function moduloNombre(modulo: ModuloCodigo): string {
  return MODULOS.find((m) => m.codigo === modulo)?.nombre ?? modulo;
}

export const estadoLabel = (code: number) => labelEstado(code as CodEstado) ?? String(code);

function archivo(
  id: number | string | null,
  entregaId: number,
  nombre: string | null,
  mime: string | null,
  tamano: number | null,
  ext: string | null,
): ArchivoRef | null {
  if (id === null) return null;
  return {
    nombre: nombre ?? 'archivo',
    url: attachmentUrl(entregaId),
    tipoMime: mime ?? 'application/octet-stream',
    tamano: Number(tamano ?? 0),
    extension: ext ?? '',
  };
}

export type Vigencias = {
  /** The validity an approval gets now: by the rule when the requirement has one (decision 105). */
  sugerida: (vigenciaDias: number | null, regla: ReglaDeEntrega | null) => string | null;
  maxima: string;
};

export function presentEntrega(r: EntregaRow, vig: Vigencias): EntregaRevision {
  const id = Number(r.id);
  const prevId = r.prev_id === null ? null : Number(r.prev_id);
  return {
    id,
    modulo: r.modulo,
    moduloNombre: moduloNombre(r.modulo),
    empresa: { id: r.empresa_id, nit: r.nit, dv: r.dv, razonSocial: r.razon_social, activa: r.activa },
    contrato:
      r.contrato_id === null
        ? null
        : {
            id: r.contrato_id,
            descripcion: r.contrato ?? '',
            proyectoId: r.proyecto_id ?? 0,
            proyecto: r.proyecto ?? '',
            actividad: r.actividad ?? '',
            tipoContrato: r.tipo_contrato ?? '',
          },
    requisito: {
      id: r.requisito_id,
      codigo: r.codigo,
      nombreCorto: r.nombre_corto,
      detalle: r.detalle,
      extensiones: r.extensiones,
      opcional: r.opcional,
      vigenciaDias: r.vigencia_dias,
      baseLegal: r.base_legal,
      motivosRechazo: json<string[]>(r.motivos_rechazo) ?? [],
    },
    empleado:
      r.empleado_id === null
        ? null
        : {
            id: r.empleado_id,
            tipoDocumento: r.tipo_documento ?? '',
            numeroDocumento: r.numero_documento ?? '',
            nombre: r.empleado_nombre ?? '',
          },
    periodo:
      r.ano !== null && r.mes !== null ? { ano: r.ano, mes: r.mes, lapso: formatLapso(r.ano, r.mes) } : null,
    archivo: archivo(r.archivo_id, id, r.nombre_archivo, r.tipo_mime, r.tamano, r.extension),
    comentario: r.comentario,
    cargadoAt: iso(r.created_at),
    cargadoPor:
      r.up_id === null ? null : { id: r.up_id, username: r.up_username ?? '', nombre: r.up_nombre ?? '' },
    anexos: (json<Array<{ id: number; nombre: string; at: string }>>(r.anexos) ?? []).map((a) => ({
      id: Number(a.id),
      nombre: a.nombre,
      url: annexUrl(Number(a.id)),
      cargadoAt: iso(a.at),
    })),
    codEstado: Number(r.cod_estado),
    estado: estadoLabel(Number(r.cod_estado)),
    motivoRechazo: r.motivo_rechazo,
    vigenciaHasta: r.vigencia_hasta,
    revisadoAt: isoOrNull(r.revisado_at),
    revisadoPor:
      r.rv_id === null ? null : { id: r.rv_id, username: r.rv_username ?? '', nombre: r.rv_nombre ?? '' },
    anterior:
      prevId === null
        ? null
        : {
            id: prevId,
            archivo: archivo(
              r.prev_archivo_id,
              prevId,
              r.prev_nombre,
              r.prev_tipo_mime,
              r.prev_tamano,
              r.prev_extension,
            ),
            comentario: r.prev_comentario,
            cargadoAt: iso(r.prev_created_at ?? new Date(0)),
            revisadoAt: isoOrNull(r.prev_revisado_at),
            vigenciaHasta: r.prev_vigencia_hasta,
            codEstado: Number(r.prev_cod_estado),
            estado: estadoLabel(Number(r.prev_cod_estado)),
          },
    vigenciaSugerida: vig.sugerida(r.vigencia_dias, reglaDeFila(r)),
    vigenciaMaxima: vig.maxima,
    esActual: r.es_actual,
  };
}

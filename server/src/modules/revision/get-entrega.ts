import { sql } from 'drizzle-orm';
import {
  camposDeRegla,
  MSG,
  reglaVigencia,
  type EntregaDetalle,
  type FechasLeidas,
  type FechasRevision,
} from '@proveedores/domain';
import { codEntregaSql } from '../../compliance/status-sql';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  attachmentUrl,
  entregaSelect,
  estadoLabel,
  iso,
  json,
  presentEntrega,
  sameSlot,
  type EntregaRow,
} from './entrega-sql';
import { pendientesDeMismaCarga } from './misma-carga';
import { byRule, faltantes, reglaDeFila, validityWindow } from './validity';

type HistRow = {
  id: number | string;
  cod_estado: number;
  archivo_id: number | string | null;
  nombre_archivo: string | null;
  tipo_mime: string | null;
  tamano: number | null;
  extension: string | null;
  comentario: string | null;
  created_at: Date | string;
  motivo_rechazo: string | null;
  vigencia_hasta: string | null;
  revisado_at: Date | string | null;
};

/** GET /api/revision/entregas/{id}: any submission of any company, with its slot's history. */
export async function getEntrega(opts: {
  db: Db;
  id: number;
  hoy: string;
  maxDays: number;
}): Promise<EntregaDetalle> {
  const { db, id, hoy } = opts;
  const [row] = await query<EntregaRow>(db, sql`${entregaSelect(hoy)} WHERE e.id = ${id}`);
  if (!row) throw new AppError('not_found', MSG.reviewNotFound);
  const hist = await query<HistRow>(
    db,
    sql`SELECT h.id, ${codEntregaSql('h', hoy)} AS cod_estado, h.archivo_id, h.nombre_archivo, f.tipo_mime, f.tamano, f.extension,
               h.comentario, h.created_at, h.motivo_rechazo, h.vigencia_hasta::text AS vigencia_hasta, h.revisado_at
          FROM entregas e JOIN entregas h ON ${sameSlot('e', 'h')}
          LEFT JOIN archivos f ON f.id = h.archivo_id
         WHERE e.id = ${id}
         ORDER BY h.id DESC`,
  );
  // One upload for many workers (docs/decisions/139): the workers whose submissions share the file.
  const [compartido] = await query<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT s.empleado_id)::int AS n
          FROM entregas e JOIN entregas s ON s.archivo_id = e.archivo_id AND s.empresa_id = e.empresa_id
         WHERE e.id = ${id}`,
  );
  return {
    ...presentEntrega(row, validityWindow(hoy, opts.maxDays)),
    fechas: fechasRevision(row),
    compartidoCon: Number(compartido?.n ?? 0),
    mismaCargaPendientes: await pendientesDeMismaCarga(db, id),
    historial: hist.map((h) => {
      const hid = Number(h.id);
      return {
        id: hid,
        codEstado: Number(h.cod_estado),
        estado: estadoLabel(Number(h.cod_estado)),
        archivo:
          h.archivo_id === null
            ? null
            : {
                nombre: h.nombre_archivo ?? 'archivo',
                url: attachmentUrl(hid),
                tipoMime: h.tipo_mime ?? 'application/octet-stream',
                tamano: Number(h.tamano ?? 0),
                extension: h.extension ?? '',
              },
        comentario: h.comentario,
        cargadoAt: iso(h.created_at),
        motivoRechazo: h.motivo_rechazo,
        vigenciaHasta: h.vigencia_hasta,
        revisadoAt: h.revisado_at === null ? null : iso(h.revisado_at),
      };
    }),
  };
}

/**
 * The document dates side by side (decision 113): the rule, what it asks for, what was read, what
 * the contractor sent, what is stored and the end the rule gives with the stored dates.
 */
function fechasRevision(row: EntregaRow): FechasRevision {
  const vigentes: FechasLeidas = {
    expedicion: row.fecha_expedicion,
    vencimiento: row.fecha_vencimiento_doc,
    proximoExamen: row.proximo_examen,
  };
  const parsed = reglaVigencia.safeParse(json(row.regla_vigencia));
  const deEntrega = parsed.success ? reglaDeFila({ ...row, regla_vigencia: parsed.data }) : null;
  return {
    regla: deEntrega && {
      tipo: deEntrega.regla.tipo,
      nombre: MSG.reglaVigenciaTipo[deEntrega.regla.tipo],
      baseLegal: deEntrega.regla.baseLegal,
      definicion: deEntrega.regla,
    },
    periodo: row.periodo_certificado,
    pide: deEntrega ? camposDeRegla(deEntrega.regla) : [],
    leidas: json<FechasLeidas>(row.fechas_leidas),
    declaradas: json<FechasLeidas>(row.fechas_declaradas),
    vigentes,
    finSegunRegla: deEntrega && byRule(deEntrega),
    faltan: deEntrega ? faltantes(deEntrega) : [],
  };
}

import { sql } from 'drizzle-orm';
import { formatLapso, MSG, type ModuloCodigo } from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { moduloNombre } from './entrega-sql';

/** The page of the portal where each module's items are uploaded (docs/contract.md, Screens and routes). */
export const MODULO_RUTA: Record<ModuloCodigo, string> = {
  'sg-sst': 'sg-sst',
  'sg-personal': 'ingreso-personal',
  'g-riesgo': 'gestion-riesgo',
  'g-retenido': 'retenido',
};

export const moduloLink = (config: Pick<Config, 'publicUrl'>, modulo: ModuloCodigo) =>
  `${config.publicUrl.replace(/\/+$/, '')}/#/${MODULO_RUTA[modulo]}`;

/** Where a company's notices go: its notifications e-mail, else its account e-mail. */
export const destinatarioSql = (empresaId: number) => sql`
  SELECT coalesce(nullif(trim(u.correo_notificaciones), ''), u.correo) AS para, u.nombre
    FROM usuarios u
   WHERE u.empresa_id = ${empresaId} AND u.tipo = 'default' AND u.activo
   ORDER BY u.id LIMIT 1`;

type Row = {
  modulo: ModuloCodigo;
  nombre_corto: string;
  razon_social: string;
  nit: string;
  empresa_id: number;
  proyecto: string | null;
  contrato: string | null;
  empleado: string | null;
  ano: number | null;
  mes: number | null;
  nombre_archivo: string | null;
  motivo_rechazo: string;
};

/**
 * Queues (in the caller's transaction) the notice of a rejection: which item, why, and a link to
 * the page where it is uploaded again. Keyed 'rechazo:{entregaId}', so it is never queued twice.
 */
export async function queueRejectionMail(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  entregaId: number;
}): Promise<void> {
  const { db, config, entregaId } = opts;
  const [r] = await query<Row>(
    db,
    sql`SELECT req.modulo, req.nombre_corto, emp.razon_social, emp.nit, emp.id AS empresa_id,
               p.descripcion AS proyecto, c.descripcion AS contrato,
               CASE WHEN em.id IS NULL THEN NULL
                    ELSE concat(em.tipo_documento, ' ', em.numero_documento, ' - ', trim(concat_ws(' ', em.nombres, em.apellidos, em.apellidos2))) END AS empleado,
               e.ano, e.mes, e.nombre_archivo, e.motivo_rechazo
          FROM entregas e
          JOIN requisitos req ON req.id = e.requisito_id
          JOIN empresas emp ON emp.id = e.empresa_id
          LEFT JOIN contratos c ON c.id = e.contrato_id
          LEFT JOIN proyectos p ON p.id = c.proyecto_id
          LEFT JOIN empleados em ON em.id = e.empleado_id
         WHERE e.id = ${entregaId}`,
  );
  if (!r) return;
  const [to] = await query<{ para: string; nombre: string }>(db, destinatarioSql(r.empresa_id));
  if (!to?.para) return;
  const link = moduloLink(config, r.modulo);
  const lines = [
    `Hola ${to.nombre},`,
    '',
    `El documento "${r.nombre_corto}" cargado por ${r.razon_social} (NIT ${r.nit}) fue rechazado.`,
    '',
    `Módulo: ${moduloNombre(r.modulo)}`,
    ...(r.proyecto ? [`Proyecto: ${r.proyecto}${r.contrato ? ` - ${r.contrato}` : ''}`] : []),
    ...(r.empleado ? [`Trabajador: ${r.empleado}`] : []),
    ...(r.ano !== null && r.mes !== null ? [`Lapso: ${formatLapso(r.ano, r.mes)}`] : []),
    ...(r.nombre_archivo ? [`Archivo: ${r.nombre_archivo}`] : []),
    `Motivo del rechazo: ${r.motivo_rechazo}`,
    '',
    `Cargue nuevamente el documento corregido en ${link}`,
  ];
  await opts.mailer.queue(db, {
    to: to.para,
    subject: MSG.rejectionMailSubject(r.nombre_corto),
    text: lines.join('\n'),
    clave: `rechazo:${entregaId}`,
  });
}

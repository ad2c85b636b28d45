import { sql } from 'drizzle-orm';
import {
  sumarDias,
  hoyEnColombia,
  ESTADO,
  formatDia,
  formatLapso,
  horaEnColombia,
  MODULOS,
  MSG,
  type ModuloCodigo,
} from '@proveedores/domain';
import type { Config } from '../config';
import { query, type Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { slotsSql } from '../compliance/slots-sql';
import { venceEnSql } from '../compliance/status-sql';
import { destinatarioSql, moduloLink } from '../modules/revision';

/**
 * Daily reminder digest per company (docs/decisions/062): the items whose validity ends in exactly
 * 30, 7 or 0 days, and the rejected items still waiting for a new upload.
 * - Never twice: each mail is keyed 'digest:{empresaId}:{date}' (correos_salida.clave, ON CONFLICT
 *   DO NOTHING), so re-runs and other processes cannot queue a second one for that day.
 * - No storm after downtime: only today's digest is ever built; missed days are not backfilled.
 * - One process at a time: a transaction-scoped advisory lock; the others skip.
 * - Time comes from the injected clock (tests move it); dates are Colombian and read 'dd/mm/aaaa'
 *   (decision 092), periods 'Noviembre 2026'.
 */
export const DIGEST_DAYS = [30, 7, 0] as const;
const LOCK_KEY = 7_310_062; // arbitrary constant shared by every process of this application

export type DigestResult = { fecha: string; ran: boolean; empresas: number; queued: number };

export type ReminderItem = {
  empresa_id: number;
  requisito_id: number;
  contrato_id: number | null;
  empleado_id: number | null;
  razon_social: string;
  nit: string;
  modulo: ModuloCodigo;
  documento: string;
  proyecto: string | null;
  empleado: string | null;
  ano: number | null;
  mes: number | null;
  estado: number;
  vigencia_hasta: string | null;
  motivo_rechazo: string | null;
};

const moduloNombre = (m: ModuloCodigo) => MODULOS.find((x) => x.codigo === m)?.nombre ?? m;

function line(i: ReminderItem): string {
  const parts = [`[${moduloNombre(i.modulo)}] ${i.documento}`];
  if (i.proyecto) parts.push(i.proyecto);
  if (i.empleado) parts.push(i.empleado);
  if (i.ano !== null && i.mes !== null) parts.push(formatLapso(i.ano, i.mes));
  if (i.estado === 1 && i.vigencia_hasta) parts.push(`vigente hasta ${formatDia(i.vigencia_hasta)}`);
  if (i.estado === -1 && i.motivo_rechazo) parts.push(`motivo: ${i.motivo_rechazo}`);
  return `  - ${parts.join(' | ')}`;
}

export function digestText(opts: {
  nombre: string;
  razonSocial: string;
  hoy: string;
  items: ReminderItem[];
  config: Pick<Config, 'publicUrl'>;
}): string {
  const { hoy, items } = opts;
  const sections: Array<[string, ReminderItem[]]> = [
    ['Vencen hoy', items.filter((i) => i.estado === 1 && i.vigencia_hasta === hoy)],
    ['Vencen en 7 días', items.filter((i) => i.estado === 1 && i.vigencia_hasta === sumarDias(hoy, 7))],
    ['Vencen en 30 días', items.filter((i) => i.estado === 1 && i.vigencia_hasta === sumarDias(hoy, 30))],
    ['Rechazados pendientes de corregir', items.filter((i) => i.estado === -1)],
  ];
  const modulos = [...new Set(items.map((i) => i.modulo))];
  return [
    `Hola ${opts.nombre},`,
    '',
    `Este es el resumen del ${formatDia(hoy)} de los documentos de ${opts.razonSocial} en el portal de proveedores que requieren atención.`,
    ...sections
      .filter(([, l]) => l.length > 0)
      .flatMap(([title, l]) => ['', `${title} (${l.length}):`, ...l.map(line)]),
    '',
    'Cargue los documentos en:',
    ...modulos.map((m) => `  ${moduloNombre(m)}: ${moduloLink(opts.config, m)}`),
    '',
    'Recibe este correo una vez al día mientras haya documentos por vencer o rechazados.',
  ].join('\n');
}

/**
 * The digest's candidates on `hoy` over every active company: slots whose newest submission is
 * rejected, or approved with a validity ending in exactly one of DIGEST_DAYS days.
 */
export async function reminderItems(db: Db, hoy: string): Promise<ReminderItem[]> {
  return query<ReminderItem>(
    db,
    sql`${slotsSql({ empresa: 'todas', hoy })}
        SELECT s.empresa_id, s.requisito_id, s.contrato_id, s.empleado_id, emp.razon_social, emp.nit, s.modulo,
               r.nombre_corto AS documento, p.descripcion AS proyecto,
               CASE WHEN em.id IS NULL THEN NULL
                    ELSE concat(em.tipo_documento, ' ', em.numero_documento, ' ', trim(concat_ws(' ', em.nombres, em.apellidos, em.apellidos2))) END AS empleado,
               s.ano, s.mes, s.cod_estado AS estado, e.vigencia_hasta::text AS vigencia_hasta, e.motivo_rechazo
          FROM slot s
          JOIN entregas e ON e.id = s.entrega_id
          JOIN emp ON emp.id = s.empresa_id
          JOIN requisitos r ON r.id = s.requisito_id
          LEFT JOIN contratos c ON c.id = s.contrato_id
          LEFT JOIN proyectos p ON p.id = c.proyecto_id
          LEFT JOIN empleados em ON em.id = s.empleado_id
         WHERE s.cod_estado = ${ESTADO.RECHAZADO}
            OR (s.cod_estado = ${ESTADO.APROBADO} AND ${venceEnSql('e', hoy, DIGEST_DAYS)})
         ORDER BY s.empresa_id, e.vigencia_hasta NULLS LAST, s.modulo, r.orden, s.ano, s.mes`,
  );
}

/** Builds and queues today's digests, unless it is before config.digestHour in Colombia. */
export async function runDailyDigest(opts: {
  db: Db;
  mailer: Mailer;
  config: Config;
  now: Date;
}): Promise<DigestResult> {
  const { db, mailer, config } = opts;
  const hoy = hoyEnColombia(opts.now);
  if (horaEnColombia(opts.now) < config.digestHour) return { fecha: hoy, ran: false, empresas: 0, queued: 0 };

  const result = await db.transaction(async (tx) => {
    const [{ locked }] = await query<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`,
    );
    if (!locked) return null;
    const items = await reminderItems(tx, hoy);
    const byCompany = new Map<number, ReminderItem[]>();
    for (const i of items) byCompany.set(i.empresa_id, [...(byCompany.get(i.empresa_id) ?? []), i]);
    let queued = 0;
    for (const [empresaId, list] of byCompany) {
      const [to] = await query<{ para: string; nombre: string }>(tx, destinatarioSql(empresaId));
      if (!to?.para) continue;
      const isNew = await mailer.queue(tx, {
        to: to.para,
        subject: MSG.digestMailSubject(formatDia(hoy)),
        text: digestText({ nombre: to.nombre, razonSocial: list[0].razon_social, hoy, items: list, config }),
        clave: `digest:${empresaId}:${hoy}`,
      });
      if (isNew) queued++;
    }
    return { empresas: byCompany.size, queued };
  });
  if (!result) return { fecha: hoy, ran: false, empresas: 0, queued: 0 };
  if (result.queued > 0) void mailer.deliverDue(db).catch(() => {});
  return { fecha: hoy, ran: true, ...result };
}

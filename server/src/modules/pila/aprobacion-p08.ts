import { sql } from 'drizzle-orm';
import {
  ESTADO,
  MSG,
  type PilaConciliacion,
  type PilaContexto,
  type PilaTrabajador,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { audit } from '../../lib/audit';

/** The same key as the reconciliation's `pagados` (type:number, trimmed, upper case). */
const clave = (tipo: string, numero: string) => `${tipo.trim().toUpperCase()}:${numero.trim().toUpperCase()}`;

/**
 * Which expected workers of a reconciled flat file get the month's P08 approved without a reviewer
 * (docs/decisions/162), and why the others do not, in Spanish for the contractor.
 *
 * The flat file is what the contractor's payroll software writes, not proof of payment, so nobody is
 * approved unless the file carries the operator's payment facts (planilla number H17 and payment
 * date H18, not after today), the file has no error that names no worker, the worker is named by no
 * error, and the latest reviewer decision on the worker's P08 slot is not a rejection (a rejection
 * stands until a reviewer decides on a newer upload of that worker).
 */
export async function aprobacionP08(
  db: Db,
  opts: {
    conciliacion: PilaConciliacion;
    contexto: PilaContexto;
    empresaId: number;
    contratoId: number;
    p08Id: number;
    hoy: string;
  },
): Promise<{ aprobar: PilaTrabajador[]; avisos: string[] }> {
  const { conciliacion, contexto } = opts;
  const porDocumento = new Map(contexto.esperados.map((t) => [clave(t.tipodocumento, t.numerodocumento), t]));
  const pagados = conciliacion.pagados.filter((k) => porDocumento.has(k)).map((k) => porDocumento.get(k)!);
  if (pagados.length === 0) return { aprobar: [], avisos: [] };

  if (!conciliacion.numeroPlanilla || !conciliacion.fechaPago)
    return { aprobar: [], avisos: [MSG.pilaP08SinPago] };
  if (conciliacion.fechaPago > opts.hoy)
    return { aprobar: [], avisos: [MSG.pilaP08PagoFuturo(conciliacion.fechaPago)] };
  const errores = conciliacion.hallazgos.filter((h) => h.severidad === 'error');
  if (errores.some((h) => !h.numerodocumento)) return { aprobar: [], avisos: [MSG.pilaP08ErrorArchivo] };

  const nombrados = new Set(errores.map((h) => clave(h.tipodocumento ?? '', h.numerodocumento ?? '')));
  const rechazados = await rechazadosPorRevisor(db, {
    ...opts,
    empleadoIds: pagados.map((t) => t.empleadoId),
  });
  const persona = (t: PilaTrabajador) => MSG.pilaPersona(t.nombre, t.tipodocumento, t.numerodocumento);
  const aprobar: PilaTrabajador[] = [];
  const avisos: string[] = [];
  for (const t of pagados) {
    if (nombrados.has(clave(t.tipodocumento, t.numerodocumento)))
      avisos.push(MSG.pilaP08ConErrores(persona(t)));
    else if (rechazados.has(t.empleadoId)) avisos.push(MSG.pilaP08Rechazado(persona(t)));
    else aprobar.push(t);
  }
  return { aprobar, avisos };
}

/**
 * Workers whose P08 slot on the contract has, as its latest decision by a person (revisado_por set;
 * the reconciliation's own approvals have none), a rejection.
 */
async function rechazadosPorRevisor(
  db: Db,
  opts: { empresaId: number; contratoId: number; p08Id: number; empleadoIds: number[] },
): Promise<Set<number>> {
  const rows = await query<{ empleado_id: number; estado: number }>(
    db,
    sql`SELECT DISTINCT ON (e.empleado_id) e.empleado_id, e.estado
          FROM entregas e
         WHERE e.empresa_id = ${opts.empresaId} AND e.contrato_id = ${opts.contratoId}
           AND e.requisito_id = ${opts.p08Id} AND e.ano IS NULL AND e.mes IS NULL
           AND e.empleado_id IN (${sql.join(
             opts.empleadoIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           AND e.revisado_por IS NOT NULL
         ORDER BY e.empleado_id, e.id DESC`,
  );
  return new Set(rows.filter((r) => Number(r.estado) === ESTADO.RECHAZADO).map((r) => Number(r.empleado_id)));
}

/**
 * A reviewer rejected submission `entregaId`: when it is a reconciled PILA planilla, the P08 it
 * approved without a reviewer (same file, same contract, `revisado_por` empty) lose their approval,
 * in the reviewer's transaction. They become rejections that name the planilla, still without a
 * reviewer of their own, so a corrected planilla can approve the workers again (`aprobacionP08`
 * only keeps a person's rejections). One audit row per planilla. Returns how many were withdrawn.
 */
export async function retirarP08DePlanilla(
  tx: Db,
  opts: { entregaId: number; at: Date; actor: { usuarioId: number; ip?: string | null } },
): Promise<number> {
  const [planilla] = await query<{
    empresa_id: number;
    contrato_id: number;
    archivo_id: number;
    ano: number;
    mes: number;
  }>(
    tx,
    sql`SELECT e.empresa_id, e.contrato_id, e.archivo_id, p.ano, p.mes
          FROM pila_planillas p JOIN entregas e ON e.id = p.entrega_id
         WHERE p.entrega_id = ${opts.entregaId}`,
  );
  if (!planilla) return 0;
  const motivo = MSG.pilaP08Retirado(planilla.ano, planilla.mes);
  const retiradas = await query<{ id: number }>(
    tx,
    sql`UPDATE entregas e
           SET estado = ${ESTADO.RECHAZADO}, motivo_rechazo = ${motivo}, vigencia_hasta = NULL,
               revisado_at = ${opts.at.toISOString()}::timestamptz
          FROM requisitos r
         WHERE r.id = e.requisito_id AND r.modulo = 'sg-personal' AND r.codigo = 'P08'
           AND e.empresa_id = ${planilla.empresa_id} AND e.contrato_id = ${planilla.contrato_id}
           AND e.archivo_id = ${planilla.archivo_id} AND e.id > ${opts.entregaId}
           AND e.estado = ${ESTADO.APROBADO} AND e.revisado_por IS NULL
           AND e.comentario = ${MSG.pilaP08Comentario(planilla.ano, planilla.mes)}
     RETURNING e.id`,
  );
  if (retiradas.length > 0)
    await audit(
      tx,
      { ...opts.actor, empresaId: planilla.empresa_id },
      {
        evento: 'pila.p08_retirados',
        datos: { entregaId: opts.entregaId, entregas: retiradas.map((r) => Number(r.id)) },
      },
    );
  return retiradas.length;
}

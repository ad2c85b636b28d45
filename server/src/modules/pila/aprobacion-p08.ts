import { sql } from 'drizzle-orm';
import {
  ESTADO,
  MSG,
  type PilaConciliacion,
  type PilaContexto,
  type PilaTrabajador,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';

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

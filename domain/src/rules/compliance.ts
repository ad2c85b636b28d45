import { APLICA_SI, type AplicaSi } from '../catalogo/catalog';
import type { ConteoCumplimiento } from '../revision/review';
import { ESTADO, alertaVigencia, type CodEstado } from './status';
import { diasEntre } from '../calendario';

/**
 * The compliance rule of ONE evidence slot, pure (docs/decisions/110). A slot is what a company owes:
 * (company, requirement, contract, worker, period), with the keys its module uses. The server holds
 * the SQL that applies this rule to sets (server/src/compliance/); every view (evidence lists, home
 * summary and drill-down, staff compliance, history, reminders) reads statuses from there, and the
 * property test in server/src/compliance/agreement.test.ts checks both against each other.
 * `hoy` is always an explicit Colombian calendar date 'YYYY-MM-DD', never the machine's clock.
 */

/** Activity flags that make a requirement applicable (requisitos.aplica_si; null = always). */
export type BanderasActividad = { alturas: boolean; espacios_confinados: boolean; flota: boolean };

/** Whether a requirement with `aplicaSi` applies to an activity with flags `f`. */
export function aplicaRequisito(aplicaSi: string | null, f: BanderasActividad): boolean {
  if (aplicaSi === null) return true;
  return (APLICA_SI as readonly string[]).includes(aplicaSi) ? f[aplicaSi as AplicaSi] : false;
}

/**
 * Flags of the company-level items (SG-SST documents): a flag is on when ANY active contract of the
 * company has it, so a company with one work-at-heights contract owes its heights programme.
 */
export function banderasDeEmpresa(
  contratos: Array<BanderasActividad & { activo: boolean }>,
): BanderasActividad {
  const activos = contratos.filter((c) => c.activo);
  return {
    alturas: activos.some((c) => c.alturas),
    espacios_confinados: activos.some((c) => c.espacios_confinados),
    flota: activos.some((c) => c.flota),
  };
}

/** The submission that counts for a slot (`entregaQueCuenta`), as far as its status goes. */
export type UltimaEntrega = { estado: number; vigencia: string | null };

/** One submission of a slot: its id orders them (the newest is the max id). */
export type EntregaDeSlot = UltimaEntrega & { id: number };

/**
 * Which submission of a slot counts on `hoy` (docs/decisions/164): a renewal must not undo an
 * approval in force. When the newest submission awaits review or was rejected and the newest
 * APPROVED submission is in force on `hoy` (no end, or ends today or later), that approval counts;
 * otherwise (an approved newest, expired or not, or a latest approval that has expired: an older
 * approval it replaced does not come back) the newest counts, as before. `renovacion` is
 * the newest submission when it awaits review while an older approval counts (the row shows both);
 * a rejected renewal leaves no trace on the slot (it stays in the history). SQL twin: the `vtag`
 * of slots-sql.ts, and `vigenteLateralSql` (status-sql.ts) of the list and fitness views.
 */
export function entregaQueCuenta<T extends EntregaDeSlot>(
  entregas: readonly T[],
  hoy: string,
): { cuenta: T | null; renovacion: T | null } {
  let ultima: T | null = null;
  let aprobada: T | null = null;
  for (const e of entregas) {
    if (ultima === null || e.id > ultima.id) ultima = e;
    if (e.estado === ESTADO.APROBADO && (aprobada === null || e.id > aprobada.id)) aprobada = e;
  }
  if (ultima === null) return { cuenta: null, renovacion: null };
  if (ultima.estado === ESTADO.APROBADO || !enVigor(aprobada, hoy))
    return { cuenta: ultima, renovacion: null };
  return { cuenta: aprobada, renovacion: ultima.estado === ESTADO.CARGADO ? ultima : null };
}

/**
 * Status of a slot (codEstado of the evidence lists) from the submission that counts
 * (`entregaQueCuenta`): -2 nothing handed in; 9 approved and its validity ended before `hoy`;
 * otherwise its estado (-1 rejected, 0 awaiting review, 1 approved). A slot never carries
 * REEMPLAZADO: the submission that counts is never a replaced one.
 */
export function codSlot(ultima: UltimaEntrega | null, hoy: string): CodEstado {
  if (ultima === null) return ESTADO.PENDIENTE;
  if (ultima.estado === ESTADO.APROBADO && ultima.vigencia !== null && ultima.vigencia < hoy)
    return ESTADO.VENCIDO;
  return ultima.estado as CodEstado;
}

/**
 * What a slot means for the home summary (and its drill-down filters -9/-5/-1):
 * 'faltante' mandatory and nothing handed in; 'rechazado' newest submission rejected; 'vencido'
 * approved and its validity ended; 'porvencer' approved and it ends within `warningDays`; null
 * nothing to do (awaiting review, approved and valid, optional and empty).
 */
export type CategoriaSlot = 'faltante' | 'rechazado' | 'vencido' | 'porvencer' | null;

export function categoriaSlot(
  s: { opcional: boolean; ultima: UltimaEntrega | null },
  hoy: string,
  warningDays: number,
): CategoriaSlot {
  const cod = codSlot(s.ultima, hoy);
  if (cod === ESTADO.PENDIENTE) return s.opcional ? null : 'faltante';
  if (cod === ESTADO.RECHAZADO) return 'rechazado';
  const alerta = alertaVigencia({ codEstado: cod, vigencia: s.ultima?.vigencia ?? null, hoy, warningDays });
  if (alerta === 'vencido') return 'vencido';
  if (alerta === 'por_vencer') return 'porvencer';
  return null;
}

/**
 * Staff compliance counts of a set of slots (docs/decisions/060): over MANDATORY slots only.
 * 'aprobados' are approved and still valid on `hoy` (por vencer included); 'vencidos' approved and
 * ended; the percentage is aprobados / aplicables, one decimal, null when nothing applies.
 */
export type ConteoSlots = Omit<ConteoCumplimiento, 'porcentaje'>;

export function contarSlots(
  slots: Array<{ opcional: boolean; ultima: UltimaEntrega | null }>,
  hoy: string,
): ConteoSlots {
  const c: ConteoSlots = {
    aplicables: 0,
    aprobados: 0,
    pendientesRevision: 0,
    rechazados: 0,
    vencidos: 0,
    sinCargar: 0,
  };
  for (const s of slots) {
    if (s.opcional) continue;
    c.aplicables++;
    const cod = codSlot(s.ultima, hoy);
    if (cod === ESTADO.PENDIENTE) c.sinCargar++;
    else if (cod === ESTADO.APROBADO) c.aprobados++;
    else if (cod === ESTADO.CARGADO) c.pendientesRevision++;
    else if (cod === ESTADO.RECHAZADO) c.rechazados++;
    else if (cod === ESTADO.VENCIDO) c.vencidos++;
  }
  return c;
}

/**
 * The reminder digest (docs/decisions/062) of a slot on `hoy`: its validity ends in exactly one of
 * `dias` days (30, 7, 0), or its newest submission is rejected and waits for a new upload.
 */
export function recordatorioDeSlot(
  ultima: UltimaEntrega | null,
  hoy: string,
  dias: readonly number[],
): { tipo: 'vence'; enDias: number } | { tipo: 'rechazado' } | null {
  if (ultima === null) return null;
  if (ultima.estado === ESTADO.RECHAZADO) return { tipo: 'rechazado' };
  if (ultima.estado !== ESTADO.APROBADO || ultima.vigencia === null) return null;
  const restantes = diasEntre(hoy, ultima.vigencia);
  return dias.includes(restantes) ? { tipo: 'vence', enDias: restantes } : null;
}

/**
 * Reuse of a worker's document across the company's contracts (docs/decisions/138). A worker's
 * submission of a requirement on another contract of the SAME company, approved and in force on
 * `hoy` (no end, or ends today or later).
 */
export type EntregaDeOtroContrato = UltimaEntrega & { id: number; contratoId: number; proyectoId: number };

/** Approved and its validity not ended before `hoy` (the states 'vigente' and 'por vencer'). */
export function enVigor(u: UltimaEntrega | null, hoy: string): boolean {
  return u !== null && u.estado === ESTADO.APROBADO && (u.vigencia === null || u.vigencia >= hoy);
}

/**
 * Which submission of another contract counts for a worker slot (sg-personal) on contract
 * `slot.contratoId`, or null when the slot's own newest submission counts:
 * - the slot's own newest submission wins when it is approved and in force;
 * - otherwise (none, awaiting review, rejected, expired) the newest (max id) of the worker's
 *   submissions of the same requirement on another contract of the company that is approved and in
 *   force on `hoy` counts, its validity being the one its own rule gave it;
 * - a requirement whose validity rule is per project (`porProyecto`, heights re-training) only
 *   reuses submissions made on a contract of the same project.
 * `otras` are the worker's submissions of the requirement on the company's contracts (any order;
 * submissions of the slot's own contract are ignored).
 */
export function entregaReusada<T extends EntregaDeOtroContrato>(
  slot: { contratoId: number; proyectoId: number; porProyecto: boolean },
  propia: UltimaEntrega | null,
  otras: readonly T[],
  hoy: string,
): T | null {
  if (enVigor(propia, hoy)) return null;
  let mejor: T | null = null;
  for (const o of otras) {
    if (o.contratoId === slot.contratoId || !enVigor(o, hoy)) continue;
    if (slot.porProyecto && o.proyectoId !== slot.proyectoId) continue;
    if (mejor === null || o.id > mejor.id) mejor = o;
  }
  return mejor;
}

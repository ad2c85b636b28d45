import type { ItemAptitud } from '../aptitud/aptitud';
import { formatDia } from '../dates';
import { MSG } from '../messages';
import { sumarDias } from '../calendario';
import { aplicaRequisito, codSlot, type BanderasActividad, type UltimaEntrega } from './compliance';
import { ESTADO } from './status';

/**
 * Fitness for site access ('Apto hoy', docs/decisions/121), pure: whether ONE worker may enter the
 * project of ONE contract on a Colombian day `fecha`, from the compliance engine's slots (decision
 * 110: the slots owed with `hoy = fecha`, each slot's status by `codSlot`; no status rule of its own).
 * The server gathers the slots (server/src/compliance/aptitud-sql.ts) and the agreement property
 * test (decision 118) checks both against an oracle built on this function.
 */

/** One engine slot of the worker's contract, with its requirement and newest submission. */
export type SlotAptitud = {
  modulo: string;
  requisitoId: number;
  codigo: string;
  nombreCorto: string;
  opcional: boolean;
  aplicaSi: string | null;
  /** The worker (sg-personal) or null (the company's sg-sst item). */
  empleadoId: number | null;
  contratoId: number | null;
  /** The submission that counts (decision 164): estado and vigencia_hasta; null when nothing was handed in. */
  ultima: UltimaEntrega | null;
  /** A renewal awaits review while that approval in force counts (decision 164). */
  renovacion?: boolean;
  /**
   * Whether a temporary authorization may stand in for it (decision 182; absent: yes), and the norm
   * when it may not.
   */
  dispensable?: boolean;
  baseLegalDispensa?: string | null;
};

/** A temporary authorization of the worker for the contract (autorizaciones_temporales). */
export type AutorizacionAptitud = {
  id: number;
  motivo: string;
  desde: string;
  hasta: string;
  revocada: boolean;
  otorgadaPor: string;
};

export type ResultadoAptitud = {
  apto: boolean;
  motivos: string[];
  items: ItemAptitud[];
  /** The counted approvals in force whose renewal awaits review, one line each (decision 170). */
  renovaciones: string[];
  vence: string | null;
  autorizacion: { id: number; motivo: string; hasta: string; otorgadaPor: string } | null;
};

/** Modules whose items a worker needs to enter: the company's SG-SST and the worker's own. */
export const MODULOS_APTITUD = ['sg-personal', 'sg-sst'] as const;

/**
 * Whether a slot counts for entry to a contract whose activity has flags `banderas`: SG-SST and
 * SG-personal only ('g-retenido' and 'g-riesgo' are payment and monthly management documents);
 * mandatory ones, plus those whose `aplica_si` applies to THIS contract's activity even when the
 * catalogue marks them optional (P10-P12 are optional only because they apply conditionally).
 */
export function cuentaParaAptitud(
  s: Pick<SlotAptitud, 'modulo' | 'opcional' | 'aplicaSi'>,
  banderas: BanderasActividad,
): boolean {
  if (!(MODULOS_APTITUD as readonly string[]).includes(s.modulo)) return false;
  if (!s.opcional) return true;
  return s.aplicaSi !== null && aplicaRequisito(s.aplicaSi, banderas);
}

/** The authorization in force on `fecha` (desde <= fecha <= hasta, not revoked); the longest one. */
export function autorizacionEnVigor(
  autorizaciones: readonly AutorizacionAptitud[],
  fecha: string,
): AutorizacionAptitud | null {
  let best: AutorizacionAptitud | null = null;
  for (const a of autorizaciones) {
    if (a.revocada || a.desde > fecha || a.hasta < fecha) continue;
    if (!best || a.hasta > best.hasta || (a.hasta === best.hasta && a.id > best.id)) best = a;
  }
  return best;
}

const ORDEN_MODULO: Record<string, number> = { 'sg-personal': 0, 'sg-sst': 1 };

/** The reason of a counted slot whose status `cod` keeps the worker out, in Spanish. */
function motivoDe(cod: number, s: SlotAptitud): string {
  if (cod === ESTADO.PENDIENTE) return MSG.aptitudNoCargado(s.nombreCorto);
  if (cod === ESTADO.RECHAZADO) return MSG.aptitudRechazado(s.nombreCorto);
  if (cod === ESTADO.VENCIDO) return MSG.aptitudVencido(s.nombreCorto, s.ultima!.vigencia!);
  return MSG.aptitudPendienteAprobar(s.nombreCorto);
}

/**
 * The answer for one worker and contract on `fecha`:
 * - apto when every counted slot is approved and valid on `fecha` (codSlot 1), or when an
 *   authorization is in force and every reason is one it may stand in for (`dispensable`, decision
 *   182; the reasons stay listed); never while a `bloqueo` holds;
 * - motivos/items: one per counted slot that is not approved and valid, the worker's items first,
 *   then the company's, each by requirement code; renovaciones: in the same order, one per counted
 *   approval in force whose renewal awaits review (the worker stays apto; docs/decisions/170);
 * - vence: when apto by its documents, the day after the earliest validity end among the counted
 *   approved items (null when none ends), pushed past an authorization that covers that day; when
 *   apto only by authorization, the day after its `hasta`; null when not apto.
 */
/**
 * What a person reads as 'Vence': the last day the worker is apto, the day before `vence` (which is
 * the first day that is not). Null stays null.
 */
export function ultimoDiaApto(vence: string | null): string | null {
  return vence === null ? null : sumarDias(vence, -1);
}

export function aptitudDeSlots(input: {
  slots: readonly SlotAptitud[];
  banderas: BanderasActividad;
  fecha: string;
  autorizaciones?: readonly AutorizacionAptitud[];
  /**
   * Reasons the law gives that no document or authorization lifts (a minor on hazardous work,
   * rules/edad.ts): the worker is not apto while any holds; listed before the items' reasons.
   */
  bloqueos?: readonly string[];
}): ResultadoAptitud {
  const { fecha, banderas } = input;
  const contadas = input.slots
    .filter((s) => cuentaParaAptitud(s, banderas))
    .sort(
      (a, b) =>
        (ORDEN_MODULO[a.modulo] ?? 9) - (ORDEN_MODULO[b.modulo] ?? 9) ||
        (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : a.requisitoId - b.requisitoId),
    );
  const items: ItemAptitud[] = [];
  const renovaciones: string[] = [];
  let finDocumentos: string | null = null;
  for (const s of contadas) {
    const cod = codSlot(s.ultima, fecha);
    if (cod === ESTADO.APROBADO) {
      const v = s.ultima?.vigencia ?? null;
      if (v !== null && (finDocumentos === null || v < finDocumentos)) finDocumentos = v;
      if (s.renovacion) renovaciones.push(MSG.aptitudRenovacionPendiente(s.nombreCorto, formatDia(v)));
      continue;
    }
    items.push({
      motivo: motivoDe(cod, s),
      dispensable: s.dispensable ?? true,
      modulo: s.modulo as ItemAptitud['modulo'],
      requisitoId: s.requisitoId,
      codigo: s.codigo,
      nombreCorto: s.nombreCorto,
      codEstado: cod,
      empleadoId: s.empleadoId,
      contratoId: s.contratoId,
    });
  }
  const aut = autorizacionEnVigor(input.autorizaciones ?? [], fecha);
  const autorizacion = aut
    ? { id: aut.id, motivo: aut.motivo, hasta: aut.hasta, otorgadaPor: aut.otorgadaPor }
    : null;
  // Under an authorization, a reason it does not lift says so, with its norm (decision 182).
  if (aut)
    for (const it of items) {
      if (it.dispensable) continue;
      const base = contadas.find((s) => s.requisitoId === it.requisitoId)?.baseLegalDispensa ?? null;
      it.motivo = MSG.aptitudNoDispensado(it.motivo, base);
    }
  const bloqueos = [...(input.bloqueos ?? [])];
  const autorizable = items.every((i) => i.dispensable);
  const porDocumentos = items.length === 0;
  let vence: string | null = null;
  if (bloqueos.length > 0) {
    vence = null;
  } else if (porDocumentos) {
    vence = finDocumentos === null ? null : sumarDias(finDocumentos, 1);
    if (vence !== null && aut && vence <= aut.hasta) vence = sumarDias(aut.hasta, 1);
  } else if (aut && autorizable) {
    vence = sumarDias(aut.hasta, 1);
  }
  return {
    apto: bloqueos.length === 0 && (porDocumentos || (aut !== null && autorizable)),
    motivos: [...bloqueos, ...items.map((i) => i.motivo)],
    items,
    renovaciones,
    vence,
    autorizacion,
  };
}

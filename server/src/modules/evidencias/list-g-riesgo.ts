import { contractPeriods, formatLapso, periodoEnColombia, type RiskRow } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { loadOwnedEvidence, requisitoFields, withState, type ListDay } from './list-evidence';
import { companyContract } from '../../uploads/slot';
import { pendingState, slotKey } from '../../compliance/evidence-sql';

/**
 * GET /api/contratista/adjuntos/g-riesgo?contratoid: one row per applicable document with one
 * Periodo entry per month from the contract's start month to the current month (Colombia),
 * newest first. The row's own state fields repeat its first period (the one on the main row).
 */
export async function listGRiesgo(opts: {
  db: Db;
  empresaId: number;
  contratoId: number;
  day: ListDay;
  /** The app's clock: the current month is the Colombian month of this instant. */
  now: Date;
}): Promise<RiskRow[]> {
  const { db, empresaId, contratoId, day } = opts;
  const data = await loadOwnedEvidence(db, {
    empresaId,
    modulo: 'g-riesgo',
    contratoId,
    periodic: true,
    day,
  });
  const fechaInicio = data.fechaInicio ?? (await companyContract(db, empresaId, contratoId)).fechaInicio;
  const periods = contractPeriods(fechaInicio, periodoEnColombia(opts.now));
  return data.requisitos.map((r) => {
    const Periodo = periods.map(({ ano, mes }) =>
      withState(
        { Lapso: formatLapso(ano, mes), ano, mes, anosriesgo: ano, messriesgo: mes, idsriesgo: r.id },
        data.states.get(slotKey(r.id, ano, mes)) ?? pendingState(),
      ),
    );
    const first = periods[0];
    const state = (first && data.states.get(slotKey(r.id, first.ano, first.mes))) || pendingState();
    return Object.assign(withState(requisitoFields(r), state), { length: Periodo.length, Periodo });
  });
}

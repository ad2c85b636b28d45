import { contractPeriods, currentPeriod, formatLapso, type RiskRow } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { requisitoFields } from './list-evidence';
import { companyContract } from './slot';
import { applicableRequisitos, currentStates, pendingState, slotKey } from './status-sql';

/**
 * GET /api/contratista/adjuntos/g-riesgo?contratoid: one row per applicable document with one
 * Periodo entry per month from the contract's start month to the current month (Colombia),
 * newest first. The row's own state fields repeat its first period (the one on the main row).
 */
export async function listGRiesgo(opts: {
  db: Db;
  empresaId: number;
  contratoId: number;
  now?: Date;
}): Promise<RiskRow[]> {
  const { db, empresaId } = opts;
  const contrato = await companyContract(db, empresaId, opts.contratoId);
  const periods = contractPeriods(contrato.fechaInicio, currentPeriod(opts.now));
  const [reqs, states] = await Promise.all([
    applicableRequisitos(db, 'g-riesgo', { contratoId: contrato.id }),
    currentStates(db, {
      empresaId,
      modulo: 'g-riesgo',
      contratoId: contrato.id,
      empleadoId: null,
      periodic: true,
    }),
  ]);
  return reqs.map((r) => {
    const Periodo = periods.map(({ ano, mes }) => ({
      Lapso: formatLapso(ano, mes),
      ano,
      mes,
      anosriesgo: ano,
      messriesgo: mes,
      idsriesgo: r.id,
      ...(states.get(slotKey(r.id, ano, mes)) ?? pendingState()),
    }));
    const first = periods[0];
    const state = (first && states.get(slotKey(r.id, first.ano, first.mes))) || pendingState();
    return { ...requisitoFields(r), ...state, length: Periodo.length, Periodo };
  });
}

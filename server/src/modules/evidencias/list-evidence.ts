import type { EvidenceRow } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { companyContract, companyEmployee } from './slot';
import { applicableRequisitos, currentStates, pendingState, slotKey, type RequisitoRow } from './status-sql';

/** Catalogue fields of a row (section 3 'Required document row'). */
export function requisitoFields(r: RequisitoRow) {
  return {
    id: r.id,
    codigo: r.codigo,
    nombreCorto: r.nombre_corto,
    nombre: r.nombre_corto,
    detalle: r.detalle,
    opcional: r.opcional,
    extensiones: r.extensiones,
    baselegal: r.base_legal,
  };
}

/** GET /api/contratista/adjuntos/sg-sst: the company's items, applicable when any active contract needs them. */
export async function listSgSst(opts: { db: Db; empresaId: number }): Promise<EvidenceRow[]> {
  const { db, empresaId } = opts;
  const [reqs, states] = await Promise.all([
    applicableRequisitos(db, 'sg-sst', { empresaId }),
    currentStates(db, { empresaId, modulo: 'sg-sst', contratoId: null, empleadoId: null, periodic: false }),
  ]);
  return reqs.map((r) => ({ ...requisitoFields(r), ...(states.get(slotKey(r.id)) ?? pendingState()) }));
}

/** GET /api/contratista/adjuntos/g-retenido?contratoid: one row per applicable item of the contract. */
export async function listGRetenido(opts: {
  db: Db;
  empresaId: number;
  contratoId: number;
}): Promise<EvidenceRow[]> {
  const { db, empresaId } = opts;
  const contrato = await companyContract(db, empresaId, opts.contratoId);
  const [reqs, states] = await Promise.all([
    applicableRequisitos(db, 'g-retenido', { contratoId: contrato.id }),
    currentStates(db, {
      empresaId,
      modulo: 'g-retenido',
      contratoId: contrato.id,
      empleadoId: null,
      periodic: false,
    }),
  ]);
  return reqs.map((r) => ({ ...requisitoFields(r), ...(states.get(slotKey(r.id)) ?? pendingState()) }));
}

/**
 * GET /api/contratista/adjuntos/sg-personal?tipodocumento&numerodocumento&contratoid: the
 * worker-entry items that apply to the contract's activity, for one of the company's employees.
 */
export async function listSgPersonal(opts: {
  db: Db;
  empresaId: number;
  contratoId: number;
  tipodocumento: string;
  numerodocumento: string;
}): Promise<EvidenceRow[]> {
  const { db, empresaId } = opts;
  const contrato = await companyContract(db, empresaId, opts.contratoId);
  const empleadoId = await companyEmployee(db, empresaId, opts.tipodocumento, opts.numerodocumento);
  const [reqs, states] = await Promise.all([
    applicableRequisitos(db, 'sg-personal', { contratoId: contrato.id }),
    currentStates(db, {
      empresaId,
      modulo: 'sg-personal',
      contratoId: contrato.id,
      empleadoId,
      periodic: false,
    }),
  ]);
  return reqs.map((r) => ({ ...requisitoFields(r), ...(states.get(slotKey(r.id)) ?? pendingState()) }));
}

import { MSG, type EstadoFields, type EvidenceRow, type ModuloEvidencia } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { companyContract, companyEmployee } from '../../uploads/slot';
import {
  loadEvidence,
  pendingState,
  slotKey,
  type EvidenceData,
  type RequisitoRow,
} from '../../compliance/evidence-sql';

/**
 * The day the lists judge validity on: today in Colombia from the app's clock and the expiry
 * warning window, the same two the home summary counts with (docs/decisions/094).
 */
export type ListDay = { hoy: string; warningDays: number };

/** Catalogue fields of a required-document row (docs/contract.md, Entities and fields). */
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

/**
 * One query per list; ownership comes back with the data: a contract that is not the company's
 * (or an employee the company does not have) is 404, exactly as in the write path.
 */
export async function loadOwnedEvidence(
  db: Db,
  opts: {
    empresaId: number;
    modulo: ModuloEvidencia;
    contratoId: number | null;
    empleado?: { tipo: string; numero: string };
    periodic?: boolean;
    day: ListDay;
  },
): Promise<EvidenceData> {
  const { empresaId, contratoId } = opts;
  const data = await loadEvidence(db, {
    empresaId,
    contratoId,
    modulo: opts.modulo,
    empleado: opts.empleado ?? null,
    periodic: opts.periodic ?? false,
    hoy: opts.day.hoy,
    warningDays: opts.day.warningDays,
  });
  if (data.contratos === -1) {
    // No applicable requisito at all: ownership was not observable in the rows; check it directly.
    if (contratoId !== null) await companyContract(db, empresaId, contratoId);
    if (opts.empleado) await companyEmployee(db, empresaId, opts.empleado.tipo, opts.empleado.numero);
    return data;
  }
  if (contratoId !== null && data.contratos === 0)
    throw new AppError('not_found', MSG.evidenceContractNotFound);
  if (opts.empleado && data.empleadoId === null)
    throw new AppError('not_found', MSG.evidenceEmployeeNotFound);
  return data;
}

/**
 * Copies a slot's state fields onto a row. Object.assign, not `{ ...row, ...state }`: on Node 20
 * an object literal with a second spread takes ~9 µs (V8's slow path), 30 times Object.assign,
 * which made these few rows 15% of a list request's CPU under load.
 */
export const withState = <T extends object>(row: T, state: EstadoFields): T & EstadoFields =>
  Object.assign(row, state);

const flatRows = (data: EvidenceData): EvidenceRow[] =>
  data.requisitos.map((r) => withState(requisitoFields(r), data.states.get(slotKey(r.id)) ?? pendingState()));

/** GET /api/contratista/adjuntos/sg-sst: the company's items, applicable when any active contract needs them. */
export async function listSgSst(opts: { db: Db; empresaId: number; day: ListDay }): Promise<EvidenceRow[]> {
  return flatRows(
    await loadOwnedEvidence(opts.db, {
      empresaId: opts.empresaId,
      modulo: 'sg-sst',
      contratoId: null,
      day: opts.day,
    }),
  );
}

/** GET /api/contratista/adjuntos/g-retenido?contratoid: one row per applicable item of the contract. */
export async function listGRetenido(opts: {
  db: Db;
  empresaId: number;
  contratoId: number;
  day: ListDay;
}): Promise<EvidenceRow[]> {
  return flatRows(
    await loadOwnedEvidence(opts.db, {
      empresaId: opts.empresaId,
      modulo: 'g-retenido',
      contratoId: opts.contratoId,
      day: opts.day,
    }),
  );
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
  day: ListDay;
}): Promise<EvidenceRow[]> {
  return flatRows(
    await loadOwnedEvidence(opts.db, {
      empresaId: opts.empresaId,
      modulo: 'sg-personal',
      contratoId: opts.contratoId,
      empleado: { tipo: opts.tipodocumento, numero: opts.numerodocumento },
      day: opts.day,
    }),
  );
}

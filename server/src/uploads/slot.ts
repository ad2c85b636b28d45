import { sql } from 'drizzle-orm';
import {
  isContractPeriod,
  MSG,
  normalizeDocumentNumber,
  type AnoMes,
  type ModuloEvidencia,
  periodoEnColombia,
} from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { AppError } from '../errors';
import { applicableRequisitos, type RequisitoRow } from '../compliance/evidence-sql';

/**
 * The ownership checks every read and write goes through: the contract and the employee must be
 * the token's company's (another company's ids are simply not found), the requirement must be of
 * the module, active and applicable, and a risk period must be a month of the contract.
 */
export type ContratoRef = { id: number; fechaInicio: string };

export async function companyContract(db: Db, empresaId: number, contratoId: number): Promise<ContratoRef> {
  const [row] = await query<{ id: number; fecha_inicio: string }>(
    db,
    sql`SELECT id, fecha_inicio::text AS fecha_inicio FROM contratos WHERE id = ${contratoId} AND empresa_id = ${empresaId}`,
  );
  if (!row) throw new AppError('not_found', MSG.evidenceContractNotFound);
  return { id: row.id, fechaInicio: row.fecha_inicio };
}

export async function companyEmployee(
  db: Db,
  empresaId: number,
  tipodocumento: string,
  numerodocumento: string,
): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM empleados
         WHERE empresa_id = ${empresaId} AND tipo_documento = ${tipodocumento.trim().toUpperCase()} AND numero_documento = ${normalizeDocumentNumber(numerodocumento)}`,
  );
  if (!row) throw new AppError('not_found', MSG.evidenceEmployeeNotFound);
  return row.id;
}

/** Whether the company has a contract in force: without one there is no project to upload for. */
export async function hasActiveContract(db: Db, empresaId: number): Promise<boolean> {
  const [row] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM contratos WHERE empresa_id = ${empresaId} AND activo`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The slot a PUT addresses: (empresa, requisito) plus the keys its module uses. */
export type Slot = {
  empresaId: number;
  modulo: ModuloEvidencia;
  requisito: RequisitoRow;
  contratoId: number | null;
  empleadoId: number | null;
  ano: number | null;
  mes: number | null;
};

export type SlotKeys = {
  contratoid?: number;
  ano?: number;
  mes?: number;
  tipodocumento?: string;
  numerodocumento?: string;
};

export async function resolveSlot(opts: {
  db: Db;
  empresaId: number;
  modulo: ModuloEvidencia;
  requisitoId: number;
  keys: SlotKeys;
  /** The app's clock: the current month is the Colombian month of this instant. */
  now: Date;
}): Promise<Slot> {
  const { db, empresaId, modulo, keys } = opts;
  let contrato: ContratoRef | null = null;
  let empleadoId: number | null = null;
  let period: AnoMes | null = null;

  if (modulo !== 'sg-sst') {
    if (keys.contratoid === undefined) throw new AppError('bad_request', MSG.selectOrEnterProject);
    contrato = await companyContract(db, empresaId, keys.contratoid);
  } else if (keys.contratoid !== undefined) {
    // The chosen project is checked (another company's is not found), but the slot stays the
    // company's: SG-SST items are not per contract (docs/decisions/094).
    await companyContract(db, empresaId, keys.contratoid);
  } else if (!(await hasActiveContract(db, empresaId))) {
    throw new AppError('bad_request', MSG.selectOrEnterProject);
  }
  if (modulo === 'sg-personal') {
    if (!keys.tipodocumento || !keys.numerodocumento)
      throw new AppError('bad_request', MSG.employeeIdRequired);
    empleadoId = await companyEmployee(db, empresaId, keys.tipodocumento, keys.numerodocumento);
  }
  if (modulo === 'g-riesgo') {
    if (keys.ano === undefined || keys.mes === undefined)
      throw new AppError('bad_request', MSG.evidencePeriodInvalid);
    period = { ano: keys.ano, mes: keys.mes };
    if (!isContractPeriod(contrato!.fechaInicio, periodoEnColombia(opts.now), period)) {
      throw new AppError('bad_request', MSG.evidencePeriodInvalid);
    }
  }

  const scope = { empresaId, contratoId: contrato?.id ?? null };
  const [requisito] = await applicableRequisitos(db, modulo, scope, opts.requisitoId);
  if (!requisito) throw new AppError('not_found', MSG.evidenceRequirementNotFound);

  return {
    empresaId,
    modulo,
    requisito,
    contratoId: contrato?.id ?? null,
    empleadoId,
    ano: period?.ano ?? null,
    mes: period?.mes ?? null,
  };
}

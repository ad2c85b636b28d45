import { z } from 'zod';
import { habilitacionSchema } from '../autoevaluacion/habilitacion';
import { MSG } from '../messages';

export const masterItem = z.object({ id: z.number(), descripcion: z.string() });
export type MasterItem = z.infer<typeof masterItem>;

export const maestras = z.object({
  regionales: z.array(masterItem),
  proyectos: z.array(masterItem),
  actividad: z.array(masterItem),
  tipoContrato: z.array(masterItem),
});
export type Maestras = z.infer<typeof maestras>;

/** Contract as the specification names its fields (typos included). */
export const contrato = z.object({
  id: z.number(),
  detalle: z.string(),
  regional_id: z.number().nullable(),
  proyectos_id: z.number(),
  actividad_id: z.number(),
  tipocontrato_id: z.number(),
  proyectos_descrpcion: z.string(),
  tipocontrato_descrpcion: z.string(),
  actividad_descrpcion: z.string(),
  /** Extra (decision 142): 'No habilitado' when the company misses its type's minimum 0312 score. */
  habilitacion: habilitacionSchema.optional(),
});
export type Contrato = z.infer<typeof contrato>;

const optionalId = z.union([z.number().int().positive(), z.null(), z.literal('')]).optional();

/**
 * POST /api/contratista/contratos payload. Order of checks is that of the contract (docs/contract.md,
 * Validation rules).
 */
export const newContractBody = z.strictObject({
  descripcion: z.string().max(2000).optional(),
  idRegional: optionalId,
  idProyecto: optionalId,
  idActividad: optionalId,
  idTipocontrato: optionalId,
});
export type NewContractBody = z.infer<typeof newContractBody>;

/** A required field of the new-contract form and the message it gets when empty. */
export type ContractProblem = {
  campo: 'descripcion' | 'idProyecto' | 'idActividad' | 'idTipocontrato';
  mensaje: string;
};

/**
 * Every required field left empty, in the specification's order (description, project, activity,
 * contract type): the form shows each under its field at once, the server answers the first.
 */
export function contractProblems(b: NewContractBody): ContractProblem[] {
  const problems: ContractProblem[] = [];
  if (!b.descripcion || !b.descripcion.trim())
    problems.push({ campo: 'descripcion', mensaje: MSG.contractDescriptionRequired });
  if (!b.idProyecto) problems.push({ campo: 'idProyecto', mensaje: MSG.contractProjectRequired });
  if (!b.idActividad) problems.push({ campo: 'idActividad', mensaje: MSG.contractActivityRequired });
  if (!b.idTipocontrato) problems.push({ campo: 'idTipocontrato', mensaje: MSG.contractTypeRequired });
  return problems;
}

/** The first message of the specification's order that applies, or null (the server's answer). */
export function firstContractError(b: NewContractBody): string | null {
  return contractProblems(b)[0]?.mensaje ?? null;
}

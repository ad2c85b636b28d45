import { z } from 'zod';
import { habilitacionSchema } from './autoevaluacion/habilitacion';
import { MSG } from './messages';

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

/** POST /api/contratista/contratos payload. Order of checks is that of section 5. */
export const newContractBody = z.strictObject({
  descripcion: z.string().max(2000).optional(),
  idRegional: optionalId,
  idProyecto: optionalId,
  idActividad: optionalId,
  idTipocontrato: optionalId,
});
export type NewContractBody = z.infer<typeof newContractBody>;

/** Returns the first message of section 5 that applies, or null. Shared by the form and the server. */
export function firstContractError(b: NewContractBody): string | null {
  if (!b.descripcion || !b.descripcion.trim()) return MSG.contractDescriptionRequired;
  if (!b.idProyecto) return MSG.contractProjectRequired;
  if (!b.idActividad) return MSG.contractActivityRequired;
  if (!b.idTipocontrato) return MSG.contractTypeRequired;
  return null;
}

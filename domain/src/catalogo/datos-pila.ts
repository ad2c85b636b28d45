import { z } from 'zod';
import { employeeKeyParams } from '../empleados/employees';
import { MSG } from '../messages';
import { claseRiesgo } from '../pila/clases-riesgo';
import { esFechaIso } from '../calendario';

/**
 * The PILA legal data an administrator edits and a worker's withdrawal from a contract
 * (docs/decisions/132). Paths: /api/admin/salarios-minimos[/{ano}],
 * GET /api/contratista/empleados/vinculados?contratoid, POST /api/contratista/empleados/retiro.
 */

/** 'I - Riesgo mínimo' for an activity's class (domain/src/pila/clases-riesgo.ts), '' for anything else. */
export function etiquetaClaseRiesgo(clase: number | null | undefined): string {
  const c = claseRiesgo(clase);
  return c ? MSG.claseRiesgoEtiqueta(c.romano, c.nivel) : '';
}

// ---------- SMMLV per year ----------

export const salarioMinimo = z.object({ ano: z.number(), valor: z.number(), norma: z.string() });
export type SalarioMinimo = z.infer<typeof salarioMinimo>;

const anoSalario = (n: z.ZodNumber) =>
  n.int(MSG.salarioAnoInvalido).min(2000, MSG.salarioAnoInvalido).max(2100, MSG.salarioAnoInvalido);

export const salarioMinimoParams = z.object({
  ano: anoSalario(z.coerce.number({ error: MSG.salarioAnoInvalido })),
});

/** PUT /api/admin/salarios-minimos/{ano}: corrects a year already registered (404 otherwise). */
export const salarioMinimoBody = z.strictObject({
  /** Pesos per month; the decree's figure, a whole number. */
  valor: z
    .number({ error: MSG.salarioValorInvalido })
    .int(MSG.salarioValorInvalido)
    .positive(MSG.salarioValorInvalido)
    .max(2_000_000_000, MSG.salarioValorInvalido),
  norma: z.string().trim().min(3, MSG.salarioNormaInvalida).max(200, MSG.salarioNormaInvalida),
});
export type SalarioMinimoBody = z.infer<typeof salarioMinimoBody>;

/** POST /api/admin/salarios-minimos: registers a year not registered yet (409 otherwise). */
export const salarioMinimoNuevoBody = salarioMinimoBody.extend({
  ano: anoSalario(z.number({ error: MSG.salarioAnoInvalido })),
});
export type SalarioMinimoNuevoBody = z.infer<typeof salarioMinimoNuevoBody>;

export const savedSalarioMinimo = z.object({ message: z.string(), item: salarioMinimo });

// ---------- Workers of a contract and their withdrawal ----------

const contratoid = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)], {
  error: MSG.employeeContractUnknown,
});

/** A Colombian calendar day 'YYYY-MM-DD' (docs/decisions/117). */
const fechaRetiro = z
  .string({ error: MSG.retiroFechaRequerida })
  .refine((v) => esFechaIso(v), MSG.retiroFechaRequerida);

export const contratoTrabajadoresQuery = z.object({ contratoid });

/** POST /api/contratista/empleados/retiro. */
export const retiroBody = z.strictObject({
  contratoid,
  tipodocumento: employeeKeyParams.shape.tipodocumento,
  numerodocumento: employeeKeyParams.shape.numerodocumento,
  fecha: fechaRetiro,
});
export type RetiroBody = z.infer<typeof retiroBody>;

/** One worker linked to a contract, withdrawn or not. */
export const trabajadorContrato = z.object({
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  nombre: z.string(),
  /** 'Fecha de ingreso a obra' of the worker's record, when it is a date. */
  fechaIngreso: z.string().nullable(),
  activo: z.boolean(),
  /** Set when the contractor withdrew the worker from this contract. */
  fechaRetiro: z.string().nullable(),
});
export type TrabajadorContrato = z.infer<typeof trabajadorContrato>;

export const retiroResponse = z.object({ message: z.string(), trabajador: trabajadorContrato });

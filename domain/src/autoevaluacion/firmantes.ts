import { z } from 'zod';
import { AUTOEVALUACION_MSG as M } from './messages';
import { firmantePersona } from './api';

/**
 * Who signs the company's Resolución 0312 self-evaluation (art. 27: the employer or contracting
 * party, i.e. its legal representative, and the person responsible for the SG-SST), kept with the
 * company and maintained by its administrator (docs/decisions/163):
 * - GET /api/contratista/empresa/firmantes   answer firmantesEmpresa (any user of the company)
 * - PUT /api/contratista/empresa/firmantes   body firmantesEmpresaBody (the company's administrator)
 */
export const firmantesEmpresaBody = z.strictObject({
  representante: firmantePersona,
  responsable: firmantePersona,
});
export type FirmantesEmpresaBody = z.infer<typeof firmantesEmpresaBody>;

const registrado = z.object({ nombre: z.string(), documento: z.string() }).nullable();

export const firmantesEmpresa = z.object({
  /** null until registered. */
  representante: registrado,
  responsable: registrado,
  /** The caller is an administrator of the company: may register them and sign. */
  esAdministrador: z.boolean(),
});
export type FirmantesEmpresa = z.infer<typeof firmantesEmpresa>;
export const firmantesEmpresaMessage = firmantesEmpresa.extend({ message: z.string() });

/**
 * What is missing before the company can sign, as the refusal's Spanish text; null when both are
 * registered.
 */
export function firmantesFaltantes(
  f: Pick<FirmantesEmpresa, 'representante' | 'responsable'>,
): string | null {
  const faltan = [
    f.representante ? null : M.autoevaluacionFaltaRepresentante,
    f.responsable ? null : M.autoevaluacionFaltaResponsable,
  ].filter((t): t is string => t !== null);
  return faltan.length === 0 ? null : M.autoevaluacionFirmantesSinRegistrar(faltan.join(' y '));
}

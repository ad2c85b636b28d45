import { z } from 'zod';
import { adjuntoPayload, evidencePutResponse, sgPersonalPutBody } from './evidence';
import { MSG } from '../messages';
import { CARGA_MULTIPLE_MSG } from './messages-carga-multiple';

/**
 * One upload for many workers (docs/decisions/139): a worker document that is a list by nature
 * (requisitos.carga_multiple) is stored once and handed in for each covered worker of the contract.
 */
export const MAX_TRABAJADORES_CARGA = 500;

export const trabajadorRef = z.strictObject({
  tipodocumento: z.string().trim().min(1, MSG.employeeIdRequired).max(40),
  numerodocumento: z
    .union([z.string(), z.number().int().nonnegative().transform(String)])
    .pipe(z.string().trim().min(1, MSG.employeeIdRequired).max(20)),
});
export type TrabajadorRef = z.infer<typeof trabajadorRef>;

/**
 * PUT /api/contratista/adjuntos/sg-personal/{id}/multiple: the sg-personal payload (the slot's
 * worker) with a required file and `trabajadores`, the other workers the file covers (the slot's
 * worker is always covered; listing it again is harmless).
 */
export const cargaMultipleBody = sgPersonalPutBody.extend({
  adjunto: adjuntoPayload,
  trabajadores: z
    .array(trabajadorRef)
    .max(MAX_TRABAJADORES_CARGA, CARGA_MULTIPLE_MSG.cargaMultipleDemasiados(MAX_TRABAJADORES_CARGA)),
});
export type CargaMultipleBody = z.infer<typeof cargaMultipleBody>;

export const cargaMultipleResponse = evidencePutResponse.extend({
  /** Entregas created, one per covered worker (the slot's worker included). */
  idEntregas: z.array(z.number()),
  trabajadores: z.number(),
});
export type CargaMultipleResponse = z.infer<typeof cargaMultipleResponse>;

/** GET /api/contratista/adjuntos/sg-personal/carga-multiple: ids of the requirements that allow it. */
export const requisitosCargaMultiple = z.object({ requisitos: z.array(z.number()) });
export type RequisitosCargaMultiple = z.infer<typeof requisitosCargaMultiple>;

import { z } from 'zod';
import { IMPORTACION_MSG } from '../messages-importacion';
import { adjuntoPayload, intId } from '../../evidencias/evidence';

/**
 * The roster import's inputs and answers (docs/decisions/137):
 * GET /api/contratista/empleados/importacion/plantilla (the .xlsx template),
 * POST .../previsualizar {contratoid, adjunto} (validates, writes nothing),
 * POST .../importar {contratoid, adjunto, confirmar: true} (validates again, writes the valid rows).
 * The file travels as the evidence uploads' attachment shape (base64, extension xlsx).
 */
export const importacionBody = z.strictObject({
  contratoid: intId,
  adjunto: adjuntoPayload,
});
export type ImportacionBody = z.infer<typeof importacionBody>;

export const importarBody = importacionBody.extend({
  confirmar: z.literal(true, { error: IMPORTACION_MSG.importConfirmRequired }),
});
export type ImportarBody = z.infer<typeof importarBody>;

export const errorImportacion = z.object({
  fila: z.number().int().nullable(),
  columna: z.string().nullable(),
  mensaje: z.string(),
});

export const ACCIONES_IMPORTACION = ['crear', 'actualizar', 'sin cambios', 'rechazar'] as const;
export type AccionImportacion = (typeof ACCIONES_IMPORTACION)[number];

export const filaImportacion = z.object({
  fila: z.number().int(),
  tipodocumento: z.string().nullable(),
  numerodocumento: z.string().nullable(),
  nombre: z.string(),
  accion: z.enum(ACCIONES_IMPORTACION),
});
export type FilaImportacion = z.infer<typeof filaImportacion>;

export const resumenImportacion = z.object({
  creados: z.number().int(),
  actualizados: z.number().int(),
  sinCambios: z.number().int(),
  rechazados: z.number().int(),
});
export type ResumenImportacion = z.infer<typeof resumenImportacion>;

/** Preview: every data row with what importing would do, and every error with its row and column. */
export const previsualizacionResponse = z.object({
  /** false when the file itself is refused (version, columns, size): no row is importable. */
  archivoValido: z.boolean(),
  filas: z.array(filaImportacion),
  errores: z.array(errorImportacion),
  resumen: resumenImportacion,
});
export type PrevisualizacionResponse = z.infer<typeof previsualizacionResponse>;

export const importarResponse = z.object({
  message: z.string(),
  resumen: resumenImportacion,
  errores: z.array(errorImportacion),
});
export type ImportarResponse = z.infer<typeof importarResponse>;

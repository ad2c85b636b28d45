import { z } from 'zod';
import { MSG } from '../messages';
import { esFechaIso, type AnoMes } from '../calendario';
import { MAX_UPLOAD_BYTES } from '../rules/upload';

/**
 * Evidence modules (docs/contract.md: their pages, calls and required-document rows): the four share
 * one slot model, one upload payload and one row shape.
 */
export const MODULOS_EVIDENCIA = ['sg-sst', 'sg-personal', 'g-riesgo', 'g-retenido'] as const;
export type ModuloEvidencia = (typeof MODULOS_EVIDENCIA)[number];
export const moduloEvidencia = z.enum(MODULOS_EVIDENCIA);

/** Base64 characters of the largest accepted file (MAX_UPLOAD_BYTES - 1 bytes). */
export const MAX_BASE64_CHARS = Math.ceil((MAX_UPLOAD_BYTES - 1) / 3) * 4;
/** Longest file name accepted in a payload (the stored display name is shorter, see the server). */
export const MAX_NOMBRE_ARCHIVO_INPUT = 1024;
/** Longest comment (the specification sets none; this keeps rows and screens sane). */
export const MAX_DETALLE = 4000;

// ---------- Inputs ----------

/** Positive integer id, as a number or a numeric string (query strings and older clients). */
export const intId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));

const ano = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{4}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(2000).max(2100));
const mes = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(12));
const contratoid = intId;
/** A year and a month, as numbers or numeric strings (bodies and query strings). */
export { ano as anoSchema, mes as mesSchema };
const tipodocumento = z.string().trim().min(1, MSG.employeeIdRequired).max(40);
const numerodocumento = z
  .union([z.string(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().trim().min(1, MSG.employeeIdRequired).max(20));
const detalle = z.string().max(MAX_DETALLE).nullish();

/**
 * Dates the document states (decision 108): optional ISO 'YYYY-MM-DD' fields of the PUT payload.
 * A client that sends none still works; when present they win over what the server reads from the
 * file. null = not given.
 */
const fechaDocumento = z.string().trim().refine(esFechaIso, MSG.documentDateInvalid).nullish();
const fechasDocumento = {
  fechaExpedicion: fechaDocumento,
  fechaVencimiento: fechaDocumento,
  proximoExamen: fechaDocumento,
};

/**
 * The contract's attachment: adjunto holds the base64 (a 'data:...;base64,' prefix is accepted),
 * nombreArchivo the display name (accents removed by the client, cleaned again by the server) and
 * extension the lower-case extension without the dot. Size, base64 and content are checked by
 * the server with the contract's messages (no max here, so the size message can be specific).
 */
export const adjuntoPayload = z.strictObject({
  adjunto: z.string().min(1),
  nombreArchivo: z.string().trim().min(1).max(MAX_NOMBRE_ARCHIVO_INPUT),
  extension: z.string().trim().max(16).optional(),
});
export type AdjuntoPayload = z.infer<typeof adjuntoPayload>;

export const evidenceIdParams = z.object({ id: intId });

/**
 * PUT /api/contratista/adjuntos/sg-sst/{id}: {detalle} (comment) or {adjunto} (file). The items are
 * the company's, but a project must be chosen first (the contract's validation rules): the client sends the
 * chosen contratoid, which must be the company's; the server refuses when the company has no active contract
 * at all (docs/decisions/094).
 */
export const sgSstPutBody = z.strictObject({
  detalle,
  ...fechasDocumento,
  adjunto: adjuntoPayload.nullish(),
  contratoid: contratoid.optional(),
});
/** PUT /api/contratista/adjuntos/g-riesgo/{id}. */
export const gRiesgoPutBody = z.strictObject({
  contratoid,
  ...fechasDocumento,
  ano,
  mes,
  detalle,
  adjunto: adjuntoPayload.nullish(),
});
/** PUT /api/contratista/adjuntos/g-retenido/{id}. */
export const gRetenidoPutBody = z.strictObject({
  contratoid,
  ...fechasDocumento,
  detalle,
  adjunto: adjuntoPayload.nullish(),
});
/** PUT /api/contratista/adjuntos/sg-personal/{id}. */
export const sgPersonalPutBody = z.strictObject({
  contratoid,
  ...fechasDocumento,
  tipodocumento,
  numerodocumento,
  detalle,
  adjunto: adjuntoPayload.nullish(),
});

/**
 * PUT .../{id}/anexo: the slot keys and a required file (detalle is tolerated and ignored).
 * idEntrega (optional) names the submission the annex belongs to: the annexes of a multi-file
 * submission go to the submission just created, and are refused (409) if a newer one replaced it
 * meanwhile (docs/decisions/095). Without it the annex goes to the slot's current submission.
 */
const anexoExtra = { adjunto: adjuntoPayload, idEntrega: intId.optional() };
export const sgSstAnexoBody = sgSstPutBody.extend(anexoExtra);
export const gRiesgoAnexoBody = gRiesgoPutBody.extend(anexoExtra);
export const gRetenidoAnexoBody = gRetenidoPutBody.extend(anexoExtra);
export const sgPersonalAnexoBody = sgPersonalPutBody.extend(anexoExtra);

export type EvidencePutBody =
  | z.infer<typeof sgSstPutBody>
  | z.infer<typeof gRiesgoPutBody>
  | z.infer<typeof gRetenidoPutBody>
  | z.infer<typeof sgPersonalPutBody>;

/** Query-string id (always a string there). */
const queryId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647));

/** Lists by contract: without contratoid the page has no project selected yet. */
export const contratoQuery = z.object({ contratoid: queryId(MSG.selectOrEnterProject) });
export const sgPersonalQuery = z.object({
  contratoid: queryId(MSG.selectOrEnterProject),
  tipodocumento: z.string({ error: MSG.employeeIdRequired }).trim().min(1, MSG.employeeIdRequired).max(40),
  numerodocumento: z.string({ error: MSG.employeeIdRequired }).trim().min(1, MSG.employeeIdRequired).max(20),
});

// ---------- Rows (the contract's required-document row) ----------

export const anexoInfo = z.object({
  id: z.number(),
  nombreadjunto: z.string(),
  urladjunto: z.string(),
  fechacarga: z.string(),
});
export type AnexoInfo = z.infer<typeof anexoInfo>;

/** Current state of one slot: its newest submission, or pending (-2) when there is none. */
const estadoFields = {
  codEstado: z.number(),
  estado: z.string(),
  motivorechazo: z.string().nullable(),
  /** File name of the current submission (null when it is a comment or there is none). */
  nombreadjunto: z.string().nullable(),
  /** entregas id of the current submission. */
  idEntrega: z.number().nullable(),
  /** Comment of the current submission. */
  comentario: z.string().nullable(),
  /** ISO timestamp of the current submission. */
  fechacarga: z.string().nullable(),
  /** Valid until (YYYY-MM-DD), set when approved. */
  vigencia: z.string().nullable(),
  /** Issue date of the current submission's document (YYYY-MM-DD; decision 108), null when unknown. */
  fechaExpedicion: z.string().nullable(),
  /**
   * Where an approval stands against the expiry warning window, by the rule the home summary
   * counts (docs/decisions/094): 'vigente', 'por_vencer' (ends within the window: the home counts it
   * under 'Vencidos'), 'vencido'; null when not approved or the approval does not expire.
   */
  alerta: z.enum(['vigente', 'por_vencer', 'vencido']).nullable(),
  /** Download link of the current file: /api/adminflujos/adjunto/{idEntrega}. */
  urladjunto: z.string().nullable(),
  /** Annexes of the current submission, oldest first. */
  anexos: z.array(anexoInfo),
  /**
   * Set when the submission that counts was made on another contract of the company (a worker's
   * document reused, docs/decisions/138): that contract and its label, and the slot's own newest
   * submission when it has one (awaiting review, rejected or expired), shown next to it.
   */
  reuso: z
    .object({
      contratoId: z.number(),
      contrato: z.string(),
      propia: z.object({ idEntrega: z.number(), codEstado: z.number(), estado: z.string() }).nullable(),
    })
    .nullable()
    .optional(),
  /**
   * A renewal awaiting review while the approval in force above keeps counting
   * (docs/decisions/164): the row shows 'Vigente hasta dd/mm/aaaa · Renovación pendiente por
   * aprobar'. Null otherwise (a rejected renewal leaves the approval alone; it stays in the history).
   */
  renovacion: z.object({ idEntrega: z.number(), fechacarga: z.string() }).nullable().optional(),
};
export type EstadoFields = z.infer<ReturnType<typeof z.object<typeof estadoFields>>>;

export const evidenceRow = z.object({
  /** requisito id: the {id} of the PUT calls. */
  id: z.number(),
  codigo: z.string(),
  nombreCorto: z.string(),
  /** Full name (the catalogue has one name; the withholdings page reads this field). */
  nombre: z.string(),
  /** Tooltip text. */
  detalle: z.string(),
  opcional: z.boolean(),
  extensiones: z.string(),
  baselegal: z.string().nullable(),
  ...estadoFields,
});
export type EvidenceRow = z.infer<typeof evidenceRow>;

export const periodo = z.object({
  /** Display label, e.g. 'Noviembre 2026'. */
  Lapso: z.string(),
  ano: z.number(),
  mes: z.number(),
  /** Period identity in the original's names: year, month, risk (requisito) id. */
  anosriesgo: z.number(),
  messriesgo: z.number(),
  idsriesgo: z.number(),
  ...estadoFields,
});
export type Periodo = z.infer<typeof periodo>;

/** Risk row: the top-level state fields repeat the first (newest) period, which sits on the main row. */
export const riskRow = evidenceRow.extend({
  /** Row span = number of periods. */
  length: z.number(),
  Periodo: z.array(periodo),
});
export type RiskRow = z.infer<typeof riskRow>;

export const evidenceList = z.array(evidenceRow);
export const riskList = z.array(riskRow);

/** Dates a document states, as read from the file (ISO 'YYYY-MM-DD' or null). */
export const fechasLeidas = z.object({
  expedicion: z.string().nullable(),
  vencimiento: z.string().nullable(),
  proximoExamen: z.string().nullable(),
});
export type FechasLeidas = z.infer<typeof fechasLeidas>;
export const FECHAS_VACIAS: FechasLeidas = { expedicion: null, vencimiento: null, proximoExamen: null };

export const CAMPOS_FECHA = ['expedicion', 'vencimiento', 'proximoExamen'] as const;
export type CampoFecha = (typeof CAMPOS_FECHA)[number];

/**
 * POST .../{id}/fechas (decision 108): the dates read from a file before saving, to pre-fill the
 * upload form; nothing is stored. `pide` lists the dates the requirement's validity rule needs
 * (null when the requirement has no rule yet: the form then shows the dates that were read).
 */
export const fechasResponse = z.object({
  fechas: fechasLeidas,
  pide: z.array(z.enum(CAMPOS_FECHA)).nullable(),
});
export type FechasResponse = z.infer<typeof fechasResponse>;

/** Response of every PUT (message of docs/contract.md, Error catalogue, plus the ids created). */
export const evidencePutResponse = z.object({
  message: z.string(),
  idEntrega: z.number(),
  idArchivo: z.number().nullable(),
  nombreadjunto: z.string().nullable(),
  sha256: z.string().nullable(),
  /** The dates read from the main file (decision 108), ISO or null; all null without a file. */
  fechas: fechasLeidas,
  /** What the contractor should look at although the upload was stored (the same file on another worker). */
  advertencias: z.array(z.string()).optional(),
});
export type EvidencePutResponse = z.infer<typeof evidencePutResponse>;

export const anexoPutResponse = z.object({
  message: z.string(),
  idAnexo: z.number(),
  idEntrega: z.number(),
  idArchivo: z.number(),
  nombreadjunto: z.string(),
  sha256: z.string(),
});
export type AnexoPutResponse = z.infer<typeof anexoPutResponse>;

// ---------- Periods (risk management) ----------

/** Month names and 'Noviembre 2026' live in dates.ts (no imports: messages files use them too). */
export { MESES, formatLapso } from '../dates';

/** The current month of an instant (periodoEnColombia) and AnoMes are calendario.ts' (decision 174). */

/**
 * The periods of a contract: every month from its start (fecha_inicio, YYYY-MM-DD) to the current
 * month, newest first (the month to act on sits on the main row). Empty when it has not started.
 */
export function contractPeriods(fechaInicio: string, current: AnoMes): AnoMes[] {
  const [y, m] = fechaInicio.split('-').map(Number);
  const out: AnoMes[] = [];
  for (let ano = current.ano, mes = current.mes; ano > y || (ano === y && mes >= m);) {
    out.push({ ano, mes });
    if (--mes === 0) {
      mes = 12;
      ano--;
    }
  }
  return out;
}

export function isContractPeriod(fechaInicio: string, current: AnoMes, p: AnoMes): boolean {
  const [y, m] = fechaInicio.split('-').map(Number);
  const key = (a: number, b: number) => a * 12 + b;
  return key(p.ano, p.mes) >= key(y, m) && key(p.ano, p.mes) <= key(current.ano, current.mes);
}

import { z } from 'zod';
import { staffFecha, staffQueryId } from '../consultas';
import { CAMPOS_FECHA, fechasLeidas, type CampoFecha, type FechasLeidas } from '../evidencias/evidence';
import { habilitacionSchema } from '../autoevaluacion/habilitacion';
import { MSG } from '../messages';
import { MODULO_CODIGOS } from '../reporte/report';
import { MAX_TRABAJADORES_CARGA } from '../evidencias/carga-multiple';
import {
  fechasQuePide,
  finVigencia,
  reglaVigencia,
  TIPOS_VIGENCIA,
  type ReglaVigencia,
} from '../rules/validity';

/**
 * Staff review console (docs/decisions/060): the queue of submissions pending approval, one
 * submission's detail, the two decisions, and the compliance view per company.
 * Paths: /api/revision/pendientes, /api/revision/entregas/{id}[/aprobar|/rechazar],
 * /api/revision/cumplimiento[...].
 */

export { staffFecha, staffQueryId };

const page = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .default(1);
const pageSize = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(100))
  .default(20);

export const staffIdParams = z.object({ id: staffQueryId });

// ---------- Queue ----------

/** GET /api/revision/pendientes: every filter optional; oldest first. */
export const reviewQueueQuery = z
  .object({
    modulo: z.enum(MODULO_CODIGOS, { error: MSG.reportModuleInvalid }).optional(),
    empresaId: staffQueryId.optional(),
    /** Company NIT (digits, without check digit): an alternative to empresaId. */
    nit: z
      .string()
      .trim()
      .regex(/^\d{6,15}$/, MSG.empresaNitInvalido)
      .optional(),
    proyectoId: staffQueryId.optional(),
    requisitoId: staffQueryId.optional(),
    /** Uploaded on or after this date (Colombia). */
    desde: staffFecha.optional(),
    /** Uploaded on or before this date (Colombia). */
    hasta: staffFecha.optional(),
    page,
    pageSize,
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: MSG.reviewDateRangeInvalid,
    path: ['desde'],
  });
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export const archivoRef = z.object({
  nombre: z.string(),
  /** Download link (the evidence module's route): add ?token= for a new tab, or fetch with the bearer. */
  url: z.string(),
  tipoMime: z.string(),
  tamano: z.number(),
  extension: z.string(),
});
export type ArchivoRef = z.infer<typeof archivoRef>;

export const requisitoRevision = z.object({
  id: z.number(),
  codigo: z.string(),
  nombreCorto: z.string(),
  /** The validation criterion the reviewer checks the file against. */
  detalle: z.string(),
  extensiones: z.string(),
  opcional: z.boolean(),
  /** Days an approval is valid; null = does not expire. */
  vigenciaDias: z.number().nullable(),
  baseLegal: z.string().nullable(),
  /** Standard rejection reasons offered to the reviewer. */
  motivosRechazo: z.array(z.string()),
});

/** A submission as a reviewer sees it. */
export const entregaRevision = z.object({
  id: z.number(),
  modulo: z.enum(MODULO_CODIGOS),
  moduloNombre: z.string(),
  empresa: z.object({
    id: z.number(),
    nit: z.string(),
    dv: z.number(),
    razonSocial: z.string(),
    activa: z.boolean(),
  }),
  contrato: z
    .object({
      id: z.number(),
      descripcion: z.string(),
      proyectoId: z.number(),
      proyecto: z.string(),
      actividad: z.string(),
      tipoContrato: z.string(),
    })
    .nullable(),
  requisito: requisitoRevision,
  empleado: z
    .object({ id: z.number(), tipoDocumento: z.string(), numeroDocumento: z.string(), nombre: z.string() })
    .nullable(),
  /** g-riesgo period, e.g. { ano: 2026, mes: 3, lapso: 'Marzo 2026' }. */
  periodo: z.object({ ano: z.number(), mes: z.number(), lapso: z.string() }).nullable(),
  /** null when the submission is a comment only. */
  archivo: archivoRef.nullable(),
  comentario: z.string().nullable(),
  cargadoAt: z.string(),
  cargadoPor: z.object({ id: z.number(), username: z.string(), nombre: z.string() }).nullable(),
  anexos: z.array(z.object({ id: z.number(), nombre: z.string(), url: z.string(), cargadoAt: z.string() })),
  /** -1, 0, 1 or 9 (approved but vigenciaHasta before today). */
  codEstado: z.number(),
  estado: z.string(),
  motivoRechazo: z.string().nullable(),
  vigenciaHasta: z.string().nullable(),
  revisadoAt: z.string().nullable(),
  revisadoPor: z.object({ id: z.number(), username: z.string(), nombre: z.string() }).nullable(),
  /** The newest earlier approved submission of the same slot, for side-by-side comparison. */
  anterior: z
    .object({
      id: z.number(),
      archivo: archivoRef.nullable(),
      comentario: z.string().nullable(),
      cargadoAt: z.string(),
      revisadoAt: z.string().nullable(),
      vigenciaHasta: z.string().nullable(),
      codEstado: z.number(),
      estado: z.string(),
    })
    .nullable(),
  /** What approving now would set: today + vigenciaDias (capped at the maximum), or null. */
  vigenciaSugerida: z.string().nullable(),
  /** The latest date a reviewer may enter (today + REVIEW_MAX_VALIDITY_DAYS). */
  vigenciaMaxima: z.string(),
  /** false when the company uploaded a newer submission for the same slot (decisions are refused). */
  esActual: z.boolean(),
});
export type EntregaRevision = z.infer<typeof entregaRevision>;

export const reviewQueue = z.object({
  items: z.array(entregaRevision),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

/**
 * The document dates of one submission as the reviewer sees them (decision 113): the requirement's
 * validity rule, the dates it asks for, what the reader found in the file, what the contractor sent,
 * the dates in force on the entrega (given or read at upload; the confirmed ones once approved) and
 * the validity end the rule gives with them.
 */
export const fechasRevision = z.object({
  /** null: the requirement has no validity rule (approval + vigenciaDias, capped; decision 113). */
  regla: z
    .object({
      tipo: z.enum(TIPOS_VIGENCIA),
      /** The kind in Spanish (the catalogue form's names). */
      nombre: z.string(),
      baseLegal: z.string(),
      /** The rule itself, to recompute the end while the reviewer edits the dates. */
      definicion: reglaVigencia,
    })
    .nullable(),
  /** 'YYYY-MM': the month a "del mes vigente" certificate certifies, when stored. */
  periodo: z.string().nullable(),
  /** The dates the rule reads, in the order the form shows them. */
  pide: z.array(z.enum(CAMPOS_FECHA)),
  /** Read from the file at upload; null when there was no file or it was uploaded before decision 113. */
  leidas: fechasLeidas.nullable(),
  /** Sent by the contractor with the upload; null when none was sent. */
  declaradas: fechasLeidas.nullable(),
  /** Stored on the entrega: what the rule reads unless the reviewer corrects it. */
  vigentes: fechasLeidas,
  /** What the rule gives with `vigentes` (null: does not expire, or a needed date is missing). */
  finSegunRegla: z.string().nullable(),
  /** Dates the rule needs and nobody gave: approval is refused until the reviewer enters them. */
  faltan: z.array(z.enum(CAMPOS_FECHA)),
});
export type FechasRevision = z.infer<typeof fechasRevision>;

/** GET /api/revision/entregas/{id}: the submission plus every submission of its slot, newest first. */
export const entregaDetalle = entregaRevision.extend({
  fechas: fechasRevision,
  /**
   * How many workers' submissions point at this submission's file (one upload for many workers,
   * docs/decisions/139); 1 when the file is this submission's alone, 0 without a file.
   */
  compartidoCon: z.number().int(),
  /**
   * The other submissions of this company and requirement that point at this file and still await
   * a decision (current, estado 0): the ones `mismaCarga` may decide with this one (decision 139).
   */
  mismaCargaPendientes: z.array(z.number().int()),
  historial: z.array(
    z.object({
      id: z.number(),
      codEstado: z.number(),
      estado: z.string(),
      archivo: archivoRef.nullable(),
      comentario: z.string().nullable(),
      cargadoAt: z.string(),
      motivoRechazo: z.string().nullable(),
      vigenciaHasta: z.string().nullable(),
      revisadoAt: z.string().nullable(),
    }),
  ),
});
export type EntregaDetalle = z.infer<typeof entregaDetalle>;

// ---------- Decisions ----------

/**
 * One decision for every worker of one upload (docs/decisions/139): the ids of the other pending
 * submissions of the same file, as the dialog showed them. All are decided with the submission of
 * the path in one transaction, or none when one of them was decided or replaced meanwhile.
 */
const mismaCarga = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(MAX_TRABAJADORES_CARGA)
  .optional();

export const MOTIVO_MIN = 3;
export const MOTIVO_MAX = 1000;

/** The span a document date may fall in: older or later ones are typing mistakes (decision 113). */
export const FECHA_DOCUMENTO_MINIMA = '1950-01-01';
export const FECHA_DOCUMENTO_MAXIMA = '2099-12-31';

const fechaConfirmada = staffFecha
  .refine(
    (v) => v >= FECHA_DOCUMENTO_MINIMA && v <= FECHA_DOCUMENTO_MAXIMA,
    MSG.reviewDocumentDateRange(FECHA_DOCUMENTO_MINIMA, FECHA_DOCUMENTO_MAXIMA),
  )
  .nullish();

/**
 * POST /api/revision/entregas/{id}/aprobar. Every field is optional; {} (or no body) approves with
 * the dates stored on the entrega. The dates the reviewer confirms or corrects (decision 113):
 * absent keeps the stored date, null clears it. With a validity rule the end is derived from them
 * and `vigenciaHasta` is refused unless it equals that end; without a rule `vigenciaHasta` (today ..
 * today + the maximum) or approval + vigenciaDias applies.
 */
export const approveBody = z
  .strictObject({
    vigenciaHasta: staffFecha.nullish(),
    fechaExpedicion: fechaConfirmada,
    fechaVencimiento: fechaConfirmada,
    proximoExamen: fechaConfirmada,
    mismaCarga,
  })
  .superRefine((b, ctx) => {
    for (const p of problemasFechas(
      { expedicion: b.fechaExpedicion, vencimiento: b.fechaVencimiento, proximoExamen: b.proximoExamen },
      null,
    ))
      ctx.addIssue({ code: 'custom', message: p.mensaje, path: [CAMPO_BODY[p.campo]] });
  });
export type ApproveBody = z.infer<typeof approveBody>;

/** The approve body field of each document date. */
export const CAMPO_BODY = {
  expedicion: 'fechaExpedicion',
  vencimiento: 'fechaVencimiento',
  proximoExamen: 'proximoExamen',
} as const satisfies Record<CampoFecha, keyof ApproveBody>;

/** GET /api/revision/pendientes/conteo: how many uploads await a decision (the reviewer's home). */
export const reviewPendingCount = z.object({ total: z.number().int() });
export type ReviewPendingCount = z.infer<typeof reviewPendingCount>;

export { REVISION_MSG } from './messages';

/** Spanish name of each document date (the labels of the upload form). */
export const NOMBRE_FECHA: Record<CampoFecha, string> = {
  expedicion: MSG.documentDateExpedicion,
  vencimiento: MSG.documentDateVencimiento,
  proximoExamen: MSG.documentDateProximoExamen,
};

/**
 * What is wrong with a set of confirmed document dates (decision 113): an issue date after today
 * (`hoy`, a Colombian date; skipped when null), an end or next exam before the issue date.
 */
export function problemasFechas(
  f: { expedicion?: string | null; vencimiento?: string | null; proximoExamen?: string | null },
  hoy: string | null,
): Array<{ campo: CampoFecha; mensaje: string }> {
  const out: Array<{ campo: CampoFecha; mensaje: string }> = [];
  if (hoy && f.expedicion && f.expedicion > hoy)
    out.push({ campo: 'expedicion', mensaje: MSG.reviewIssueDateFuture });
  if (f.expedicion && f.vencimiento && f.vencimiento < f.expedicion)
    out.push({ campo: 'vencimiento', mensaje: MSG.reviewDateBeforeIssue(NOMBRE_FECHA.vencimiento) });
  if (f.expedicion && f.proximoExamen && f.proximoExamen < f.expedicion)
    out.push({ campo: 'proximoExamen', mensaje: MSG.reviewDateBeforeIssue(NOMBRE_FECHA.proximoExamen) });
  return out;
}

/** The dates of an approve body over the stored ones: absent keeps, null clears. */
export function fechasConfirmadas(
  body: ApproveBody | null | undefined,
  guardadas: FechasLeidas,
): FechasLeidas {
  const pick = (v: string | null | undefined, old: string | null) => (v === undefined ? old : v);
  return {
    expedicion: pick(body?.fechaExpedicion, guardadas.expedicion),
    vencimiento: pick(body?.fechaVencimiento, guardadas.vencimiento),
    proximoExamen: pick(body?.proximoExamen, guardadas.proximoExamen),
  };
}

/**
 * POST /api/revision/entregas/{id}/rechazar: a standard reason of the requirement (motivo) and/or
 * free text (observacion). The stored reason is 'motivo. observacion', 3..1000 characters.
 */
export const rejectBody = z
  .strictObject({
    motivo: z.string().trim().max(MOTIVO_MAX, MSG.reviewReasonLength).nullish(),
    observacion: z.string().trim().max(MOTIVO_MAX, MSG.reviewReasonLength).nullish(),
    mismaCarga,
  })
  .superRefine((b, ctx) => {
    const text = motivoRechazoTexto(b);
    if (!text) ctx.addIssue({ code: 'custom', message: MSG.reviewReasonRequired, path: ['motivo'] });
    else if (text.length < MOTIVO_MIN || text.length > MOTIVO_MAX)
      ctx.addIssue({ code: 'custom', message: MSG.reviewReasonLength, path: ['observacion'] });
  });
export type RejectBody = z.infer<typeof rejectBody>;

/** The reason shown to the company (hover hint, home summary, e-mail). */
export function motivoRechazoTexto(b: { motivo?: string | null; observacion?: string | null }): string {
  const parts = [b.motivo?.trim(), b.observacion?.trim()].filter((p): p is string => !!p);
  if (parts.length === 2 && !/[.!?:]$/.test(parts[0])) return `${parts[0]}. ${parts[1]}`;
  return parts.join(' ');
}

export const decisionResponse = z.object({
  message: z.string(),
  id: z.number(),
  codEstado: z.number(),
  estado: z.string(),
  vigenciaHasta: z.string().nullable(),
  motivoRechazo: z.string().nullable(),
  revisadoAt: z.string(),
  /** How many submissions this decision changed: 1, or 1 + mismaCarga.length (decision 139). */
  aplicadas: z.number().int().optional(),
});
export type DecisionResponse = z.infer<typeof decisionResponse>;

// ---------- Compliance per company ----------

/**
 * Counts over the applicable MANDATORY slots (optional items never lower compliance):
 * aplicables = aprobados + pendientesRevision + rechazados + vencidos + sinCargar;
 * porcentaje = aprobados / aplicables * 100 (one decimal), null when nothing applies.
 */
export const conteoCumplimiento = z.object({
  aplicables: z.number(),
  aprobados: z.number(),
  pendientesRevision: z.number(),
  rechazados: z.number(),
  vencidos: z.number(),
  sinCargar: z.number(),
  porcentaje: z.number().nullable(),
});
export type ConteoCumplimiento = z.infer<typeof conteoCumplimiento>;

export const cumplimientoModulo = conteoCumplimiento.extend({
  modulo: z.enum(MODULO_CODIGOS),
  nombre: z.string(),
});

export const cumplimientoEmpresa = z.object({
  empresaId: z.number(),
  nit: z.string(),
  razonSocial: z.string(),
  totales: conteoCumplimiento,
  modulos: z.array(cumplimientoModulo),
  /** Active contracts of a type whose minimum 0312 score the company misses (decision 142). */
  contratosNoHabilitados: z.number().int().optional(),
});
export type CumplimientoEmpresa = z.infer<typeof cumplimientoEmpresa>;

export const cumplimientoQuery = z.object({
  modulo: z.enum(MODULO_CODIGOS, { error: MSG.reportModuleInvalid }).optional(),
  /** Part of the NIT or of the company name. */
  buscar: z.string().trim().max(100).optional(),
});

export const cumplimientoContrato = z.object({
  /** null: the company-level SG-SST items. */
  contratoId: z.number().nullable(),
  descripcion: z.string(),
  proyecto: z.string().nullable(),
  /** With proyecto and actividad it names the contract (contratoEtiqueta; docs/decisions/099). */
  tipoContrato: z.string().nullable(),
  actividad: z.string().nullable(),
  totales: conteoCumplimiento,
  modulos: z.array(cumplimientoModulo),
  /** The contract's habilitación by the minimum 0312 score of its type (decision 142). */
  habilitacion: habilitacionSchema.optional(),
});

export const cumplimientoDetalleEmpresa = cumplimientoEmpresa.extend({
  contratos: z.array(cumplimientoContrato),
});
export type CumplimientoDetalleEmpresa = z.infer<typeof cumplimientoDetalleEmpresa>;

export const cumplimientoItemsQuery = z.object({
  modulo: z.enum(MODULO_CODIGOS, { error: MSG.reportModuleInvalid }).optional(),
  /** A contract of the company; 'empresa' = the company-level SG-SST items only. */
  contrato: z.union([z.literal('empresa'), staffQueryId]).optional(),
  /** codEstado: -2 not uploaded, -1 rejected, 0 pending review, 1 approved and valid, 9 expired. */
  codEstado: z.enum(['-2', '-1', '0', '1', '9']).transform(Number).optional(),
  /** Include optional items (default: mandatory only, like the counts). */
  opcionales: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const cumplimientoItem = z.object({
  modulo: z.enum(MODULO_CODIGOS),
  requisito: z.object({ id: z.number(), codigo: z.string(), nombreCorto: z.string(), opcional: z.boolean() }),
  contrato: z
    .object({
      id: z.number(),
      descripcion: z.string(),
      proyecto: z.string(),
      /** With proyecto they name the contract (contratoEtiqueta; docs/decisions/099). */
      tipoContrato: z.string(),
      actividad: z.string(),
    })
    .nullable(),
  empleado: z.object({ id: z.number(), documento: z.string(), nombre: z.string() }).nullable(),
  periodo: z.object({ ano: z.number(), mes: z.number(), lapso: z.string() }).nullable(),
  codEstado: z.number(),
  estado: z.string(),
  /** The submission that counts (decision 164; null when nothing was uploaded). */
  entregaId: z.number().nullable(),
  url: z.string().nullable(),
  cargadoAt: z.string().nullable(),
  vigenciaHasta: z.string().nullable(),
  motivoRechazo: z.string().nullable(),
  /**
   * A renewal awaiting review while the approval above keeps counting (docs/decisions/164, 170):
   * its submission and upload instant; the row reads 'Vigente hasta dd/mm/aaaa · Renovación
   * pendiente por aprobar'. Null otherwise.
   */
  renovacion: z.object({ entregaId: z.number(), cargadoAt: z.string() }).nullable(),
});
export type CumplimientoItem = z.infer<typeof cumplimientoItem>;

export const cumplimientoExportQuery = z.object({ empresaId: staffQueryId.optional() });

// ---------- Validity by the rule from confirmed dates (decision 113) ----------

/** The document dates a rule reads (the fields the upload and review forms show). */
export const camposDeRegla = (
  regla: Pick<ReglaVigencia, 'tipo'> & { vencimientoSiLoIndica?: boolean },
): CampoFecha[] => fechasQuePide(regla).filter((c): c is CampoFecha => c !== 'periodo' && c !== 'nit');

/**
 * The end the rule gives from the entrega's dates (`periodo` 'YYYY-MM' when stored, the company's
 * NIT), or null: it does not expire, or a date it needs is missing. Nothing is guessed: no issue
 * date is not "the approval day". The server's approval and the review form use this one function.
 */
export function finDeRevision(
  regla: ReglaVigencia,
  f: FechasLeidas,
  periodo: string | null,
  nit: string,
): string | null {
  const p = periodo && /^\d{4}-(0[1-9]|1[0-2])$/.test(periodo) ? periodo : null;
  return finVigencia(regla, {
    ...f,
    periodo: p ? { ano: Number(p.slice(0, 4)), mes: Number(p.slice(5, 7)) } : null,
    nit,
  });
}

/** The dates the rule needs that nobody gave: empty when it gives an end or never expires. */
export function fechasFaltantes(
  regla: ReglaVigencia,
  f: FechasLeidas,
  periodo: string | null,
  nit: string,
): CampoFecha[] {
  if (regla.tipo === 'sin_vencimiento' || finDeRevision(regla, f, periodo, nit) !== null) return [];
  return camposDeRegla(regla).filter((c) => !f[c]);
}

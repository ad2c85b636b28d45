import { z } from 'zod';
import { MSG } from '../messages';
import { claseRiesgo } from '../pila/clases-riesgo';
import { MODULO_CODIGOS } from '../reporte/report';
import { reglaVigencia } from '../rules/validity';
import { puntajeMinimo0312Input } from '../autoevaluacion/habilitacion';

/**
 * Catalogue of requirements and master data, managed by staff (docs/decisions/061).
 * Paths: /api/admin/requisitos[...], /api/admin/maestras/{tabla}[...]. Nothing is ever deleted:
 * retiring sets activo=false, so history (submissions, contracts) keeps its references.
 */

/** Extensions whose content the upload check can verify (magic bytes), lower case. */
export const EXTENSIONES_PERMITIDAS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'tif',
  'tiff',
  'xlsx',
  'xls',
  'docx',
  'doc',
  'pptx',
  'ppt',
] as const;

export const APLICA_SI = ['alturas', 'espacios_confinados', 'flota'] as const;
export type AplicaSi = (typeof APLICA_SI)[number];

/**
 * 'PDF, xlsx,xls' or ['pdf','xlsx'] -> 'pdf,xlsx,xls': trimmed, lower case, no repeats, each one
 * of EXTENSIONES_PERMITIDAS. Stored as the comma-separated text the evidence pages show.
 */
export const extensionesInput = z
  .union([z.string().max(200), z.array(z.string().max(10)).max(20)])
  .transform((v, ctx) => {
    const list = (Array.isArray(v) ? v : v.split(','))
      .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
      .filter(Boolean);
    const unique = [...new Set(list)];
    if (unique.length === 0) {
      ctx.addIssue({ code: 'custom', message: MSG.requisitoExtensionesRequeridas });
      return z.NEVER;
    }
    for (const e of unique) {
      if (!(EXTENSIONES_PERMITIDAS as readonly string[]).includes(e)) {
        ctx.addIssue({
          code: 'custom',
          message: MSG.requisitoExtensionInvalida(e, EXTENSIONES_PERMITIDAS.join(', ')),
        });
        return z.NEVER;
      }
    }
    return unique.join(',');
  });

const motivosRechazo = z
  .array(z.string().trim().min(3, MSG.requisitoMotivoInvalido).max(300, MSG.requisitoMotivoInvalido))
  .max(30, MSG.requisitoMotivoInvalido)
  .refine((l) => new Set(l.map((m) => m.toLowerCase())).size === l.length, MSG.requisitoMotivoInvalido);

/**
 * The module of a requirement: missing or empty is 'the field is required' (the form's empty
 * dropdown), anything else that is not one of the four codes is the invalid-module message.
 */
const moduloRequerido = z.enum(MODULO_CODIGOS, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ''
      ? MSG.fieldRequired(MSG.requisitoModuloLabel)
      : MSG.reportModuleInvalid,
});

const requisitoFields = {
  modulo: moduloRequerido,
  codigo: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,19}$/, MSG.requisitoCodigoInvalido)),
  nombreCorto: z.string().trim().min(3, MSG.requisitoNombreRequerido).max(200, MSG.requisitoNombreRequerido),
  /** Validation criterion: the row tooltip for companies, the checklist for reviewers. */
  detalle: z.string().trim().max(4000),
  extensiones: extensionesInput,
  opcional: z.boolean(),
  /** null = always applies; otherwise only when the contract's activity has that flag. */
  aplicaSi: z.enum(APLICA_SI).nullable(),
  /** Days an approval stays valid; null = does not expire. */
  vigenciaDias: z.number().int().min(1).max(3650).nullable(),
  baseLegal: z.string().trim().max(500).nullable(),
  /**
   * Legal validity rule (decision 105); null or absent = approval date + vigenciaDias, the
   * specification's behaviour.
   */
  reglaVigencia: reglaVigencia.nullable(),
  orden: z.number().int().min(0).max(1_000_000),
  motivosRechazo,
  /**
   * A worker document that is a list by nature (attendance, EPP record, PILA): one upload may cover
   * several workers of the contract (docs/decisions/139). Only for sg-personal requirements.
   */
  cargaMultiple: z.boolean(),
  /**
   * Whether a temporary authorization may stand in for it at the gate (docs/decisions/182); when
   * not, the norm that makes it a condition before work starts.
   */
  dispensable: z.boolean(),
  baseLegalDispensa: z.string().trim().max(500).nullable(),
};

/** A requirement no authorization stands in for names the norm that says so (docs/decisions/182). */
function baseDeDispensa(
  b: { dispensable?: boolean; baseLegalDispensa?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (b.dispensable === false && !b.baseLegalDispensa?.trim())
    ctx.addIssue({ code: 'custom', path: ['baseLegalDispensa'], message: MSG.requisitoBaseDispensaFalta });
}

/** POST /api/admin/requisitos. Omitted optional fields: detalle '', opcional false, others null/[]. */
const requisitoBodyShape = {
  modulo: requisitoFields.modulo,
  codigo: requisitoFields.codigo,
  nombreCorto: requisitoFields.nombreCorto,
  extensiones: requisitoFields.extensiones,
  detalle: requisitoFields.detalle.optional(),
  opcional: requisitoFields.opcional.optional(),
  aplicaSi: requisitoFields.aplicaSi.optional(),
  vigenciaDias: requisitoFields.vigenciaDias.optional(),
  baseLegal: requisitoFields.baseLegal.optional(),
  reglaVigencia: requisitoFields.reglaVigencia.optional(),
  /** Position within the module; default: after the last one. */
  orden: requisitoFields.orden.optional(),
  motivosRechazo: requisitoFields.motivosRechazo.optional(),
  cargaMultiple: requisitoFields.cargaMultiple.optional(),
  dispensable: requisitoFields.dispensable.optional(),
  baseLegalDispensa: requisitoFields.baseLegalDispensa.optional(),
};
export const requisitoCreateBody = z.strictObject(requisitoBodyShape).superRefine(baseDeDispensa);
export type RequisitoCreateBody = z.infer<typeof requisitoCreateBody>;

/** PUT /api/admin/requisitos/{id}: the same fields, any subset; only the fields sent change. */
export const requisitoUpdateBody = z.strictObject(requisitoBodyShape).partial().superRefine(baseDeDispensa);
export type RequisitoUpdateBody = z.infer<typeof requisitoUpdateBody>;

export const requisitoAdmin = z.object({
  id: z.number(),
  modulo: z.enum(MODULO_CODIGOS),
  codigo: z.string(),
  nombreCorto: z.string(),
  detalle: z.string(),
  extensiones: z.string(),
  opcional: z.boolean(),
  aplicaSi: z.string().nullable(),
  vigenciaDias: z.number().nullable(),
  baseLegal: z.string().nullable(),
  reglaVigencia: reglaVigencia.nullable(),
  orden: z.number(),
  motivosRechazo: z.array(z.string()),
  /** One upload may cover several workers (docs/decisions/139). */
  cargaMultiple: z.boolean(),
  /** A temporary authorization may stand in for it (docs/decisions/182); else the norm. */
  dispensable: z.boolean(),
  baseLegalDispensa: z.string().nullable(),
  activo: z.boolean(),
  createdAt: z.string(),
  /** How many submissions reference it (history that retiring keeps). */
  entregas: z.number(),
});
export type RequisitoAdmin = z.infer<typeof requisitoAdmin>;

export const requisitosQuery = z.object({
  modulo: z.enum(MODULO_CODIGOS, { error: MSG.reportModuleInvalid }).optional(),
  /** 'true': retired ones too (default: active only). */
  incluirRetirados: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  buscar: z.string().trim().max(100).optional(),
});

export const savedRequisito = z.object({ message: z.string(), requisito: requisitoAdmin });

// ---------- Master data ----------

/** URL names of the master tables (path segment) and their database tables. */
export const TABLAS_MAESTRAS = {
  proyectos: 'proyectos',
  'tipos-contrato': 'tipos_contrato',
  actividades: 'actividades',
  regionales: 'regionales',
  cargos: 'cargos',
} as const;
export type TablaMaestra = keyof typeof TABLAS_MAESTRAS;
export const TABLA_MAESTRA_NOMBRES = Object.keys(TABLAS_MAESTRAS) as [TablaMaestra, ...TablaMaestra[]];

const claseRiesgoInput = z
  .number({ error: MSG.claseRiesgoInvalida })
  .int(MSG.claseRiesgoInvalida)
  .refine((n) => claseRiesgo(n) !== null, MSG.claseRiesgoInvalida);

const descripcion = z
  .string()
  .trim()
  .min(2, MSG.maestraDescripcionRequerida)
  .max(200, MSG.maestraDescripcionRequerida);

/** Body of POST (all required but the flags) and PUT (only what is sent changes), per table. */
export const maestraBodies = {
  proyectos: z.strictObject({
    descripcion,
    regionalId: z.number().int().positive().nullable().optional(),
    ciudad: z.string().trim().max(120).nullable().optional(),
  }),
  /** puntajeMinimo0312: the Resolución 0312 minimum score (null = off; docs/decisions/142). */
  'tipos-contrato': z.strictObject({ descripcion, puntajeMinimo0312: puntajeMinimo0312Input.optional() }),
  actividades: z.strictObject({
    descripcion,
    alturas: z.boolean().optional(),
    espaciosConfinados: z.boolean().optional(),
    flota: z.boolean().optional(),
    /**
     * ARL risk class 1-5 (I-V) the contract's workers must be affiliated in (Decreto 768 de 2022
     * table; Decreto-ley 1295 de 1994 art. 26): the PILA reconciliation's minimum (decision 132).
     * Omitted on create: class V, the column's default.
     */
    claseRiesgo: claseRiesgoInput.optional(),
  }),
  regionales: z.strictObject({ descripcion }),
  cargos: z.strictObject({ descripcion }),
} as const;
export const maestraUpdateBodies = {
  proyectos: maestraBodies.proyectos.partial(),
  'tipos-contrato': maestraBodies['tipos-contrato'].partial(),
  actividades: maestraBodies.actividades.partial(),
  regionales: maestraBodies.regionales.partial(),
  cargos: maestraBodies.cargos.partial(),
} as const;
export type MaestraBody = z.infer<(typeof maestraBodies)[TablaMaestra]>;
export type MaestraUpdateBody = z.infer<(typeof maestraUpdateBodies)[TablaMaestra]>;

/** One master row; table-specific fields appear only on their table. */
export const maestraAdmin = z.object({
  id: z.number(),
  descripcion: z.string(),
  activo: z.boolean(),
  regionalId: z.number().nullable().optional(),
  regional: z.string().nullable().optional(),
  ciudad: z.string().nullable().optional(),
  alturas: z.boolean().optional(),
  espaciosConfinados: z.boolean().optional(),
  flota: z.boolean().optional(),
  /** Activities: the ARL risk class 1-5 (decision 132). */
  claseRiesgo: z.number().optional(),
  /** Contract types: the minimum self-evaluation score, null = off (decision 142). */
  puntajeMinimo0312: z.number().nullable().optional(),
  /** Rows referencing it (contracts, projects or employees): history that retiring keeps. */
  usos: z.number(),
});
export type MaestraAdmin = z.infer<typeof maestraAdmin>;

export const maestraParams = z.object({ tabla: z.enum(TABLA_MAESTRA_NOMBRES) });
export const maestrasQuery = z.object({
  incluirRetirados: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});
export const savedMaestra = z.object({ message: z.string(), item: maestraAdmin });

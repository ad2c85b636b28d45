import { z } from 'zod';
import { MSG } from '../messages';
import { ESTADO } from '../rules/status';

/**
 * History tree (docs/contract.md: the history screen, its tree nodes, the call
 * GET /api/contratista/bliotecadocumentos/{type}). Shape and folder rules: docs/decisions/050.
 */

/** The four evidence modules whose history can be read (the {type} of the path, histdocs' path). */
export const HISTORY_TYPES = ['sg-sst', 'sg-personal', 'g-riesgo', 'g-retenido'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const historyType = z.enum(HISTORY_TYPES, { error: MSG.historyTypeInvalid });

/** Path parameter of GET /api/contratista/bliotecadocumentos/{type}. */
export const historyParams = z.object({ type: historyType });

const queryId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, MSG.historyIdInvalid)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/**
 * Query: contrato (contract id; the client omits it for sg-sst and g-riesgo), numdocumento (employee
 * identification, sg-personal). Staff name the company with empresa (id) or nit. An empty value is
 * the same as an absent one (the client builds the address with empty parameters).
 */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const historyQuery = z.object({
  contrato: z.preprocess(blankToUndefined, queryId.optional()),
  numdocumento: z.preprocess(blankToUndefined, z.string().trim().max(20, MSG.historyIdInvalid).optional()),
  empresa: z.preprocess(blankToUndefined, queryId.optional()),
  nit: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5,15}$/, MSG.historyIdInvalid)
      .optional(),
  ),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/**
 * A history tree node (docs/contract.md, Entities and fields). A node with children (contenido non-empty or
 * folder) is a folder.
 */
export type HistoryNode = {
  /** Folder: requirement / contract / period 'YYYY-MM' / employee 'CC 123 - NOMBRE'; leaf: file name or 'Comentario'. */
  nombre: string;
  /** Leaf: 'YYYY-MM-DD HH:MM - uploader' (Colombia time); folder: date-time of its newest submission or ''. */
  registro: string;
  /** Internal download path '/api/adminflujos/adjunto/{idEntrega}' (annex: '/api/adminflujos/adjunto/anexo/{idAnexo}'), '' if none. */
  urllink: string;
  /** External storage link: always '' (no external storage). */
  urllinkext: string;
  /** Comment text of the submission ('' when none). */
  comentario: string;
  /** entregas id of the submission (annex leaves: of the submission they belong to); 0 for grouping folders. */
  idregistro: number;
  /**
   * Status code -2, -1, 0, 1, 9, and 2 for a replaced submission (docs/decisions/050, 093); a slot
   * folder has the code of the submission that counts (decision 170).
   */
  estadoflujo: number;
  /** Extra (not in the contract): rejection reason of the submission, '' when none. */
  motivorechazo: string;
  /**
   * Extra (not in the contract): validity end 'YYYY-MM-DD' of an approved submission, '' when none; on
   * a slot folder with a pending renewal, that of the approval that counts (docs/decisions/170).
   */
  vigencia: string;
  /**
   * Extra: on a slot folder, the entregas id of a renewal awaiting review while an approval in force
   * counts (the folder then has that approval's code, decisions 164, 170); 0 otherwise.
   */
  renovacion: number;
  /** Children; [] for leaves. */
  contenido: HistoryNode[];
};

export const historyNode: z.ZodType<HistoryNode> = z.object({
  nombre: z.string(),
  registro: z.string(),
  urllink: z.string(),
  urllinkext: z.string(),
  comentario: z.string(),
  idregistro: z.number(),
  estadoflujo: z.number(),
  motivorechazo: z.string(),
  vigencia: z.string(),
  renovacion: z.number(),
  get contenido() {
    return z.array(historyNode);
  },
});
export const historyTree = z.array(historyNode);

/** Download paths of the evidence module (GET /api/adminflujos/adjunto/...). */
export const attachmentPath = (idEntrega: number) => `/api/adminflujos/adjunto/${idEntrega}`;
export const annexPath = (idAnexo: number) => `/api/adminflujos/adjunto/anexo/${idAnexo}`;

/**
 * Urgency order used to summarise a grouping folder (contract, employee, requirement with periods):
 * rejected, then expired, then pending upload, then pending review, then approved.
 */
const URGENCIA: number[] = [
  ESTADO.RECHAZADO,
  ESTADO.VENCIDO,
  ESTADO.PENDIENTE,
  ESTADO.CARGADO,
  ESTADO.APROBADO,
];

/** The most urgent of the given codes; approved when there is nothing to summarise. */
export function mostUrgent(codes: number[]): number {
  let best = ESTADO.APROBADO as number;
  for (const c of codes)
    if (URGENCIA.indexOf(c) !== -1 && URGENCIA.indexOf(c) < URGENCIA.indexOf(best)) best = c;
  return best;
}

/** 'YYYY-MM' label of a risk-management period folder. */
export const periodFolder = (ano: number, mes: number) => `${ano}-${String(mes).padStart(2, '0')}`;

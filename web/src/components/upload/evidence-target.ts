import type {
  AdjuntoPayload,
  AnexoPutResponse,
  CargaMultipleResponse,
  EstadoFields,
  EvidencePutResponse,
  FechasResponse,
} from '@proveedores/domain';

/** Dates of the document the contractor confirmed in the upload form (decision 109), ISO or null. */
export type FechasPayload = {
  fechaExpedicion?: string | null;
  fechaVencimiento?: string | null;
  proximoExamen?: string | null;
};

/**
 * One evidence slot as the shared modals see it (an SG-SST item, a risk period, a withholding item
 * or an employee's entry document): what to show, which extensions it accepts, and how to save.
 * Pages build targets from their current query data, so the modals always show fresh state.
 */
export type EvidenceTarget = {
  /** Unique within the page (e.g. '12' or '12:2026-11'). */
  key: string;
  /** Document name (nombreCorto / nombre). */
  nombre: string;
  /** Second line of the modal titles: the period (Lapso) or the employee. */
  subtitle?: string;
  extensiones: string;
  state: EstadoFields;
  /** The call needs the chosen contract ('Seleccione o ingrese un proyecto antes de continuar.'). */
  needsContract: boolean;
  saveFile: (adjunto: AdjuntoPayload, fechas?: FechasPayload) => Promise<EvidencePutResponse>;
  /**
   * Reads the dates a file states before saving (POST .../fechas, stores nothing; decision 108), to
   * pre-fill the form. Absent: the form saves at once, as before.
   */
  readDates?: (adjunto: AdjuntoPayload) => Promise<FechasResponse>;
  saveComment: (detalle: string) => Promise<EvidencePutResponse>;
  /**
   * Adds an annex: to the named submission when idEntrega is given (the annexes of a multi-file
   * submission, refused if a newer one replaced it; docs/decisions/095), else to the current one.
   */
  saveAnnex: (adjunto: AdjuntoPayload, idEntrega?: number) => Promise<AnexoPutResponse>;
  /** Set for a document one upload may cover for several workers (docs/decisions/139). */
  multiple?: MultipleUpload;
};

/** A worker the upload may cover (one upload for many workers, docs/decisions/139). */
export type CoveredWorker = { key: string; tipodocumento: string; numerodocumento: string; nombre: string };

/** A list-like worker document: one file for the row's worker and the ones ticked. */
export type MultipleUpload = {
  /** The contract's active workers (the row's worker included). */
  workers: CoveredWorker[];
  /** Key of the row's worker, always covered. */
  fixed: string;
  save: (
    adjunto: AdjuntoPayload,
    fechas: FechasPayload | undefined,
    trabajadores: CoveredWorker[],
  ) => Promise<CargaMultipleResponse>;
};

/** Which modal: main upload in file or comment mode, view of the current submission, annexes. */
export type EvidenceModalKind = 'upload' | 'comment' | 'view' | 'annex';

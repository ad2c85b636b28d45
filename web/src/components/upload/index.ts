/** Shared pieces of the evidence pages (SG-SST, risk, withholdings, personnel). */
import './upload.css';

export { formatFechaCarga } from './attachment-href';
export { ActionCell, EstadoCell, ExtensionesCell, NombreCell, UltimoArchivoCell } from './evidence-cells';
export { useEvidenceModals } from './evidence-modals';
export { ContractBanner, contractLabel, EvidencePage, ListStatus } from './evidence-page';
export { EvidenceTable } from './evidence-table';
export type { CoveredWorker, EvidenceModalKind, EvidenceTarget, FechasPayload } from './evidence-target';
export { StatusButton } from './status-button';

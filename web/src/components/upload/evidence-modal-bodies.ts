/**
 * The bodies of the evidence modals (upload with its date fields and photo tools, view, annexes),
 * loaded when a modal first opens, not with the page (docs/decisions/146).
 */
export { AnnexModalBody } from './annex-modal';
export { UploadModalBody } from './upload-modal';
export { ViewModalBody } from './view-modal';

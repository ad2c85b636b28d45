/**
 * Esc closes the innermost thing only (docs/decisions/102-escape-and-toasts.md).
 *
 * PrimeReact's Dropdown, MultiSelect and AutoComplete close their list on Esc from their own key
 * handler, but do not stop the key: it goes on to the one document-level Esc listener PrimeReact
 * keeps for dialogs, and the whole modal closed with the list (the contract modal, the employee
 * modal, every dialog with a dropdown). Overlays that take part in PrimeReact's Esc priorities
 * (Calendar, OverlayPanel, Password) already win over the dialog and are left alone.
 *
 * So: an Esc pressed while one of those lists is open is stopped at <body>, after the list's own
 * handler ran (React handles the portalled dialogs and panels on <body> itself, and listeners on the
 * same node all run), before the dialog's listener on the document sees it.
 */
const LISTS_WITHOUT_ESC_PRIORITY = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel';

const isEscape = (e: KeyboardEvent) => e.key === 'Escape' || e.code === 'Escape';

/** Esc key events that began while a list was open: the list's, never the dialog's. */
const listEscapes = new WeakSet<Event>();

/**
 * True for an Esc that began while a list was open. Dialogs check it in their onHide (PrimeReact
 * passes the key event), as stopping the key does not cover every order of events: under reduced
 * motion the list may already be gone when the key reaches <body>.
 */
export function isListEscape(event: unknown): boolean {
  return event instanceof Event && listEscapes.has(event);
}

export function installOverlayEscape(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  // First of all listeners (window, capture): the list is still open here.
  const mark = (e: KeyboardEvent) => {
    if (isEscape(e) && doc.querySelector(LISTS_WITHOUT_ESC_PRIORITY) !== null) listEscapes.add(e);
  };
  // After the list's own handler (React dispatches on <body> or deeper), before the document.
  const stop = (e: KeyboardEvent) => {
    if (listEscapes.has(e)) e.stopPropagation();
  };
  win.addEventListener('keydown', mark, true);
  doc.body.addEventListener('keydown', stop);
  return () => {
    win.removeEventListener('keydown', mark, true);
    doc.body.removeEventListener('keydown', stop);
  };
}

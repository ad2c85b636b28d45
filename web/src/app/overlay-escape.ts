/**
 * Esc closes the innermost thing only (docs/decisions/102-escape-and-toasts.md).
 *
 * PrimeReact's Dropdown, MultiSelect and AutoComplete close their list on Esc from their own key
 * handler, but do not stop the key: it goes on to the one document-level Esc listener PrimeReact
 * keeps for dialogs, and the whole modal closed with the list (the contract modal, the employee
 * modal, every dialog with a dropdown). Overlays that take part in PrimeReact's Esc priorities
 * (Calendar, OverlayPanel, Password) already win over the dialog and are left alone.
 *
 * So: an Esc that starts while one of those lists is open is stopped at <body>, after the list's
 * own handler ran (React handles the portalled dialogs and panels on <body> itself, and listeners on
 * the same node all run), before the dialog's listener on the document sees it.
 */
const LISTS_WITHOUT_ESC_PRIORITY = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel';

const isEscape = (e: KeyboardEvent) => e.key === 'Escape' || e.code === 'Escape';

export function installOverlayEscape(doc: Document = document): () => void {
  let listWasOpen = false;
  const before = (e: KeyboardEvent) => {
    listWasOpen = isEscape(e) && doc.querySelector(LISTS_WITHOUT_ESC_PRIORITY) !== null;
  };
  const after = (e: KeyboardEvent) => {
    if (listWasOpen && isEscape(e)) e.stopPropagation();
    listWasOpen = false;
  };
  const win = doc.defaultView ?? window;
  win.addEventListener('keydown', before, true);
  doc.body.addEventListener('keydown', after);
  return () => {
    win.removeEventListener('keydown', before, true);
    doc.body.removeEventListener('keydown', after);
  };
}

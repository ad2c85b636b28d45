import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * PrimeReact puts its components' layout CSS (`.p-button` as an inline flex box, `.p-hidden-accessible`,
 * each component's own rules) into <head> from an effect of the first component of each kind that
 * mounts. On a page's first render that effect runs after the browser has painted, so the page is
 * laid out once without it and moves when it arrives: 'Ir al Inicio' grew 18 px and wrapped under
 * the title on a phone, pushing the whole page down (CLS 0.20 on Gestión del Riesgo,
 * docs/decisions/146). Rendered once here, synchronously (flushSync runs the effects before it
 * returns) in a node that never joins the page, the CSS is in place before any page paints; PrimeReact
 * keeps it (it never removes a style it has added).
 */
export function primeStylesNow(element: ReactElement): void {
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(element));
  root.unmount();
}

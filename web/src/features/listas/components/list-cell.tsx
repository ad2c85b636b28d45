import type { MouseEvent } from 'react';
import { cellView } from './list-cell-model';

/**
 * One cell (the contract's cell classification, decided in list-cell-model.ts): text, a colour swatch, an
 * icon button for the list actions, or a link. Text is always rendered as text.
 */
export function ListCell({ value, onOpen }: { value: string; onOpen: (url: string, title: string) => void }) {
  const view = cellView(value);
  if (view.kind === 'text') return <span title={view.title}>{view.text}</span>;
  if (view.kind === 'swatch') {
    return (
      <span className="list-swatch-cell">
        <span className="list-swatch" style={{ background: view.color }} aria-hidden="true" />
        <span className="sr-only">{view.color}</span>
      </span>
    );
  }

  const onClick = (e: MouseEvent) => {
    // Plain clicks go through the portal's link rules; modified clicks keep the browser's behaviour.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(view.href, view.title);
  };
  if (view.kind === 'action') {
    return (
      <a
        href={view.href}
        onClick={onClick}
        className={`p-button p-button-icon-only p-button-rounded p-button-text list-action ${view.className}`}
        aria-label={view.label}
        title={view.label}
      >
        <i className={view.icon} aria-hidden="true" />
      </a>
    );
  }
  return (
    <a href={view.href} onClick={onClick} className={`list-link ${view.className}`}>
      {view.icon ? <i className={view.icon} aria-hidden="true" /> : null}
      <span>{view.text}</span>
    </a>
  );
}

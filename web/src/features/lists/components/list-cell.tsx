import type { MouseEvent } from 'react';
import { classifyCell, LINK_ACTIONS, parseLinkCell } from '@proveedores/domain';
import { isSafeUrl } from '@/lib/download';
import { ACTION_ICONS, primeIcon } from './icons';

const COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * One cell (section 3 cell classification): a value containing '#/' is a link
 * 'icon-or-action|target|class|text' (actions editar, copiar, eliminar, preguntas and roles are icon
 * buttons; an action containing 'fa' is an icon with class and text); one containing '#' is a colour
 * swatch; anything else is text, always rendered as text.
 */
export function ListCell({ value, onOpen }: { value: string; onOpen: (url: string, title: string) => void }) {
  const kind = classifyCell(value);
  if (kind === 'text') return <span title={value.length > 40 ? value : undefined}>{value}</span>;
  if (kind === 'color') {
    const color = value.trim();
    if (!COLOR.test(color)) return <span>{value}</span>;
    return (
      <span className="list-swatch-cell">
        <span className="list-swatch" style={{ background: color }} aria-hidden="true" />
        <span className="sr-only">{color}</span>
      </span>
    );
  }

  const { action, target, className, text } = parseLinkCell(value);
  if (!isSafeUrl(target)) return <span>{text}</span>;
  const onClick = (e: MouseEvent) => {
    // Plain clicks go through the portal's link rules; modified clicks keep the browser's behaviour.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(target, text);
  };
  const act = action.trim().toLowerCase();
  if ((LINK_ACTIONS as readonly string[]).includes(act)) {
    const label = text || action;
    return (
      <a
        href={target}
        onClick={onClick}
        className={`p-button p-button-icon-only p-button-rounded p-button-text list-action ${className}`}
        aria-label={label}
        title={label}
      >
        <i className={ACTION_ICONS[act]} aria-hidden="true" />
      </a>
    );
  }
  return (
    <a href={target} onClick={onClick} className={`list-link ${className}`}>
      {act.includes('fa') || act.includes('pi') ? (
        <i className={primeIcon(action)} aria-hidden="true" />
      ) : null}
      <span>{text || action}</span>
    </a>
  );
}

/** Plain text of a cell for the exports: a link's text, anything else as it is ('＃' back to '#'). */
export function cellText(value: string | undefined): string {
  if (!value) return '';
  const text = classifyCell(value) === 'link' ? parseLinkCell(value).text : value;
  return text.replace(/\uff03/g, '#');
}

import { classifyCell, LINK_ACTIONS, parseLinkCell } from '@proveedores/domain';
import { isSafeUrl } from '@/lib/download';
import { ACTION_ICONS, primeIcon } from './icons';

const COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** Longer texts get their full value as a tooltip (the column may cut them). */
const TOOLTIP_FROM = 41;

/** What one cell shows; list-cell.tsx draws it. `title` is the cell's own text (the frame's title). */
export type CellView =
  | { kind: 'text'; text: string; title?: string }
  | { kind: 'swatch'; color: string }
  | { kind: 'action'; href: string; title: string; label: string; icon: string; className: string }
  | { kind: 'link'; href: string; title: string; text: string; icon?: string; className: string };

/**
 * The contract's cell classification of the table description (docs/contract.md, Entities and fields): a
 * value containing '#/' is a link 'icon-or-action|target|class|text' (actions editar, copiar, eliminar,
 * preguntas and roles are icon buttons; an action containing 'fa' or 'pi' is an icon with class and text);
 * one containing '#' is a colour swatch when it is a colour; anything else, and any link that is not a web
 * link, is text.
 */
export function cellView(value: string): CellView {
  const kind = classifyCell(value);
  if (kind === 'text')
    return { kind: 'text', text: value, title: value.length >= TOOLTIP_FROM ? value : undefined };
  if (kind === 'color') {
    const color = value.trim();
    return COLOR.test(color) ? { kind: 'swatch', color } : { kind: 'text', text: value };
  }
  const { action, target, className, text } = parseLinkCell(value);
  if (!isSafeUrl(target)) return { kind: 'text', text };
  const act = action.trim().toLowerCase();
  if ((LINK_ACTIONS as readonly string[]).includes(act)) {
    return {
      kind: 'action',
      href: target,
      title: text,
      label: text || action,
      icon: ACTION_ICONS[act],
      className,
    };
  }
  const icon = act.includes('fa') || act.includes('pi') ? primeIcon(action) : undefined;
  return { kind: 'link', href: target, title: text, text: text || action, icon, className };
}

/** Plain text of a cell for the exports: a link's text, anything else as it is ('＃' back to '#'). */
export function cellText(value: string | undefined): string {
  if (!value) return '';
  const text = classifyCell(value) === 'link' ? parseLinkCell(value).text : value;
  return text.replace(/\uff03/g, '#');
}

import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Data-driven list (docs/contract.md: the dynamic list screen, the table description, the call
 * GET /api/contratista/Listadinamico/{idtabla}{querystring}). Query parameters, paging fields and
 * cell formats: docs/decisions/051.
 */

export const LIST_PAGE_SIZES = [10, 20, 25, 50] as const;
export const LIST_DEFAULT_PAGE_SIZE = 10;
export const LIST_MAX_PAGE = 100_000;
/** Longest accepted value of any list query parameter. */
export const LIST_MAX_PARAM_LENGTH = 200;
/** Per-column filters are f_<columnId>=<text>. */
export const LIST_FILTER_PREFIX = 'f_';
/** The client hides this column; its value replaces {evento} in context-menu links. */
export const LIST_EVENT_COLUMN = 'evento';

// ---------- Response ----------

export const listBoton = z.object({
  url: z.string(),
  descripcion: z.string(),
  icon: z.string(),
  class: z.string(),
});
export type ListBoton = z.infer<typeof listBoton>;
export const listContextoMenu = z.object({ label: z.string(), icon: z.string(), url: z.string() });
export type ListContextoMenu = z.infer<typeof listContextoMenu>;

/**
 * What a column holds, for the exports (docs/decisions/099): 'accion' columns (Editar, Copiar,
 * Eliminar...) never go into an export; 'fecha' / 'fechahora' cells start with a day read
 * 'dd/mm/aaaa' ('dd/mm/aaaa HH:MM'), which CSV turns back into ISO for machines.
 */
export const LIST_COLUMN_TIPOS = ['texto', 'fecha', 'fechahora', 'accion'] as const;
export type ListColumnTipo = (typeof LIST_COLUMN_TIPOS)[number];

export const listColumna = z.object({
  id: z.string(),
  descripcion: z.string(),
  /** Accepted as sort=<id>. */
  ordenable: z.boolean(),
  /** Accepted as f_<id>=<text> (contains, case-insensitive). */
  filtrable: z.boolean(),
  /** Absent = 'texto' (clients written before it keep working). */
  tipo: z.enum(LIST_COLUMN_TIPOS).optional(),
});
export type ListColumna = z.infer<typeof listColumna>;

/** The first (and only) element of the list response. */
export const tableDescription = z.object({
  idtabla: z.string(),
  titulo: z.string(),
  subtitulo: z.string(),
  parrafo: z.string(),
  descripcion: z.string(),
  boton: z.array(listBoton),
  contextoMenu: z.array(listContextoMenu),
  exportar: z.boolean(),
  columnasVisibles: z.boolean(),
  buscador: z.boolean(),
  columnasBurcador: z.boolean(),
  /** Rows of the requested page; every value is a string keyed by column id. */
  datos: z.array(z.record(z.string(), z.string())),
  columnas: z.array(listColumna),
  /** Rows matching the search and filters (all pages): the paginator's totalRecords. */
  total: z.number().int(),
  /** 1-based page returned (may be past the last page: then datos is empty). */
  page: z.number().int(),
  size: z.number().int(),
  /** Column the rows are sorted by, and the direction. */
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
  /** Page sizes the server accepts. */
  pageSizes: z.array(z.number().int()),
});
export type TableDescription = z.infer<typeof tableDescription>;
export const listResponse = z.array(tableDescription);

// ---------- Query ----------

export type ListOrder = 'asc' | 'desc';
export type ListQuery = {
  page: number;
  size: number;
  sort: string | null;
  order: ListOrder | null;
  q: string | null;
  /** f_<column> filters, by column id (non-empty values only). */
  filters: Record<string, string>;
  /** Every other parameter (table parameters such as path and ident; unknown ones are ignored). */
  params: Record<string, string>;
};

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Parses the raw query string object of the list route. Each value must be one string of at most
 * LIST_MAX_PARAM_LENGTH characters; empty values count as absent. Column ids are checked later
 * against the table's allow-list.
 */
export function parseListQuery(raw: Record<string, unknown>): ParseResult<ListQuery> {
  const out: ListQuery = {
    page: 1,
    size: LIST_DEFAULT_PAGE_SIZE,
    sort: null,
    order: null,
    q: null,
    // Without a prototype: 'f___proto__' or 'f_constructor' are own keys like any column id, so the
    // server refuses them as unknown columns instead of hitting Object.prototype.
    filters: Object.create(null) as Record<string, string>,
    params: Object.create(null) as Record<string, string>,
  };
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (key.length > 64) return { ok: false, message: MSG.listParamInvalid(key.slice(0, 64)) };
    if (Array.isArray(value)) return { ok: false, message: MSG.listParamRepeated(key) };
    if (typeof value !== 'string') return { ok: false, message: MSG.listParamInvalid(key) };
    if (value.length > LIST_MAX_PARAM_LENGTH) return { ok: false, message: MSG.listValueTooLong(key) };
    const v = value.trim();
    if (v === '') continue;
    if (key === 'page') {
      if (!/^\d{1,6}$/.test(v) || Number(v) < 1 || Number(v) > LIST_MAX_PAGE)
        return { ok: false, message: MSG.listPageInvalid };
      out.page = Number(v);
    } else if (key === 'size') {
      if (!(LIST_PAGE_SIZES as readonly number[]).includes(Number(v)) || !/^\d+$/.test(v)) {
        return { ok: false, message: MSG.listSizeInvalid };
      }
      out.size = Number(v);
    } else if (key === 'order') {
      const o = v.toLowerCase();
      if (o !== 'asc' && o !== 'desc') return { ok: false, message: MSG.listOrderInvalid };
      out.order = o;
    } else if (key === 'sort') {
      out.sort = v;
    } else if (key === 'q') {
      out.q = v;
    } else if (key.startsWith(LIST_FILTER_PREFIX)) {
      out.filters[key.slice(LIST_FILTER_PREFIX.length)] = v;
    } else {
      out.params[key] = v;
    }
  }
  return { ok: true, value: out };
}

/** Builds the query string the server understands (web: paginator, sort and filter events). */
export function listQueryString(q: Partial<ListQuery>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q.params ?? {})) p.set(k, v);
  if (q.page && q.page !== 1) p.set('page', String(q.page));
  if (q.size && q.size !== LIST_DEFAULT_PAGE_SIZE) p.set('size', String(q.size));
  if (q.sort) p.set('sort', q.sort);
  if (q.order) p.set('order', q.order);
  if (q.q) p.set('q', q.q);
  for (const [k, v] of Object.entries(q.filters ?? {})) if (v) p.set(`${LIST_FILTER_PREFIX}${k}`, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

// ---------- Cells (the contract's table description, cell classification) ----------

export type CellKind = 'link' | 'color' | 'text';

/** A value containing '#/' is a link; containing '#' a colour swatch; anything else text. */
export function classifyCell(value: string): CellKind {
  if (value.includes('#/')) return 'link';
  if (value.includes('#')) return 'color';
  return 'text';
}

export type LinkCell = { action: string; target: string; className: string; text: string };

/** 'icon-or-action|target|class|text'. */
export function parseLinkCell(value: string): LinkCell {
  const [action = '', target = '', className = '', ...rest] = value.split('|');
  return { action, target, className, text: rest.join('|') };
}

/** Actions the client shows as icon buttons. */
export const LINK_ACTIONS = ['editar', 'copiar', 'eliminar', 'preguntas', 'roles'] as const;

/**
 * Text that came from users (file names, comments, names) must never be read as a link or a colour
 * by the client's classification: '#' becomes the full-width '＃' (U+FF03), which looks the same.
 */
export function safeText(value: string | null | undefined): string {
  return (value ?? '').replace(/#/g, '\uff03');
}

/** A link cell; the text part is made safe and may not contain the '|' separator. */
export function linkCell(c: LinkCell): string {
  const part = (s: string) => s.replace(/\|/g, '/');
  return `${part(c.action)}|${part(c.target)}|${part(c.className)}|${part(safeText(c.text))}`;
}

/**
 * Target of the file viewer route (docs/contract.md, Screens and routes):
 * '#/detalle-archivo?nombre=...&url=...'.
 */
export function fileViewerTarget(nombre: string, url: string): string {
  return `#/detalle-archivo?nombre=${encodeURIComponent(nombre)}&url=${encodeURIComponent(url)}`;
}

/**
 * A cell that starts with 'dd/mm/aaaa' (optionally ' HH:MM' and more text, e.g. the reviewer's name)
 * starting with 'aaaa-mm-dd' instead, so cells compare in date order (the server's sorting tests).
 * Exports keep 'dd/mm/aaaa', CSV included (decision 168).
 */
export function diaToIso(text: string): string {
  return text.replace(/^(\d{2})\/(\d{2})\/(\d{4})/, '$3-$2-$1');
}

/**
 * The list descriptions may name Font Awesome icons ('fa fa-file', 'fa-trash-o'); the portal ships
 * primeicons only, so each is drawn with its primeicons equivalent. 'pi ...' classes pass through.
 */
const FA_TO_PI: Record<string, string> = {
  file: 'file',
  'file-text': 'file',
  'file-pdf': 'file-pdf',
  'file-excel': 'file-excel',
  'file-word': 'file-word',
  'file-image': 'image',
  edit: 'pencil',
  pencil: 'pencil',
  'pencil-square': 'pencil',
  trash: 'trash',
  copy: 'copy',
  clone: 'clone',
  eye: 'eye',
  search: 'search',
  download: 'download',
  upload: 'upload',
  plus: 'plus',
  'plus-circle': 'plus-circle',
  minus: 'minus',
  check: 'check',
  'check-circle': 'check-circle',
  times: 'times',
  close: 'times',
  'times-circle': 'times-circle',
  question: 'question',
  'question-circle': 'question-circle',
  users: 'users',
  user: 'user',
  'user-plus': 'user-plus',
  sitemap: 'sitemap',
  'external-link': 'external-link',
  link: 'link',
  list: 'list',
  folder: 'folder',
  'folder-open': 'folder-open',
  home: 'home',
  cog: 'cog',
  gear: 'cog',
  history: 'history',
  calendar: 'calendar',
  envelope: 'envelope',
  comment: 'comment',
  comments: 'comments',
  'info-circle': 'info-circle',
  'exclamation-triangle': 'exclamation-triangle',
  print: 'print',
  refresh: 'refresh',
  'arrow-left': 'arrow-left',
  'arrow-right': 'arrow-right',
};

/** Icon buttons of the link-cell actions (the contract's table description). */
export const ACTION_ICONS: Record<string, string> = {
  editar: 'pi pi-pencil',
  copiar: 'pi pi-copy',
  eliminar: 'pi pi-trash',
  preguntas: 'pi pi-question-circle',
  roles: 'pi pi-users',
};

/** 'fa fa-file-pdf-o text-danger' -> 'pi pi-file-pdf text-danger'; 'pi pi-x' unchanged. */
export function primeIcon(icon: string): string {
  const parts = icon.trim().split(/\s+/).filter(Boolean);
  if (parts.includes('pi')) return parts.join(' ');
  const out = ['pi'];
  for (const part of parts) {
    if (part === 'fa' || part === 'fas' || part === 'far' || part === 'fab' || part === 'fa-fw') continue;
    if (part.startsWith('fa-')) {
      const name = part.slice(3).replace(/-o$/, '');
      if (/^(lg|[1-5]x)$/.test(name)) continue;
      out.push(`pi-${FA_TO_PI[name] ?? name}`);
    } else out.push(part);
  }
  return out.join(' ');
}

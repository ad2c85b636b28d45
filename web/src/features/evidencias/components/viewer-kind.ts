/**
 * How detalle-archivo shows a file (docs/contract.md, Screens and routes): names ending 'pdf' in an object
 * viewer; names ending '.xls' through an online office viewer that embeds the file URL, when one is
 * configured at build time (VITE_OFFICE_VIEWER_URL, e.g.
 * 'https://view.officeapps.live.com/op/embed.aspx?src='); without one (the default: the portal runs without
 * internet access) a download link; anything else in a frame.
 */
export type ViewerKind = 'pdf' | 'office' | 'download' | 'frame';

export const OFFICE_VIEWER_URL: string =
  (import.meta.env?.VITE_OFFICE_VIEWER_URL as string | undefined) ?? '';

export function viewerKind(nombre: string, officeViewer = OFFICE_VIEWER_URL): ViewerKind {
  const name = nombre.trim().toLowerCase();
  if (name.endsWith('pdf')) return 'pdf';
  if (name.endsWith('.xls')) return officeViewer ? 'office' : 'download';
  return 'frame';
}

/** The office viewer's address for a file: the configured prefix plus the encoded absolute file URL. */
export function officeViewerSrc(fileUrl: string, officeViewer = OFFICE_VIEWER_URL): string {
  return `${officeViewer}${encodeURIComponent(new URL(fileUrl, window.location.href).toString())}`;
}

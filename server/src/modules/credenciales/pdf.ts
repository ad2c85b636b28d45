import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';
import { MSG } from '@proveedores/domain';
import type { Carnet } from './issue';

/** A4 in millimetres, 2 columns x 4 rows of carnets with cutting lines (docs/decisions/122). */
const PAGE = { w: 210, h: 297 };
const COLS = 2;
const ROWS = 4;
export const CARNETS_POR_PAGINA = COLS * ROWS;
const CELL = { w: PAGE.w / COLS, h: PAGE.h / ROWS };
/** The card inside each cell: wider than ID-1 (85.6 x 54) so the QR stays big. */
const CARD = { w: 96, h: 66 };
const QR_MM = 38;

/**
 * The QR modules as one filled path of rectangles written straight into the page's content stream
 * (vector: sharp at any printer resolution). One jsPDF rect() per run cost ~15 ms per carnet, which
 * held the event loop for seconds on a large contract; raw operators cost a fraction of that.
 */
function dibujarQr(doc: jsPDF, texto: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const m = size / (n + quiet * 2);
  doc.setFillColor(255, 255, 255);
  doc.rect(x, y, size, size, 'F');
  const k = doc.internal.scaleFactor;
  const pageH = doc.internal.pageSize.getHeight();
  const f = (v: number) => (v * k).toFixed(2);
  const ops: string[] = ['q', '0 g'];
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      // A hair taller and wider than the module so neighbouring runs leave no white seam.
      const top = y + (quiet + r) * m;
      ops.push(
        `${f(x + (quiet + start) * m)} ${f(pageH - top - m - 0.02)} ${f((c - start) * m + 0.02)} ${f(m + 0.02)} re`,
      );
    }
  }
  ops.push('f', 'Q');
  // jsPDF's content-stream writer (public in its API, missing from its typings).
  (doc.internal as unknown as { write: (s: string) => void }).write(ops.join('\n'));
}

/** Fits text in a width: the lines that fit, the last one shortened with '…'. */
function lineas(doc: jsPDF, texto: string, ancho: number, max: number): string[] {
  const all = doc.splitTextToSize(texto, ancho) as string[];
  if (all.length <= max) return all;
  const kept = all.slice(0, max);
  let last = kept[max - 1];
  while (last.length > 1 && doc.getTextWidth(`${last}…`) > ancho) last = last.slice(0, -1);
  kept[max - 1] = `${last.trimEnd()}…`;
  return kept;
}

function dibujarCarnet(doc: jsPDF, c: Carnet, x0: number, y0: number): void {
  const x = x0 + (CELL.w - CARD.w) / 2;
  const y = y0 + (CELL.h - CARD.h) / 2;
  doc.setDrawColor(120);
  doc.setLineWidth(0.3);
  doc.roundedRect(x, y, CARD.w, CARD.h, 3, 3, 'S');
  // Title band.
  doc.setFillColor(23, 74, 124);
  doc.rect(x + 0.15, y + 3, CARD.w - 0.3, 7, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(9);
  doc.text(MSG.credencialCarnetTitulo, x + 3, y + 7.8);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(7);
  doc.text(`N.º ${c.credencialId}`, x + CARD.w - 3, y + 7.8, { align: 'right' });

  // Photo placeholder (there is no photo in the catalogue yet: it is pasted on the printed card).
  const foto = { x: x + 3, y: y + 12.5, w: 18, h: 22 };
  doc.setDrawColor(160);
  doc.setLineDashPattern([1, 1], 0);
  doc.rect(foto.x, foto.y, foto.w, foto.h, 'S');
  doc.setLineDashPattern([], 0);
  doc.setTextColor(150);
  doc.setFontSize(7);
  doc.text(MSG.credencialFoto, foto.x + foto.w / 2, foto.y + foto.h / 2 + 1, {
    align: 'center',
  });

  // QR on the right.
  const qrX = x + CARD.w - QR_MM - 1.5;
  const qrY = y + 11;
  dibujarQr(doc, c.codigo, qrX, qrY, QR_MM);

  // Name and document beside the photo.
  const tx = foto.x + foto.w + 2.5;
  const ancho = qrX - tx - 1;
  doc.setTextColor(0, 0, 0);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(9);
  let ty = y + 15.5;
  for (const l of lineas(doc, c.nombre, ancho, 3)) {
    doc.text(l, tx, ty);
    ty += 3.8;
  }
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.text(`${c.tipodocumento} ${c.numerodocumento}`, tx, ty + 0.5);

  // Company, contract, project and expiry below, across the card's left part.
  const fx = x + 3;
  const fAncho = qrX - fx - 1;
  let fy = y + 39;
  const campo = (etiqueta: string, valor: string, max: number) => {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(6);
    doc.setTextColor(90);
    doc.text(etiqueta.toUpperCase(), fx, fy);
    fy += 2.8;
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(7.5);
    doc.setTextColor(0);
    for (const l of lineas(doc, valor, fAncho, max)) {
      doc.text(l, fx, fy);
      fy += 3.1;
    }
    fy += 0.6;
  };
  campo(MSG.credencialEmpresa, c.razonSocial, 1);
  fy -= 0.6;
  doc.text(`NIT ${c.nit}`, fx, fy);
  fy += 3.7;
  campo(MSG.credencialContrato, c.contrato, 1);
  campo(MSG.credencialProyecto, c.proyecto, 1);

  // Expiry under the QR, centred.
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(7);
  const vence = lineas(doc, MSG.credencialVence(c.vence), QR_MM + 2, 2);
  vence.forEach((l, i) => doc.text(l, qrX + QR_MM / 2, qrY + QR_MM + 3.5 + i * 3, { align: 'center' }));
}

/**
 * The PDF of a contract's carnets, 8 per A4 page, dashed cutting lines between cells. A carnet costs
 * ~3-6 ms (mostly choosing the QR's mask), so the loop yields to the event loop after each one: a
 * 200-worker contract takes about a second but never holds other requests longer than one carnet.
 */
export async function carnetsPdf(titulo: string, carnets: readonly Carnet[]): Promise<Buffer> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.setProperties({ title: MSG.credencialPdfTitulo(titulo), creator: 'Proveedores' });
  for (let i = 0; i < carnets.length; i++) {
    const enPagina = i % CARNETS_POR_PAGINA;
    if (i > 0 && enPagina === 0) doc.addPage();
    if (enPagina === 0) {
      doc.setDrawColor(200);
      doc.setLineWidth(0.2);
      doc.setLineDashPattern([2, 2], 0);
      doc.line(PAGE.w / 2, 0, PAGE.w / 2, PAGE.h);
      for (let r = 1; r < ROWS; r++) doc.line(0, r * CELL.h, PAGE.w, r * CELL.h);
      doc.setLineDashPattern([], 0);
    }
    const col = enPagina % COLS;
    const row = Math.floor(enPagina / COLS);
    dibujarCarnet(doc, carnets[i], col * CELL.w, row * CELL.h);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return Buffer.from(doc.output('arraybuffer'));
}

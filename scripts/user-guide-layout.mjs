// The user guide's page layout with jsPDF (docs/decisions/169): title page, table of contents with
// links, each part and each chapter that would start past mid-page on a new page, numbered chapters and sections, screenshots (JPEG, embedded as
// they are) with numbered captions, page numbers, and the PDF outline.
import { jsPDF } from 'jspdf';
import { chapterHeading } from './user-guide-source.mjs';

const PAGE = { w: 210, h: 297 };
const M = { left: 20, right: 20, top: 20, bottom: 20 };
const WIDTH = PAGE.w - M.left - M.right;
const TEAL = [20, 81, 96];
const GREEN = [161, 216, 26];
const GREY = [90, 90, 90];
const BODY = 10.5;
const LINE = 5.1;
/** Phone screenshots (narrower than tall) are printed this wide. */
const PHONE_WIDTH = 62;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * @param {ReturnType<import('./user-guide-source.mjs').parseGuide>} guide
 * @param {(id: string) => Uint8Array} image the JPEG of a screenshot id
 * @returns {Buffer} the PDF
 */
export function layoutGuide(guide, image, now = new Date()) {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: guide.title, subject: guide.subtitle, creator: 'npm run guide' });
  let y = M.top;
  const color = (c) => doc.setTextColor(c[0], c[1], c[2]);
  const font = (style = 'normal', size = BODY, c = [0, 0, 0]) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    color(c);
  };
  const newPage = () => {
    doc.addPage();
    y = M.top;
  };
  const room = (h) => {
    if (y + h > PAGE.h - M.bottom) newPage();
  };
  const lines = (text, x, width, style = 'normal', size = BODY, c = [0, 0, 0], lh = LINE) => {
    font(style, size, c);
    for (const l of doc.splitTextToSize(text, width)) {
      room(lh);
      doc.text(l, x, y + lh * 0.75);
      y += lh;
    }
  };

  // Title page.
  doc.setFillColor(TEAL[0], TEAL[1], TEAL[2]);
  doc.rect(0, 0, PAGE.w, 120, 'F');
  doc.setFillColor(GREEN[0], GREEN[1], GREEN[2]);
  doc.rect(0, 120, PAGE.w, 4, 'F');
  font('bold', 12, [255, 255, 255]);
  doc.text('proveedores', M.left, 40);
  font('bold', 26, [255, 255, 255]);
  doc.text(doc.splitTextToSize(guide.title, WIDTH), M.left, 70);
  font('normal', 13, [255, 255, 255]);
  doc.text(doc.splitTextToSize(guide.subtitle, WIDTH), M.left, 100);
  font('normal', 11, GREY);
  doc.text(`Edición de ${MONTHS[now.getUTCMonth()]} de ${now.getUTCFullYear()}`, M.left, 140);

  // The table of contents comes after the chapters are laid out; its pages are kept now.
  const entries = guide.chapters.length + new Set(guide.chapters.map((c) => c.part)).size;
  const tocPages = Math.ceil((entries * 7 + 20) / (PAGE.h - M.top - M.bottom));
  for (let i = 0; i < tocPages; i++) doc.addPage();

  const starts = [];
  let figure = 0;
  let part = '';
  guide.chapters.forEach((chapter, ci) => {
    // A part starts a page; a chapter too, unless more than half of the page is still free.
    if (ci === 0 || chapter.part !== part || y > PAGE.h / 2) newPage();
    else y += 10;
    if (chapter.part !== part) {
      part = chapter.part;
      font(
        'bold',
        9,
        GREEN.map((v) => v * 0.6),
      );
      doc.text(part.toUpperCase(), M.left, y + 3);
      y += 7;
    }
    starts.push(doc.getNumberOfPages());
    lines(chapterHeading(chapter, ci), M.left, WIDTH, 'bold', 17, TEAL, 8);
    doc.setDrawColor(GREEN[0], GREEN[1], GREEN[2]);
    doc.setLineWidth(0.8);
    doc.line(M.left, y + 1, M.left + 30, y + 1);
    y += 6;
    let section = 0;
    for (const block of chapter.blocks) {
      if (block.type === 'h2') {
        section++;
        room(18);
        y += 2;
        lines(`${ci + 1}.${section} ${block.text}`, M.left, WIDTH, 'bold', 12.5, TEAL, 6.5);
        y += 1;
      } else if (block.type === 'p') {
        lines(block.text, M.left, WIDTH);
        y += 2.5;
      } else if (block.type === 'ul' || block.type === 'ol') {
        block.items.forEach((item, i) => {
          const mark = block.type === 'ul' ? '•' : `${i + 1}.`;
          room(LINE);
          font(block.type === 'ol' ? 'bold' : 'normal', BODY, block.type === 'ol' ? TEAL : [0, 0, 0]);
          doc.text(mark, M.left + 2, y + LINE * 0.75);
          lines(item, M.left + 8, WIDTH - 8);
          y += 1;
        });
        y += 1.5;
      } else if (block.type === 'note') {
        font('normal', BODY);
        const text = doc.splitTextToSize(block.text, WIDTH - 10);
        const h = text.length * LINE + 5;
        room(h);
        doc.setFillColor(240, 248, 222);
        doc.rect(M.left, y, WIDTH, h, 'F');
        doc.setFillColor(GREEN[0], GREEN[1], GREEN[2]);
        doc.rect(M.left, y, 1.5, h, 'F');
        y += 2.5;
        for (const l of text) {
          doc.text(l, M.left + 6, y + LINE * 0.75);
          y += LINE;
        }
        y += 5;
      } else if (block.type === 'img') {
        figure++;
        const data = image(block.shot);
        const { width: pw, height: ph } = doc.getImageProperties(data);
        const w = pw < ph ? PHONE_WIDTH : WIDTH;
        const h = (w * ph) / pw;
        font('italic', 9, GREY);
        const caption = doc.splitTextToSize(`Figura ${figure}. ${block.caption}`, WIDTH);
        room(h + 3 + caption.length * 4.2 + 2);
        const x = M.left + (WIDTH - w) / 2;
        doc.addImage(data, 'JPEG', x, y, w, h, block.shot, 'NONE');
        doc.setDrawColor(200, 200, 200);
        doc.setLineWidth(0.2);
        doc.rect(x, y, w, h);
        y += h + 3;
        font('italic', 9, GREY);
        for (const l of caption) {
          doc.text(l, M.left + WIDTH / 2, y + 3, { align: 'center' });
          y += 4.2;
        }
        y += 4;
      }
    }
  });

  // Table of contents, with links and the PDF outline.
  doc.setPage(2);
  y = M.top;
  lines('Contenido', M.left, WIDTH, 'bold', 18, TEAL, 9);
  y += 4;
  part = '';
  guide.chapters.forEach((chapter, ci) => {
    if (y + 14 > PAGE.h - M.bottom) {
      doc.setPage(doc.getCurrentPageInfo().pageNumber + 1);
      y = M.top;
    }
    if (chapter.part !== part) {
      part = chapter.part;
      y += 2;
      font(
        'bold',
        10,
        GREEN.map((v) => v * 0.6),
      );
      doc.text(part.toUpperCase(), M.left, y + 4);
      y += 7;
    }
    font('normal', 11);
    const label = chapterHeading(chapter, ci);
    const pageNo = String(starts[ci]);
    doc.text(label, M.left + 3, y + 4);
    doc.text(pageNo, PAGE.w - M.right, y + 4, { align: 'right' });
    const from = M.left + 3 + doc.getTextWidth(label) + 2;
    const to = PAGE.w - M.right - doc.getTextWidth(pageNo) - 2;
    doc.setDrawColor(180, 180, 180);
    doc.setLineDashPattern([0.4, 1.2], 0);
    doc.line(from, y + 4, to, y + 4);
    doc.setLineDashPattern([], 0);
    doc.link(M.left, y, WIDTH, 6, { pageNumber: starts[ci] });
    doc.outline.add(null, label, { pageNumber: starts[ci] });
    y += 6.5;
  });

  // Page numbers on every page but the title page.
  const total = doc.getNumberOfPages();
  for (let p = 2; p <= total; p++) {
    doc.setPage(p);
    font('normal', 8.5, GREY);
    doc.text(guide.title, M.left, PAGE.h - 10);
    doc.text(`Página ${p} de ${total}`, PAGE.w - M.right, PAGE.h - 10, { align: 'right' });
    doc.setDrawColor(GREEN[0], GREEN[1], GREEN[2]);
    doc.setLineWidth(0.4);
    doc.line(M.left, PAGE.h - 14, PAGE.w - M.right, PAGE.h - 14);
  }
  return Buffer.from(doc.output('arraybuffer'));
}

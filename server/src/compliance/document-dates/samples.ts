import sharp from 'sharp';

/**
 * Certificates built in code for the tests and the bench of the date reader (decision 107): a PDF
 * with a text layer, a PNG "scan" rendered from SVG text by sharp, and a scanned PDF (one JPEG per
 * page, no text layer). No fixtures on disk.
 */

/** A4 in PDF points. */
const A4 = { w: 595, h: 842 };

const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A PDF file from its objects (1-based, object 1 the catalogue), with a correct cross-reference. */
function pdfFile(objs: Array<string | Buffer>, pad = 0): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const all = pad > 0 ? [...objs, Buffer.alloc(0)] : objs;
  all.forEach((o, i) => {
    offsets.push(length);
    const isPad = pad > 0 && i === all.length - 1;
    const body = isPad
      ? Buffer.concat([
          Buffer.from(`<< /Length ${pad} >>\nstream\n`, 'latin1'),
          Buffer.alloc(pad, 0x20),
          Buffer.from('\nendstream', 'latin1'),
        ])
      : typeof o === 'string'
        ? Buffer.from(o, 'latin1')
        : o;
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  let xref = `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * An A4 PDF whose text layer holds `lines` (Helvetica, WinAnsi: Spanish accents survive). With
 * `totalSize` it is padded to about that many bytes (within a few hundred) by an unused stream.
 */
export function textPdf(lines: string[], opts: { totalSize?: number; pages?: number } = {}): Buffer {
  const pages = opts.pages ?? 1;
  const content = Buffer.from(
    `BT /F1 11 Tf 56 780 Td 15 TL ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`,
    'latin1',
  );
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  const objs: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  const fontId = 3 + pages * 2;
  for (let p = 0; p < pages; p++) {
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.w} ${A4.h}] /Contents ${4 + p * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
      stream('', content),
    );
  }
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  if (!opts.totalSize) return pdfFile(objs);
  const bare = pdfFile(objs, 1).length - 1;
  return pdfFile(objs, Math.max(1, opts.totalSize - bare));
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page of a certificate as a greyscale PNG at `dpi` (A4 by default), rendered from SVG by sharp. */
export async function certificatePng(lines: string[], opts: { dpi?: number } = {}): Promise<Buffer> {
  const dpi = opts.dpi ?? 150;
  const w = Math.round((210 / 25.4) * dpi);
  const h = Math.round((297 / 25.4) * dpi);
  const size = Math.round((11 / 72) * dpi);
  const text = lines
    .map(
      (l, i) =>
        `<text x="${Math.round(dpi * 0.8)}" y="${Math.round(dpi * 1.2 + i * size * 1.6)}" font-family="DejaVu Sans" font-size="${size}">${xml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

/** A scanned A4 PDF: the page is one JPEG image (from a PNG or JPEG), no text layer. */
export async function scannedPdf(page: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(page)
    .greyscale()
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const draw = Buffer.from(`q ${A4.w} 0 0 ${A4.h} 0 0 cm /Im1 Do Q`, 'latin1');
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.w} ${A4.h}] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>`,
    stream('', draw),
    stream(
      `/Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
      data,
    ),
  ]);
}

/** The lines of a sample ARL affiliation certificate (the tests' and bench's certificate). */
export const CERTIFICADO_ARL = [
  'ADMINISTRADORA DE RIESGOS LABORALES',
  'CERTIFICADO DE AFILIACIÓN',
  'La ARL certifica que el trabajador identificado con cédula de ciudadanía',
  'No. 1.020.345.678 se encuentra afiliado al Sistema General de Riesgos Laborales.',
  'Empresa: CONSTRUCTORA ANDINA S.A.S.   NIT: 900123456',
  'Fecha de afiliación: 15/01/2024   Clase de riesgo: V',
  'Fecha de expedición: 3 de noviembre de 2026',
  'Vigente hasta: 30/11/2026',
];

/**
 * The lines of a sample occupational medical concept (an entry document of a worker, requisito P09:
 * its rule asks for the exam date and the next exam).
 */
export const CONCEPTO_MEDICO = [
  'IPS SALUD OCUPACIONAL DEL VALLE',
  'CERTIFICADO DE APTITUD MÉDICO OCUPACIONAL',
  'Tipo de evaluación: PERIÓDICA     Fecha del examen: 10/03/2026',
  'Cargo: Oficial de obra     Énfasis: trabajo en alturas',
  'Concepto: APTO CON RECOMENDACIONES',
  'Próximo examen periódico: 10/03/2027',
];

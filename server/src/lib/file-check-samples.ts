import CFB from 'cfb';

/**
 * Small valid files built in code, for tests and benchmarks (no fixtures on disk). Each one passes
 * the structural content checks of file-check.ts (docs/decisions/084-upload-content-structure.md).
 */

/**
 * A valid one-page PDF showing a line of text, with a correct cross-reference table. With
 * `totalSize` it is padded to exactly that many bytes by a stream object nobody draws.
 * `extraObjects` adds dictionaries after the page (tests build hostile PDFs this way).
 */
export function samplePdf(
  text = 'prueba',
  opts: { totalSize?: number; extraObjects?: string[]; catalogExtra?: string; padByte?: number } = {},
): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objs = [
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(opts.extraObjects ?? []),
  ];
  const build = (pad: number) => {
    const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let length = parts[0].length;
    const offsets: number[] = [];
    const all = pad > 0 ? [...objs, `<< /Length ${pad} >>\nstream\n`] : objs;
    all.forEach((o, i) => {
      offsets.push(length);
      const isPad = pad > 0 && i === all.length - 1;
      const chunk = Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n${o}`, 'latin1'),
        isPad ? Buffer.alloc(pad, opts.padByte ?? 0x20) : Buffer.alloc(0),
        Buffer.from(isPad ? '\nendstream\nendobj\n' : '\nendobj\n', 'latin1'),
      ]);
      parts.push(chunk);
      length += chunk.length;
    });
    let xref = `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`;
    for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
    xref += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
    parts.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat(parts);
  };
  if (opts.totalSize === undefined) return build(0);
  // The padding object's own header, trailer and xref line cost bytes too; the offsets' width is
  // fixed (10 digits), so two passes settle the exact size.
  const overhead = build(1).length - 1;
  const pad = opts.totalSize - overhead;
  if (pad < 1) throw new Error('too small');
  let out = build(pad);
  if (out.length !== opts.totalSize) out = build(pad + (opts.totalSize - out.length));
  if (out.length !== opts.totalSize) throw new Error('could not pad the PDF exactly');
  return out;
}

/** A 1x1 PNG. */
export const samplePng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

/** An 8x8 grey baseline JPEG (written once by libvips). */
export const sampleJpg = (): Buffer =>
  Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/' +
      '2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/' +
      'wAARCAAIAAgDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEA' +
      'AAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
    'base64',
  );

/**
 * An Excel 97-2003 workbook as the checks see one: an OLE2 compound file with a 'Workbook'
 * stream that starts with a BIFF8 BOF record (kind 'doc' gives a 'WordDocument' stream instead).
 */
export function sampleOle(kind: 'xls' | 'doc' | 'ppt' = 'xls', extraStreams: string[] = []): Buffer {
  const cfb = CFB.utils.cfb_new();
  const bof = Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00, ...new Array<number>(12).fill(0)]);
  const stream = { xls: 'Workbook', doc: 'WordDocument', ppt: 'PowerPoint Document' }[kind];
  CFB.utils.cfb_add(cfb, `/${stream}`, Buffer.concat([bof, Buffer.alloc(4096, 0)]));
  for (const name of extraStreams) CFB.utils.cfb_add(cfb, `/${name}`, Buffer.alloc(64, 1));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

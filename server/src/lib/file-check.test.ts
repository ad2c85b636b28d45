import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkFileStructure, createFileCheckPool, fileCheckMessages } from './file-check';
import { samplePdf, sampleJpg, sampleOle, samplePng } from './file-check-samples';

/** Structural content checks (docs/decisions/084-upload-content-structure.md). */
const MZ = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
]);
const check = checkFileStructure;

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Hoja').addRow(['a']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('PDF', () => {
  it('accepts a well-formed PDF, also padded to 4.9 MB', async () => {
    expect(await check(samplePdf('hola'), 'pdf')).toEqual({ ok: true });
    expect(await check(samplePdf('x', { totalSize: 4_900_000 }), 'pdf')).toEqual({ ok: true });
  });

  it('bytes in shared memory are checked on a copy of the worker, and the caller keeps them whole (decision 159)', async () => {
    const pdf = samplePdf('compartido', { totalSize: 300_000 });
    const shared = Buffer.from(new SharedArrayBuffer(pdf.length));
    pdf.copy(shared);
    expect(await check(shared, 'pdf')).toEqual({ ok: true });
    const withText = await check(shared, 'pdf', { pdfText: true });
    expect(withText.ok).toBe(true);
    expect(shared.equals(pdf)).toBe(true);
    const notPdf = Buffer.from(new SharedArrayBuffer(MZ.length));
    MZ.copy(notPdf);
    expect((await check(notPdf, 'pdf')).ok).toBe(false);
  });

  it('refuses %PDF followed by an executable, and a catalogue without pages', async () => {
    expect(await check(Buffer.concat([Buffer.from('%PDF-1.4\n'), MZ, Buffer.alloc(4096)]), 'pdf')).toEqual({
      ok: false,
      reason: 'structure',
    });
    const noPages = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
    expect(await check(Buffer.from(noPages, 'latin1'), 'pdf')).toMatchObject({ ok: false });
  });

  it('refuses JavaScript, launch actions and embedded files, also with escaped names', async () => {
    const hostile = [
      samplePdf('x', { catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
      samplePdf('x', { catalogExtra: '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>' }),
      samplePdf('x', { catalogExtra: '/OpenAction 6 0 R', extraObjects: ['<< /S /Launch /F (cmd.exe) >>'] }),
      samplePdf('x', {
        catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >>',
        extraObjects: ['<< /Type /Filespec /F (a.exe) /EF << /F 7 0 R >> >>', '<< /Type /EmbeddedFile >>'],
      }),
    ];
    for (const pdf of hostile) expect(await check(pdf, 'pdf')).toEqual({ ok: false, reason: 'active' });
  });

  it('finds JavaScript inside a compressed object stream', async () => {
    const inner = deflateSync(Buffer.from('6 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    const pdf = samplePdf('x', {
      extraObjects: [
        `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length} >>\nstream\n${inner.toString('latin1')}\nendstream`,
      ],
    });
    expect(await check(pdf, 'pdf')).toEqual({ ok: false, reason: 'active' });
  });

  it('does not mistake text or stream bytes for active content', async () => {
    expect(await check(samplePdf('ver /JavaScript y /Launch'), 'pdf')).toEqual({ ok: true });
    const data = Buffer.from('/JS /Launch /EmbeddedFile', 'latin1');
    const pdf = samplePdf('x', {
      extraObjects: [`<< /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`],
    });
    expect(await check(pdf, 'pdf')).toEqual({ ok: true });
  });

  it('a check over its time limit ends its worker and refuses; the pool goes on', async () => {
    const slow = createFileCheckPool(1, 1);
    expect(await slow.run({ task: 'check', ext: 'pdf', bytes: samplePdf() })).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const fine = createFileCheckPool(1, 10_000);
    expect(await fine.run({ task: 'check', ext: 'pdf', bytes: samplePdf() })).toEqual({ ok: true });
  });
});

describe('memory after large parses', () => {
  it('a worker whose heap grew past the limit is replaced after its task; a small task leaves it', async () => {
    const pool = createFileCheckPool(1, 30_000);
    const json = (text: string) =>
      pool.run({ task: 'json', body: Buffer.from(text), protoAction: 'error', constructorAction: 'error' });
    expect(await json('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(pool.recycled).toBe(0);
    // Three million small objects: the parse commits hundreds of MB of heap.
    const big = `[${Array.from({ length: 3_000_000 }, () => '{"a":1}').join(',')}]`;
    const parsed = await json(big);
    expect(parsed.ok && (parsed.value as unknown[]).length).toBe(3_000_000);
    expect(pool.recycled).toBe(1);
    // The replacement takes the next task.
    expect(await pool.run({ task: 'check', ext: 'pdf', bytes: samplePdf() })).toEqual({ ok: true });
    expect(pool.recycled).toBe(1);
  });
});

describe('JSON bodies in the pool (decision 147)', () => {
  it('parses as Fastify would, refusing poisoned keys', async () => {
    const pool = createFileCheckPool(1, 10_000);
    const json = (text: string) =>
      pool.run({ task: 'json', body: Buffer.from(text), protoAction: 'error', constructorAction: 'error' });
    expect(await json('{"a":[1,"ñ",{"b":null}]}')).toEqual({ ok: true, value: { a: [1, 'ñ', { b: null }] } });
    expect(await json('{"a":')).toEqual({ ok: false, reason: 'invalid' });
    expect(await json('{"__proto__":{"x":1}}')).toEqual({ ok: false, reason: 'invalid' });
    expect(await json('{"constructor":{"prototype":{"x":1}}}')).toEqual({ ok: false, reason: 'invalid' });

    const bytes = samplePdf('base64', { totalSize: 300_000 });
    // The same worker goes on to check files once pdf.js is loaded.
    expect(await pool.run({ task: 'check', ext: 'pdf', bytes })).toEqual({ ok: true });
  });
});

describe('Office files', () => {
  it('.xls must be an Excel workbook, not any OLE2 file; no macros', async () => {
    expect(await check(sampleOle('xls'), 'xls')).toEqual({ ok: true });
    expect(await check(sampleOle('doc'), 'xls')).toEqual({ ok: false, reason: 'structure' });
    const header = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    expect(await check(header, 'xls')).toEqual({ ok: false, reason: 'structure' });
    expect(await check(sampleOle('xls', ['_VBA_PROJECT_CUR']), 'xls')).toEqual({
      ok: false,
      reason: 'active',
    });
    expect(await check(sampleOle('doc'), 'doc')).toEqual({ ok: true });
  });

  it('.xlsx must be a zip holding xl/workbook.xml; no macros', async () => {
    const good = await xlsx();
    expect(await check(good, 'xlsx')).toEqual({ ok: true });
    const other = zipSync({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'word/document.xml': Buffer.from('<w/>'),
    });
    expect(await check(other, 'xlsx')).toEqual({ ok: false, reason: 'structure' });
    expect(await check(good.subarray(0, good.length - 30), 'xlsx')).toEqual({
      ok: false,
      reason: 'structure',
    });
    const macro = zipSync({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/workbook.xml': Buffer.from('<workbook/>'),
      'xl/vbaProject.bin': Buffer.alloc(10),
    });
    expect(await check(macro, 'xlsx')).toEqual({ ok: false, reason: 'active' });
  });
});

describe('images', () => {
  it('must decode completely', async () => {
    expect(await check(samplePng(), 'png')).toEqual({ ok: true });
    expect(await check(sampleJpg(), 'jpg')).toEqual({ ok: true });
    const jfifHeaderOnly = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64)]);
    expect(await check(jfifHeaderOnly, 'jpg')).toEqual({ ok: false, reason: 'structure' });
    const png = samplePng();
    expect(await check(Buffer.concat([png.subarray(0, 40), MZ]), 'png')).toEqual({
      ok: false,
      reason: 'structure',
    });
  });
});

describe('off the event loop', () => {
  it('a heavy 4.9 MB PDF is checked by the worker pool, not on the main thread', async () => {
    // The CPU it saves the event loop is a figure, and figures live in the bench
    // (bench/file-check.ts); here the mechanism: every check is a message to the pool.
    const objs = Array.from(
      { length: 30_000 },
      (_, i) => `<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Contents (nota ${i} lorem ipsum dolor) >>`,
    );
    const heavy = samplePdf('pesado', { extraObjects: objs, totalSize: 4_900_000 });
    await check(samplePdf(), 'pdf'); // workers warm
    const sentBefore = fileCheckMessages();
    const verdicts = await Promise.all([1, 2, 3, 4].map(() => check(heavy, 'pdf')));
    expect(verdicts).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
    expect(fileCheckMessages() - sentBefore).toBe(4);
  });
});

describe('worker start', () => {
  it('works in a server started outside the project folder (tsx resolved from the code, not the cwd)', async () => {
    const { execFile } = await import('node:child_process');
    const { tmpdir } = await import('node:os');
    const { fileURLToPath } = await import('node:url');
    const { createRequire } = await import('node:module');
    const here = fileURLToPath(new URL('.', import.meta.url));
    const tsxLoader = createRequire(import.meta.url).resolve('tsx');
    // The child exits explicitly: the pool's worker thread stays alive for the next check.
    const script =
      `const m = await import(${JSON.stringify(`${here}file-check.ts`)});` +
      `const s = await import(${JSON.stringify(`${here}file-check-samples.ts`)});` +
      `console.log(JSON.stringify(await m.checkFileStructure(s.samplePdf('x'), 'pdf'))); process.exit(0);`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', tsxLoader, '--input-type=module', '-e', script],
        { cwd: tmpdir(), timeout: 60_000 },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(JSON.parse(out.trim())).toEqual({ ok: true });
  });
});

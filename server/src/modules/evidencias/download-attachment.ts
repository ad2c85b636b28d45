import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { BlobCorruptError, BlobMissingError, type BlobStore } from '../../files';

/** Who may read: a company (its own files only) or staff (empresaId null: every file). */
export type Viewer = { empresaId: number | null };

/** `body` streams the blob, its SHA-256 checked as it flows (docs/decisions/141). */
export type Attachment = { body: Readable; size: number; mime: string; nombre: string; sha256: string };

type FileRow = {
  empresa_id: number;
  nombre: string | null;
  sha256: string;
  tamano: number;
  tipo_mime: string;
};

/** Integrity failure of a stored blob: never served, always logged. */
export class BlobIntegrityError extends Error {
  constructor(
    readonly sha256: string,
    readonly reason: string,
  ) {
    super(`blob ${sha256}: ${reason}`);
    this.name = 'BlobIntegrityError';
  }
}

/**
 * GET /api/adminflujos/adjunto/{idEntrega} and /api/adminflujos/adjunto/anexo/{idAnexo}.
 * The blob is streamed from the store (disk or S3), never held whole in memory. Its size is checked
 * against the archivos row before a byte is sent; its SHA-256 (its address, the row's sha256) as the
 * bytes flow, the last chunk held back until it matches (docs/decisions/141). A file that fits in
 * one chunk (64 KiB) that is altered is therefore a logged 500 before any byte; a larger one ends in
 * a cut response, never a complete altered file.
 */
export async function downloadAttachment(opts: {
  db: Db;
  store: BlobStore;
  viewer: Viewer;
  kind: 'entrega' | 'anexo';
  id: number;
}): Promise<Attachment> {
  const row = await findAttachmentFile(opts);
  let blob: { size: number; stream: Readable };
  try {
    blob = await opts.store.createReadStream(row.sha256);
  } catch (err) {
    if (err instanceof BlobMissingError) throw new BlobIntegrityError(row.sha256, 'missing');
    throw err;
  }
  if (blob.size !== Number(row.tamano)) {
    blob.stream.destroy();
    throw new BlobIntegrityError(row.sha256, `size ${blob.size} != ${row.tamano}`);
  }
  return {
    body: await primed(blob.stream),
    size: blob.size,
    mime: row.tipo_mime,
    nombre: row.nombre ?? 'archivo',
    sha256: row.sha256,
  };
}

/**
 * The file row of a submission or annex the viewer may read (its own company's, or any for staff);
 * not found otherwise. The download and its ticket (docs/decisions/166) are authorized by this one
 * query.
 */
export async function findAttachmentFile(opts: {
  db: Db;
  viewer: Viewer;
  kind: 'entrega' | 'anexo';
  id: number;
}): Promise<FileRow> {
  const { db, viewer, id } = opts;
  const own = viewer.empresaId === null ? sql`TRUE` : sql`e.empresa_id = ${viewer.empresaId}`;
  const [row] =
    opts.kind === 'entrega'
      ? await query<FileRow>(
          db,
          sql`SELECT e.empresa_id, e.nombre_archivo AS nombre, a.sha256, a.tamano, a.tipo_mime
                FROM entregas e JOIN archivos a ON a.id = e.archivo_id
               WHERE e.id = ${id} AND ${own}`,
        )
      : await query<FileRow>(
          db,
          sql`SELECT e.empresa_id, x.nombre_archivo AS nombre, a.sha256, a.tamano, a.tipo_mime
                FROM anexos x JOIN entregas e ON e.id = x.entrega_id JOIN archivos a ON a.id = x.archivo_id
               WHERE x.id = ${id} AND ${own}`,
        );
  if (!row) throw new AppError('not_found', MSG.evidenceAttachmentNotFound);
  return row;
}

/**
 * Waits for the first chunk before anything is answered: the store's stream holds its last chunk back
 * until the hash matches, so a damaged file of one chunk fails HERE, as a BlobIntegrityError the
 * route logs and answers with a clean 500 (no headers of the file sent yet).
 */
async function primed(stream: Readable): Promise<Readable> {
  const it: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await it.next();
  } catch (err) {
    if (err instanceof BlobCorruptError) throw new BlobIntegrityError(err.sha256, err.reason);
    throw err;
  }
  async function* rest() {
    try {
      if (first.done) return;
      yield first.value;
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
    } finally {
      await it.return?.(); // the client went away: release the file or the S3 connection
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/;

/** RFC 5987 value: UTF-8, percent-encoded, including the characters encodeURIComponent leaves. */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Response headers of a download (docs/decisions/035): detected type, no sniffing,
 * encoded name, no caching, no referrer, and a sandboxing CSP so an uploaded document can never
 * run script with the portal's origin. PDFs and images open inline, everything else downloads.
 */
export function attachmentHeaders(
  a: Pick<Attachment, 'mime' | 'nombre'> & ({ size: number } | { bytes: Buffer }),
): Record<string, string> {
  const inline = INLINE.test(a.mime);
  const ascii = a.nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': a.mime,
    'Content-Length': String('size' in a ? a.size : a.bytes.length),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${rfc5987(a.nombre)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy':
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; plugin-types application/pdf; frame-ancestors 'self'",
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

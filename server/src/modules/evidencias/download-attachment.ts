import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { BlobMissingError, type BlobStore } from '../../files';

/** Who may read: a company (its own files only) or staff (empresaId null: every file). */
export type Viewer = { empresaId: number | null };

export type Attachment = { bytes: Buffer; mime: string; nombre: string; sha256: string };

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
 * Files are under 5 MB, so the blob is read whole and its size and SHA-256 are checked against the
 * archivos row before a byte is sent: an altered or truncated file is refused, never served.
 */
export async function downloadAttachment(opts: {
  db: Db;
  store: BlobStore;
  viewer: Viewer;
  kind: 'entrega' | 'anexo';
  id: number;
}): Promise<Attachment> {
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

  let bytes: Buffer;
  try {
    bytes = await opts.store.read(row.sha256);
  } catch (err) {
    if (err instanceof BlobMissingError) throw new BlobIntegrityError(row.sha256, 'missing');
    throw err;
  }
  if (bytes.length !== Number(row.tamano))
    throw new BlobIntegrityError(row.sha256, `size ${bytes.length} != ${row.tamano}`);
  if (createHash('sha256').update(bytes).digest('hex') !== row.sha256)
    throw new BlobIntegrityError(row.sha256, 'hash mismatch');
  return { bytes, mime: row.tipo_mime, nombre: row.nombre ?? 'archivo', sha256: row.sha256 };
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
 * Response headers of a download (RELIABILITY 'Uploads and downloads'): detected type, no sniffing,
 * encoded name, no caching, no referrer, and a sandboxing CSP so an uploaded document can never
 * run script with the portal's origin. PDFs and images open inline, everything else downloads.
 */
export function attachmentHeaders(a: Pick<Attachment, 'mime' | 'nombre' | 'bytes'>): Record<string, string> {
  const inline = INLINE.test(a.mime);
  const ascii = a.nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': a.mime,
    'Content-Length': String(a.bytes.length),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${rfc5987(a.nombre)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy':
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; plugin-types application/pdf; frame-ancestors 'self'",
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

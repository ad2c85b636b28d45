import { sql } from 'drizzle-orm';
import { MAX_BASE64_CHARS, MSG } from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { AppError } from '../errors';
import { storageUsageOf } from '../files';

/**
 * Upload routes only: room for 5 MB of base64 plus the other fields. Larger bodies get 413 from
 * the Content-Length (or as soon as a chunked body passes the limit), before being read whole.
 */
export const UPLOAD_BODY_LIMIT = MAX_BASE64_CHARS + 64 * 1024;
import { hit } from '../lib/throttle';

/**
 * Per-company upload rate and storage quota (docs/decisions/085-upload-rate-and-quota.md).
 * Both refuse before anything is stored; the quota is checked again, exactly, inside the
 * transaction that commits the upload.
 */
export type UploadLimits = { ratePerMinute: number; quotaBytes: number };

/**
 * Counts one file upload of the company (a fixed one-minute window shared by every server
 * process) and refuses past the limit with 429 and Retry-After. Counted before the content is
 * checked, so refused files count too: the checks are the expensive part.
 */
export async function countUpload(db: Db, empresaId: number, limits: UploadLimits): Promise<void> {
  if (limits.ratePerMinute <= 0) return;
  try {
    await hit(db, `upload:${empresaId}`, limits.ratePerMinute, 60);
  } catch (err) {
    if (err instanceof AppError && err.code === 'too_many_requests')
      throw new AppError('too_many_requests', MSG.uploadRateExceeded, err.extra);
    throw err;
  }
}

/** 413 with the company's usage when `incoming` more bytes would pass its quota. */
export async function checkQuota(db: Db, empresaId: number, incoming: number, limits: UploadLimits) {
  const usage = await storageUsageOf(db, empresaId);
  if (usage.bytes + incoming > limits.quotaBytes)
    throw new AppError('payload_too_large', MSG.uploadQuotaExceeded(usage.bytes, limits.quotaBytes));
}

/** Arbitrary constant shared by every process of this application (first key of the advisory lock). */
const QUOTA_LOCK = 7_310_085;

/**
 * Inside the committing transaction: serializes the company's upload commits (a transaction-scoped
 * advisory lock) and checks the quota again, so concurrent uploads cannot pass it together. A
 * refusal here leaves the already stored blob unreferenced; the periodic sweep removes it.
 */
export async function checkQuotaInTransaction(
  tx: Db,
  empresaId: number,
  incoming: number,
  limits: UploadLimits,
) {
  await query(tx, sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}::int, ${empresaId}::int)`);
  await checkQuota(tx, empresaId, incoming, limits);
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@proveedores/domain';
import { createTestApp } from '../../test/app';
import { blobStoreFor, BlobStoreFullError, type BlobStore } from '../../files';
import { AppError } from '../../errors';
import { clockOf } from '../../lib/clock';
import { addAnnex } from './add-annex';
import { adjunto, demoContracts, pdfBytes, requisitoId, storageCounts } from '../../test/evidencias';
import { uploadEvidence } from '../../uploads/upload-evidence';

/**
 * Disk full during an upload (docs/decisions/071): the store fails the way the file-system store
 * does on ENOSPC/EDQUOT; the request gets a clean 503 with a Spanish message, nothing is recorded,
 * and the next upload on a healthy store works.
 */
let app: FastifyInstance;
let actor: { usuarioId: number; empresaId: number; ip: string };
let rut: number;

beforeAll(async () => {
  app = await createTestApp();
  const { aAlturas } = await demoContracts(app);
  actor = { usuarioId: 1, empresaId: aAlturas.empresa_id, ip: '127.0.0.1' };
  rut = await requisitoId(app, 'sg-sst', 'E01');
});

describe('disk full', () => {
  it('answers 503 with a message, records nothing, and recovers', async () => {
    const real = blobStoreFor(app.config.dataDir);
    const full: BlobStore = {
      ...real,
      put: async () =>
        Promise.reject(new BlobStoreFullError(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }))),
    };
    const before = await storageCounts(app);
    const body = { adjunto: adjunto(pdfBytes(), 'rut.pdf') };
    const limits = { ratePerMinute: 0, quotaBytes: app.config.uploadQuotaBytes };
    const err = await uploadEvidence({
      db: app.db,
      store: full,
      actor,
      modulo: 'sg-sst',
      requisitoId: rut,
      body,
      limits,
      now: clockOf(app.config).now(),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'unavailable', message: MSG.evidenceStorageFull });
    expect(await storageCounts(app)).toEqual(before);

    const ok = await uploadEvidence({
      db: app.db,
      store: real,
      actor,
      modulo: 'sg-sst',
      requisitoId: rut,
      body,
      limits,
      now: clockOf(app.config).now(),
    });
    expect(ok.idEntrega).toBeGreaterThan(0);
    const annexErr = await addAnnex({
      db: app.db,
      store: full,
      actor,
      modulo: 'sg-sst',
      requisitoId: rut,
      body,
      limits,
      now: clockOf(app.config).now(),
    }).catch((e) => e);
    expect(annexErr).toMatchObject({ code: 'unavailable' });
  });
});

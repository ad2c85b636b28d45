import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientFor } from '../../server/src/files';
import { startS3TestServer } from '../../server/src/files/s3-test-server';
import {
  containsText,
  CONTRACTOR,
  hasText,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  type StartServerOptions,
  useHarness,
  visible,
  openFileLink,
} from '../support';
import { chooseContract, demoContract, tempFiles, validPdf } from '../support/ui';

// The portal with its files in an S3-protocol server (s3rver, docs/decisions/141): a contractor
// uploads in Chromium, the object lands in the bucket, and the view link streams it back.
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
const options: StartServerOptions = {};
// Registered before the harness: S3 is up before the portal starts (its env is read then), and
// closed after the harness has stopped the portal.
beforeAll(async () => {
  s3 = await startS3TestServer();
  options.env = s3.env('e2e/');
});
afterAll(() => s3?.close());
const h = useHarness(options);

const files = tempFiles({ 'rut-en-s3.pdf': validPdf('rut en s3') });

describe('uploads stored in S3', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: upload, the object is in the bucket, the view link serves its bytes`, async () => {
      const { page, context, errors } = await signedInPage(h, CONTRACTOR, {
        viewport,
        isMobile: name === 'phone',
      });
      await page.goto(`${h.server.url}/#/sg-sst`);
      await page.reload();
      await chooseContract(
        page,
        await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'),
      );
      const row = page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
      await visible(row);
      await row.getByTestId('status-button').click();
      // The second run finds the first one's file: it is replaced from the view modal, with the
      // same bytes (the store's dedup path: the object is checked, not written again).
      if (name === 'phone') await page.getByTestId('view-replace').click();
      await visible(page.getByTestId('upload-modal'));
      await page.getByTestId('upload-file-input').setInputFiles(files['rut-en-s3.pdf']);
      await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: rut-en-s3.pdf');
      await screenshot(page, `s3-01-uploaded-${name}`);
      await page.locator('.evidence-dialog .p-dialog-header-close').click();
      await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');

      const out = await s3ClientFor(s3.settings()).send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'e2e/' }),
      );
      expect((out.Contents ?? []).map((o) => o.Key)).toContain(
        `e2e/${(await import('node:crypto')).createHash('sha256').update(validPdf('rut en s3')).digest('hex')}`,
      );

      await row.getByTestId('status-button').click();
      const view = page.getByTestId('view-modal');
      await visible(view);
      const file = await openFileLink(page, view.getByTestId('current-file-link'));
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toContain('application/pdf');
      expect((await file.body()).equals(validPdf('rut en s3'))).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `s3-02-view-modal-${name}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

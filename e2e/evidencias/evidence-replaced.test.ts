import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReviewQueue } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  CONTRACTOR,
  DESKTOP,
  hasText,
  PHONE,
  screenshot,
  seriousA11yViolations,
  useHarness,
  visible,
  signedInPage,
} from '../support';
import { overflowsHorizontally, validPdf } from '../support/ui';

/**
 * A submission replaced by a newer one of the same slot while it awaited review is 'Reemplazado'
 * in the history tree, never 'Cargado pendiente por aprobar', and is no work for the reviewer
 * (docs/decisions/093).
 */
const h = useHarness();

const signedIn = (viewport: { width: number; height: number }) => signedInPage(h, CONTRACTOR, { viewport });

/** The history tree of SG-SST with the folder of one requirement open. */
async function openFolder(page: Page, folder: string) {
  await page.goto(`${h.server.url}/#/historial?model=sg-sst`);
  await page.reload();
  const row = page.locator('.p-treenode-content', { hasText: folder }).first();
  await visible(row);
  await row.click();
}

const leaf = (page: Page, file: string) => page.getByTestId('history-leaf').filter({ hasText: file });

describe('replaced submissions in Chromium', () => {
  it("the replaced upload says 'Reemplazado' in the tree, before and after the replacement is approved", async () => {
    const app = h.server.app;
    const [company, staff] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER_LOGIN)];
    const [req] = await query<{ id: number; nombre: string }>(
      app.db,
      sql`SELECT id, nombre_corto AS nombre FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E03'`,
    );
    const upload = async (name: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-sst/${req.id}`,
        headers: company,
        payload: {
          adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { idEntrega: number }).idEntrega;
    };
    const first = await upload('cedula-borrosa.pdf');
    const second = await upload('cedula-legible.pdf');
    const queue = async () =>
      (
        (
          await app.inject({ url: '/api/revision/pendientes?pageSize=100', headers: staff })
        ).json() as ReviewQueue
      ).items.map((i) => i.id);
    // The reviewer's queue holds the newest only: the replaced one is not work.
    const pending = await queue();
    expect(pending).toContain(second);
    expect(pending).not.toContain(first);

    const { page, context, errors } = await signedIn(DESKTOP);
    await openFolder(page, req.nombre);
    await hasText(
      leaf(page, 'cedula-legible.pdf').getByTestId('history-estado'),
      'Cargado pendiente por aprobar',
    );
    await hasText(leaf(page, 'cedula-borrosa.pdf').getByTestId('history-estado'), 'Reemplazado');
    expect(await leaf(page, 'cedula-borrosa.pdf').getByTestId('history-estado').getAttribute('title')).toBe(
      'Una carga más reciente del mismo documento la reemplazó; queda como historial.',
    );

    // The reviewer approves the replacement: the old upload stays 'Reemplazado', never pending.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${second}/aprobar`,
      headers: staff,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await queue()).not.toContain(first);
    await openFolder(page, req.nombre);
    await hasText(leaf(page, 'cedula-legible.pdf').getByTestId('history-estado'), 'Aprobado');
    await hasText(leaf(page, 'cedula-borrosa.pdf').getByTestId('history-estado'), 'Reemplazado');
    const folder = page.locator('.p-treenode', { has: page.getByTestId('history-leaf') }).first();
    await visible(folder);
    expect(await folder.innerText()).not.toContain('Cargado pendiente por aprobar');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'evidence-replaced-01-tree-desktop');
    expect(errors).toEqual([]);
    await context.close();

    // The same on a phone, nothing scrolls sideways.
    const phone = await signedIn(PHONE);
    await openFolder(phone.page, req.nombre);
    await hasText(leaf(phone.page, 'cedula-borrosa.pdf').getByTestId('history-estado'), 'Reemplazado');
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    // Names keep whole words on a phone: the status goes under the name, never squeezes it.
    const names = await phone.page
      .locator('.hist-name')
      .evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent ?? '', width: el.getBoundingClientRect().width })),
      );
    expect(names.filter((n) => n.width < 150).map((n) => n.text)).toEqual([]);
    await leaf(phone.page, 'cedula-borrosa.pdf').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'evidence-replaced-02-tree-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import {
  ADMIN,
  containsText,
  hasText,
  hasValue,
  hidden,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Validity rules as catalogue data (decision 105): the administrator changes the rule of a
 * requirement of the default catalogue in its form, the server stores it validated, the form shows
 * it again after a reload, and a reviewer reads it without being able to change it.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 900 };

async function regla(codigo: string): Promise<{ id: number; regla: Record<string, unknown> | null }> {
  const [r] = await query<{ id: number; regla: Record<string, unknown> | null }>(
    h.server.app.db,
    sql`SELECT id, regla_vigencia AS regla FROM requisitos WHERE codigo = ${codigo}`,
  );
  return r;
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

describe('validity rules in the catalogue form', () => {
  it('the administrator changes a rule and sees it saved; a reviewer reads it on a phone', async () => {
    const p04 = await regla('P04');
    expect(p04.regla).toMatchObject({ tipo: 'mes_certificado' });

    const admin = await openPage(h.browser, { viewport: WIDE });
    const page = admin.page;
    await openLogin(page, h.server.url);
    await signIn(page, ADMIN);
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/admin/requisitos/${p04.id}`);
    const form = page.getByTestId('requisito-form');
    // the seeded rule and its legal basis
    await containsText(form.getByTestId('req-regla'), MSG.reglaVigenciaTipo.mes_certificado);
    await hasValue(form.getByTestId('req-regla-base-legal'), String(p04.regla?.baseLegal));

    await choose(page, 'req-regla', MSG.reglaVigenciaTipo.dias_desde_expedicion);
    await form.getByTestId('req-regla-base-legal').fill('');
    await form.getByTestId('req-save').click();
    await hasText(form.getByTestId('req-regla-dias-error'), MSG.reglaVigenciaNumeroInvalido(1, 3650));
    await hasText(form.getByTestId('req-regla-base-legal-error'), MSG.reglaVigenciaBaseLegalRequerida);
    expect((await regla('P04')).regla).toEqual(p04.regla); // nothing was sent

    await form.getByTestId('req-regla-dias').fill('30');
    await hidden(form.getByTestId('req-regla-dias-error'));
    await form
      .getByTestId('req-regla-base-legal')
      .fill('Política de contratación: certificado de máximo 30 días');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'validity-rules-1366-edit', true);
    await form.getByTestId('req-save').click();
    await containsText(page.locator('.p-toast'), MSG.requisitoSaved);
    await expect
      .poll(async () => (await regla('P04')).regla)
      .toEqual({
        tipo: 'dias_desde_expedicion',
        dias: 30,
        baseLegal: 'Política de contratación: certificado de máximo 30 días',
      });

    // after a reload the form shows the stored rule; segun_concepto offers its default maximum
    await page.reload();
    await containsText(form.getByTestId('req-regla'), MSG.reglaVigenciaTipo.dias_desde_expedicion);
    await hasValue(form.getByTestId('req-regla-dias'), '30');
    await choose(page, 'req-regla', MSG.reglaVigenciaTipo.segun_concepto);
    await hidden(form.getByTestId('req-regla-dias'));
    await hasValue(form.getByTestId('req-regla-meses-maximos'), '36');
    await choose(page, 'req-regla', MSG.reglaVigenciaNinguna);
    await hidden(form.getByTestId('req-regla-base-legal'));
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const reviewer = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    await openLogin(reviewer.page, h.server.url);
    await signIn(reviewer.page, { ...REVIEWER, staff: true });
    await reviewer.page.waitForURL(/#\/home$/);
    await reviewer.page.goto(`${h.server.url}/#/admin/requisitos/${p04.id}`);
    const ro = reviewer.page.getByTestId('requisito-form');
    await hasValue(ro.getByTestId('req-regla-dias'), '30');
    await visible(ro.getByTestId('req-regla-base-legal'));
    expect(await ro.getByTestId('req-regla-base-legal').isDisabled()).toBe(true);
    expect(await ro.getByTestId('req-save').count()).toBe(0);
    await ro.getByTestId('req-regla-fieldset').scrollIntoViewIfNeeded();
    await screenshot(reviewer.page, 'validity-rules-360-reviewer', true);
    expect(reviewer.errors).toEqual([]);
    await reviewer.context.close();
  });
});

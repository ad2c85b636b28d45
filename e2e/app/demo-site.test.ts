import { describe, expect, it } from 'vitest';
import { DEMO_SITE, DEMO_TRABAJADORES } from '../../server/src/db/seed-demo-site';
import {
  containsText,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  signIn,
  CONTRACTOR,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally } from '../support/ui';

/**
 * The site-access demo (docs/decisions/130) as a newcomer meets it: the only browser test that
 * starts with SEED_DEMO_SITE=true (every other one starts with demo contractors without workers).
 */
const h = useHarness({ env: { SEED_DEMO_SITE: 'true' } });
const WIDE = { width: 1366, height: 800 } as const;
const doc = (caso: string) => DEMO_TRABAJADORES.find((w) => w.caso === caso)!.numerodocumento;

describe('site-access demo data', () => {
  for (const [label, viewport] of [
    ['1366 px', WIDE],
    ['360 px', PHONE],
  ] as const) {
    it(`'Aptitud del personal' tells the five workers' story (${label})`, async () => {
      const { page, context, errors } = await signedInPage(h, CONTRACTOR, {
        viewport,
        isMobile: viewport === PHONE,
      });
      const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
      await page.goto(`${h.server.url}/#/aptitud-personal`);
      await chooseContract(page, contract);
      const table = page.getByTestId('aptitud-table');
      await visible(table);
      await containsText(page.locator('main'), '2 aptos, 3 no aptos');
      const row = (numero: string) => page.locator('tr.aptitud-row', { hasText: `CC ${numero}` });
      await containsText(row(doc('apto')), 'Sin pendientes');
      await containsText(row(doc('autorizado')), 'Apto por autorización');
      await containsText(row(doc('reentrenamiento_vencido')), 'Reentrenamiento en alturas');
      await containsText(row(doc('reentrenamiento_vencido')), 'vencido el');
      await containsText(row(doc('concepto_por_revisar')), 'pendiente por aprobar');
      await containsText(row(doc('faltan_items')), 'Inducción SST no cargada');
      expect(await overflowsHorizontally(page)).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `demo-aptitud-${viewport.width}`, true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the demo gate account checks a worker by typed document on a phone', async () => {
    const { page, context, errors } = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    await openLogin(page, h.server.url);
    await signIn(page, {
      username: DEMO_SITE.porteria.username,
      password: DEMO_SITE.porteria.password,
      staff: true,
    });
    await page.waitForURL(/#\/porteria$/);
    await page.getByTestId('gate-project').selectOption({ label: 'Torres de Sevilla Etapa 2' });
    await containsText(page.getByTestId('gate-roster'), '5 trabajadores');

    const check = async (numero: string) => {
      await page.getByTestId('gate-doc-number').fill(numero);
      await page.getByTestId('gate-check').click();
      const result = page.getByTestId('gate-result');
      await visible(result);
      return result;
    };
    const green = await check(doc('apto'));
    expect(await green.getAttribute('data-apto')).toBe('true');
    await page.getByTestId('gate-next').click();
    await green.waitFor({ state: 'detached' });

    const red = await check(doc('reentrenamiento_vencido'));
    expect(await red.getAttribute('data-apto')).toBe('false');
    await containsText(page.getByTestId('gate-result-reasons'), 'Reentrenamiento en alturas');
    await screenshot(page, 'demo-porteria-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});

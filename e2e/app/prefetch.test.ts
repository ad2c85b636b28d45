import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTRACTOR, openLogin, openPage, signIn, useHarness } from '../support';

const h = useHarness();

/** The listed files, as absolute URLs, once each has been fetched by the page (Resource Timing). */
async function prefetched(page: Page): Promise<string[]> {
  const handle = await page.waitForFunction(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="proveedores-prefetch"]');
    const files = meta?.content.trim().split(/\s+/) ?? [];
    const links = document.querySelectorAll('link[rel="prefetch"]').length;
    if (files.length === 0 || links < files.length) return null;
    const urls = files.map((f) => new URL(f, document.baseURI).href);
    const done = urls.every((u) =>
      performance.getEntriesByName(u).some((e) => (e as PerformanceResourceTiming).responseEnd > 0),
    );
    return done ? urls : null;
  });
  return (await handle.jsonValue()) as string[];
}

describe('the sign-in screen fetches the home ahead (decision 153)', () => {
  it('prefetches the signed-in files while idle, and the home then takes them from the cache', async () => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);

    const urls = await prefetched(page);
    const signedIn = urls.find((u) => /\/assets\/signed-in-[^/]+\.js$/.test(u));
    const home = urls.find((u) => /\/assets\/home-page-[^/]+\.js$/.test(u));
    expect(signedIn, urls.join('\n')).toBeDefined();
    expect(home, urls.join('\n')).toBeDefined();
    // Only fetched: the signed-in layout has not run (its styles would be in <head>, its shell drawn).
    expect(await page.locator('.shell').count()).toBe(0);

    await signIn(page, CONTRACTOR);
    await page.getByTestId('current-contract').or(page.getByTestId('contract-modal')).first().waitFor();

    // The import after signing in is a second fetch of the same URL, answered by the HTTP cache.
    for (const url of [signedIn!, home!]) {
      const entries = await page.evaluate(
        (u) =>
          performance
            .getEntriesByName(u)
            .map((e) => ({ transfer: (e as PerformanceResourceTiming).transferSize })),
        url,
      );
      expect(entries.length, url).toBeGreaterThanOrEqual(2);
      expect(
        entries.slice(1).every((e) => e.transfer === 0),
        `${url}: ${JSON.stringify(entries)}`,
      ).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * The gate page's rows of `npm run bench` (docs/decisions/124, 129), in Chromium (playwright-core,
 * /usr/bin/chromium, never a downloaded browser) on a 360x640 phone, against the bench server
 * serving the built web app (BENCH_WEB_DIST, built there when missing or older than its sources):
 * - 'gate page offline check': the page with the 2,000-worker roster kept, the network offline,
 *   the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), a typed document checked: from the
 *   submit to the frame that paints the verdict (a MutationObserver in the page sees the verdict's
 *   element, then requestAnimationFrame; the time to the DOM alone is noted), goal p99 < 50 ms;
 * - 'gate page cold load': a fresh context (empty HTTP cache, no service worker) with the session in
 *   session storage the way the app keeps it, Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps down,
 *   750 Kbps up, CDP Network.emulateNetworkConditions) and CPU 4x: from the navigation to the scan
 *   button enabled (the project chosen), goal < 2 s.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DbKind } from './harness';
import { p99Goal, pacedRow, percentile, roundMs, type PacedRow } from './paced-load';

const CHECK_GOAL_MS = 50;
const LOAD_GOAL_MS = 2000;
const CHECKS = Number(process.env.BENCH_GATE_CHECKS ?? 30);
const LOADS = Number(process.env.BENCH_GATE_LOADS ?? 5);
const CPU_RATE = 4;
export const CHECK_NAME = 'gate page offline check by document, CPU 4x (porteria)';
export const LOAD_NAME = 'gate page cold load, slow 4G, CPU 4x (porteria)';
const PHONE = { width: 360, height: 640 } as const;
/** Lighthouse's "slow 4G": 150 ms RTT, 1.6 Mbps down, 750 Kbps up (bytes per second for CDP). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export const benchWebDist = () => process.env.BENCH_WEB_DIST ?? path.join(tmpdir(), 'proveedores-bench-web');

/**
 * The built web app the bench server serves (serve.ts reads BENCH_WEB_DIST): a private folder, so a
 * build here never empties web/dist under someone else's running server. Same rule as the browser
 * tests (e2e/support/web-build.ts): built only when missing or older than its sources.
 */
export async function ensureBenchWebBuild(): Promise<void> {
  const dir = benchWebDist();
  process.env.BENCH_WEB_DIST = dir;
  process.env.E2E_WEB_DIST = dir;
  const t0 = performance.now();
  const { ensureWebBuild } = await import('../e2e/support/web-build');
  ensureWebBuild();
  console.log(
    `web app for the gate rows: ${dir} (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
}

type Opts = {
  baseUrl: string;
  token: string;
  kind: DbKind;
  documento: { tipodocumento: string; numerodocumento: string };
  wanted: (name: string) => boolean;
};

async function phoneContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    reducedMotion: 'reduce',
  });
  // The session as the app keeps it after sign-in (web/src/lib/session.ts: session storage 'token').
  await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
  return context;
}

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

async function offlineCheckRow(browser: Browser, o: Opts, notes: string[]): Promise<PacedRow> {
  const name = CHECK_NAME;
  const context = await phoneContext(browser, o.token);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const errors = pageErrors(page);
    await page.goto(`${o.baseUrl}/#/porteria`);
    // The roster is downloaded, its signature verified and kept in IndexedDB.
    await page.getByTestId('gate-roster').filter({ hasText: 'trabajadores' }).waitFor();
    await context.setOffline(true);
    await page.locator('[data-testid="gate-net"][data-online="false"]').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.locator('form.gate-doc select').selectOption(o.documento.tipodocumento);
    const dom: number[] = [];
    const frame: number[] = [];
    let wrong = 0;
    let verdict = '';
    const wall0 = performance.now();
    for (let i = 0; i < CHECKS + 2; i++) {
      await page.getByTestId('gate-doc-number').fill(o.documento.numerodocumento);
      await page.locator('[data-testid="gate-check"]:not([disabled])').waitFor();
      const t = await page.evaluate(
        () =>
          new Promise<{ dom: number; frame: number; apto: string | null; name: string }>((resolve) => {
            // No named helper functions in here: tsx's __name would not exist in the page.
            let t0 = 0;
            const obs = new MutationObserver(() => {
              const el = document.querySelector('[data-testid="gate-result"]');
              if (!el) return;
              const dom = performance.now() - t0;
              obs.disconnect();
              requestAnimationFrame(() =>
                resolve({
                  dom,
                  frame: performance.now() - t0,
                  apto: el.getAttribute('data-apto'),
                  name: document.querySelector('[data-testid="gate-result-name"]')?.textContent ?? '',
                }),
              );
            });
            obs.observe(document.body, { childList: true, subtree: true });
            t0 = performance.now();
            document.querySelector<HTMLButtonElement>('[data-testid="gate-check"]')!.click();
          }),
      );
      if (!t.name.trim() || t.apto === null) wrong++;
      verdict = `${t.apto === 'true' ? 'APTO' : 'NO APTO'} ${t.name.trim()}`;
      // The first two warm the page's code paths (JIT, the IndexedDB connection).
      if (i >= 2) {
        dom.push(t.dom);
        frame.push(t.frame);
      }
      await page.getByTestId('gate-next').click();
      await page.getByTestId('gate-result').waitFor({ state: 'detached' });
    }
    const wall = (performance.now() - wall0) / 1000;
    notes.push(
      `${name} [${o.kind}]: ${CHECKS} checks (after 2 warm-up), verdict '${verdict}'; submit to the verdict in the DOM ` +
        `p50 ${roundMs(percentile(dom, 50))} ms, p99 ${roundMs(percentile(dom, 99))} ms (the row: to the frame that paints it)` +
        (errors.length ? `; page errors: ${errors.join(' | ')}` : ''),
    );
    return pacedRow({
      endpoint: name,
      db: o.kind,
      conns: 1,
      ms: frame,
      rps: (CHECKS + 2) / wall,
      errors: wrong + errors.length,
      goal: ({ p99 }) => p99Goal(CHECK_GOAL_MS, p99),
    });
  } finally {
    await context.close();
  }
}

async function coldLoadRow(browser: Browser, o: Opts, notes: string[]): Promise<PacedRow> {
  const name = LOAD_NAME;
  const times: number[] = [];
  const kbs: number[] = [];
  let errors = 0;
  let biggest: string[] = [];
  let requests = 0;
  const wall0 = performance.now();
  for (let i = 0; i < LOADS; i++) {
    // A fresh context each time: empty HTTP cache, no service worker, no IndexedDB.
    const context = await phoneContext(browser, o.token);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const pageErr = pageErrors(page);
      const cdp = await context.newCDPSession(page);
      let bytes = 0;
      const urls = new Map<string, string>();
      const sizes = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) =>
        urls.set(e.requestId, e.request.url),
      );
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        bytes += e.encodedDataLength;
        sizes.set(e.requestId, e.encodedDataLength);
      });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
      await page.goto(`${o.baseUrl}/#/porteria`, { waitUntil: 'commit' });
      // Usable: the scan button enabled (the project chosen); ms since the navigation started.
      const usable = await page.waitForFunction(
        () => {
          const b = document.querySelector<HTMLButtonElement>('[data-testid="gate-scan"]');
          return b && !b.disabled ? performance.now() : null;
        },
        null,
        { polling: 'raf' },
      );
      times.push(Number(await usable.jsonValue()));
      kbs.push(bytes / 1024);
      biggest = [...sizes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([id, n]) => `${new URL(urls.get(id) ?? o.baseUrl).pathname} ${Math.round(n / 1024)} KB`);
      requests = sizes.size;
      errors += pageErr.length;
    } finally {
      await context.close();
    }
  }
  const wall = (performance.now() - wall0) / 1000;
  notes.push(
    `${name} [${o.kind}]: ${LOADS} cold loads to the scan button enabled: ${times.map((t) => Math.round(t)).join(', ')} ms; ` +
      `transferred up to then ${Math.round(Math.min(...kbs))}-${Math.round(Math.max(...kbs))} KB; ` +
      `the last load's ${requests} responses, largest: ${biggest.join(', ')}`,
  );
  return pacedRow({
    endpoint: name,
    db: o.kind,
    conns: 1,
    ms: times,
    rps: LOADS / wall,
    errors,
    goal: ({ p99 }) => p99Goal(LOAD_GOAL_MS, p99),
  });
}

/** Both browser rows (those `wanted` accepts) in one Chromium, closed afterwards. */
export async function runGateBrowserRows(o: Opts, notes: string[]): Promise<PacedRow[]> {
  const check = o.wanted(CHECK_NAME);
  const load = o.wanted(LOAD_NAME);
  if (!check && !load) return [];
  const { launchBrowser } = await import('../e2e/support/browser');
  const browser = await launchBrowser();
  try {
    const rows: PacedRow[] = [];
    if (check) rows.push(await offlineCheckRow(browser, o, notes));
    if (load) rows.push(await coldLoadRow(browser, o, notes));
    return rows;
  } finally {
    await browser.close();
  }
}

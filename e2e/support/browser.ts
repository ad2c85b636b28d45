import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
  // Reduced motion in every context, also one a test makes without openPage (decision 088).
  // Playwright itself defaults to 'no-preference', which a Chromium switch cannot override.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far (assert it stays empty). */
  errors: string[];
};

/**
 * A fresh context (own storage) and page; `es-CO`, desktop size unless told, and the reduced-motion
 * setting on (decision 088): the app then shows and removes toasts, dialogs and alerts at once, so no
 * check ever meets something half faded. Tests wait for states, never for time.
 * No time zone is set: the browser runs in the zone of the environment (TZ), as a user's browser
 * abroad would; CI runs the suite under Asia/Tokyo and the zone test under UTC too (decisions 117, 158).
 */
export async function openPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; isMobile?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    isMobile: opts.isMobile,
    hasTouch: opts.isMobile,
    locale: 'es-CO',
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // 401/404 answers the test provokes on purpose show up as resource errors; keep the rest.
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text()))
      errors.push(`console: ${msg.text()}`);
  });
  return { page, context, errors };
}

/** Screenshots go to /tmp/proveedores-e2e (never into the repository). Returns the file path. */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/proveedores-e2e';

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

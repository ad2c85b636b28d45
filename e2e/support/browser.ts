import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

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
 * A fresh context (own storage) and page; `es-CO` and desktop size unless told, and the reduced-motion
 * setting on (decision 088): the app then shows and removes toasts, dialogs and alerts at once, so no
 * check ever meets something half faded. Tests wait for states, never for time.
 * No time zone is set: the browser runs in the zone of the environment (TZ), as a user's browser
 * abroad would; CI runs the suite under Asia/Tokyo and the zone test under UTC too (decisions 117, 158).
 */
export async function openPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; isMobile?: boolean; locale?: string } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    isMobile: opts.isMobile,
    hasTouch: opts.isMobile,
    locale: opts.locale ?? 'es-CO',
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

/** Screenshots go to /tmp/proveedores-e2e (never into the repository). */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/proveedores-e2e';
/**
 * Which screenshots to write: none unless asked, since no test reads them and a person looks at the
 * ones of the screen at hand. E2E_SCREENSHOTS=1 writes all, or a pattern of names, e.g.
 * E2E_SCREENSHOTS='importacion|porteria' (decision 176).
 */
const WANTED = process.env.E2E_SCREENSHOTS;
const wanted = (name: string) => !!WANTED && (WANTED === '1' || new RegExp(WANTED).test(name));

/** The page as a PNG named `name`, when E2E_SCREENSHOTS asks for it; returns its path, or null. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string | null> {
  if (!wanted(name)) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/**
 * Clicks a file link as a person does and fetches what the tab it opens receives: the tab opens
 * within the click and goes to the file with a one-file download ticket, never the session token
 * (docs/decisions/166). The tab is closed; the file's response is returned.
 */
export async function openFileLink(page: Page, link: Locator): Promise<APIResponse> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForURL(/[?&]ticket=/);
  const url = tab.url();
  await tab.close();
  if (url.includes('token=')) throw new Error('a file link carried the session token');
  return page.request.get(url);
}

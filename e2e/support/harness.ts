import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type StartServerOptions, type TestServer } from './server';

export type Harness = { server: TestServer; browser: Browser };

/**
 * One real server and one Chromium for the calling test file (or describe block): started in
 * beforeAll, stopped in afterAll. Read `h.server` / `h.browser` inside tests, not at collection.
 */
export function useHarness(opts: StartServerOptions = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    h.server = await startServer(opts);
    h.browser = await launchBrowser();
  });
  afterAll(async () => {
    await h.browser?.close();
    await h.server?.stop();
  });
  return h;
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, type TestPage } from './browser';
import { CONTRACTOR, openLogin, signIn } from './login';
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

/**
 * A fresh page signed in as `who` (the demo contractor unless told) and landed on the home page: the
 * opening of most browser tests. Waits for the home route, so a failed sign-in fails here.
 */
export async function signedInPage(
  h: Harness,
  who: { username: string; password: string; staff?: boolean } = CONTRACTOR,
  opts: Parameters<typeof openPage>[1] = {},
): Promise<TestPage> {
  const t = await openPage(h.browser, opts);
  await openLogin(t.page, h.server.url);
  await signIn(t.page, who);
  await t.page.waitForURL(/#\/home$/);
  return t;
}

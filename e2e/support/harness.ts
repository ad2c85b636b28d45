import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { login } from '../../server/src/test/app';
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

/**
 * A fresh page whose session was opened through the sign-in API (the real endpoint, its captcha
 * solved as the widget does, server/src/test/app `login`), for tests that are not about signing in
 * (decision 158): the token and any `storage` items (e.g. the chosen contract) go into the tab's
 * session storage before the app's first load, which then restores the session as after a reload,
 * and the page opens at `route` (home unless told). Saves the login page and the proof of work in
 * the browser; signing in through the UI stays with `signedInPage` and the login tests.
 */
export async function sessionPage(
  h: Harness,
  who: { username: string; password: string; staff?: boolean } = CONTRACTOR,
  opts: Parameters<typeof openPage>[1] & { route?: string; storage?: Record<string, string> } = {},
): Promise<TestPage> {
  const { route = 'home', storage = {}, ...pageOpts } = opts;
  const res = await login(h.server.app, {
    username: who.username,
    password: who.password,
    ...(who.staff ? { path: '/api/login/authenticatead' } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who.username} failed: ${res.statusCode}`);
  const { token } = res.json() as { token: string };
  const t = await openPage(h.browser, pageOpts);
  // Any page of the origin gives the tab its session storage; the health answer is the cheapest.
  await t.page.goto(`${h.server.url}/api/health`);
  await t.page.evaluate(
    (items) => {
      for (const [k, v] of Object.entries(items)) sessionStorage.setItem(k, v);
    },
    { ...storage, token },
  );
  await t.page.goto(`${h.server.url}/#/${route}`);
  return t;
}

import { describe, expect, it } from 'vitest';
import {
  alertText,
  CONTRACTOR,
  openLogin,
  openPage,
  screenshot,
  signIn,
  storedToken,
  useHarness,
} from '../support';

// Sessions of about 9 s: the timer fires at exp - 5 s, the alert 2 s later, then logout.
const h = useHarness({ env: { SESSION_HOURS: '0.0025' } });

describe('session expiry', () => {
  it("alerts 'Oops... tu sesión actual ha expirado.' and goes back to login", async () => {
    const { page, context } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    const signedInAt = Date.now();
    expect(await alertText(page)).toBe('Oops... tu sesión actual ha expirado.');
    const elapsed = Date.now() - signedInAt;
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(12_000);
    await page.waitForURL(/#\/login$/);
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'desktop-12-session-expired');
    await context.close();
  });
});

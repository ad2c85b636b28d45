import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_MSG } from '@proveedores/domain';

// The welcome notice index.html paints before the JavaScript (docs/decisions/148) says what the app's
// notice says (features/auth/components/welcome-modal.tsx).
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const doc = new DOMParser().parseFromString(html, 'text/html');
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim();

describe('the welcome notice of index.html', () => {
  const shell = doc.getElementById('/login');

  it('is the element of the #/login fragment', () => {
    expect(shell?.classList.contains('welcome-shell')).toBe(true);
  });

  it("has LOGIN_MSG's title, text and button", () => {
    expect(text(shell!.querySelector('#welcome-shell-title'))).toBe(LOGIN_MSG.welcomeTitle);
    expect(text(shell!.querySelector('#welcome-shell-text'))).toBe(LOGIN_MSG.welcome);
    const buttons = [...shell!.querySelectorAll('button[data-welcome-shell-close]')];
    expect(buttons.map((b) => text(b) || b.getAttribute('aria-label'))).toEqual([
      LOGIN_MSG.close,
      LOGIN_MSG.close,
    ]);
  });
});

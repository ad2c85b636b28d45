import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_MSG } from '@proveedores/domain';
import { onWelcomeShellClose, setUpWelcomeShell, welcomeShellClosed } from './welcome-shell';

// The welcome notice index.html paints before the JavaScript (docs/decisions/148) says what the app's
// notice says (features/login/components/welcome-modal.tsx).
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

describe('closing the painted notice', () => {
  it('also closes an app that rendered before the click and subscribes after it', () => {
    document.body.innerHTML = shellHtml();
    location.hash = '#/login';
    expect(setUpWelcomeShell()).toBe(true);
    // The sign-in page has rendered with its notice due (the shell was open)...
    expect(welcomeShellClosed()).toBe(false);
    const beforeClick: string[] = [];
    const unsubscribeEarly = onWelcomeShellClose(() => beforeClick.push('closed'));
    unsubscribeEarly();
    // ...the visitor presses 'Cerrar' before the page's effect subscribed...
    document.querySelector<HTMLButtonElement>('button[data-welcome-shell-close]')!.click();
    expect(document.getElementById('/login')).toBeNull();
    expect(beforeClick).toEqual([]);
    // ...and the subscription that comes after the click still hears it.
    const heard: string[] = [];
    onWelcomeShellClose(() => heard.push('closed'));
    expect(heard).toEqual(['closed']);
  });
});

function shellHtml(): string {
  return doc.getElementById('/login')!.outerHTML;
}

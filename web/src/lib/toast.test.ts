import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Toast } from 'primereact/toast';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetToast, MAX_TOASTS, registerToast, showToast } from './toast';

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A toast that leaves plays its 300 ms exit first (the Toast's own transition).
const exitsDone = () => act(() => new Promise((done) => setTimeout(done, 350)));
const texts = () => [...document.querySelectorAll('.p-toast-summary')].map((el) => el.textContent);

describe('showToast', () => {
  let unmount = () => {};
  afterEach(() => act(() => unmount()));

  async function mountToast() {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(() => root.render(createElement(Toast, { ref: registerToast, onRemove: forgetToast })));
    unmount = () => {
      root.unmount();
      host.remove();
    };
  }

  it('shows only the newest three (docs/decisions/102): older toasts leave as new ones come', async () => {
    await mountToast();
    for (let i = 1; i <= 5; i++) await act(() => showToast({ severity: 'info', summary: `Aviso ${i}` }));
    await exitsDone();
    expect(MAX_TOASTS).toBe(3);
    expect(texts()).toEqual(['Aviso 3', 'Aviso 4', 'Aviso 5']);
  });

  it('the same text twice is two toasts, and a toast closed by hand frees its place', async () => {
    await mountToast();
    await act(() => showToast({ severity: 'success', summary: 'Guardado' }));
    await act(() => showToast({ severity: 'success', summary: 'Guardado' }));
    expect(texts()).toEqual(['Guardado', 'Guardado']);
    const close = document.querySelector<HTMLButtonElement>('.p-toast-icon-close');
    await act(() => close!.click());
    await exitsDone();
    expect(texts()).toEqual(['Guardado']);
    await act(() => showToast({ severity: 'info', summary: 'Otro' }));
    await act(() => showToast({ severity: 'info', summary: 'Uno más' }));
    await exitsDone();
    // Three on screen: the one closed by hand no longer counts against the limit.
    expect(texts()).toEqual(['Guardado', 'Otro', 'Uno más']);
  });
});

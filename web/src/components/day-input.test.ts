import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PrimeReactProvider } from 'primereact/api';
import { afterEach, describe, expect, it } from 'vitest';
import { REVISION_MSG } from '@proveedores/domain';
import { PRIME_LOCALE, registerPrimeLocale } from '@/app/prime-locale';
import { registerSignedInPrimeLocale } from '@/app/prime-locale-signed-in';
import { DayInput } from './day-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(async () => {
  await act(() => root?.unmount());
  host?.remove();
});

/** A form's date field as the portal's forms hold it: an ISO day or null, and the wrong text left. */
async function mount(initial: string | null) {
  registerPrimeLocale();
  registerSignedInPrimeLocale();
  const seen = { iso: initial, invalid: null as string | null, sent: [] as Array<string | null> };
  function Field() {
    const [iso, setIso] = useState(initial);
    return createElement(DayInput, {
      inputId: 'fecha',
      value: iso,
      onChange: (v: string | null) => {
        seen.iso = v;
        seen.sent.push(v);
        setIso(v);
      },
      onInvalidText: (t: string | null) => (seen.invalid = t),
      testId: 'fecha',
    });
  }
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(() =>
    root!.render(
      createElement(PrimeReactProvider, { value: { locale: PRIME_LOCALE }, children: createElement(Field) }),
    ),
  );
  // PrimeReact's calendar arrives after the field's first render (decision 177): until then the field
  // is drawn read-only, and the test types into the calendar's own input once it is there.
  await expect
    .poll(async () => {
      await act(() => Promise.resolve());
      return host!.querySelector<HTMLInputElement>('#fecha:not([readonly])');
    })
    .not.toBeNull();
  const input = host.querySelector<HTMLInputElement>('#fecha')!;
  return { input, seen, host };
}

/** Types key by key as a person does: each character an input event on the field. */
async function type(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(() => input.focus());
  for (const ch of text) {
    await act(() => {
      setValue.call(input, input.value + ch);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}
async function clear(input: HTMLInputElement) {
  await act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const leave = (input: HTMLInputElement) => act(() => input.blur());

describe('DayInput: a date typed dd/mm/aaaa whatever the browser language (decision 168)', () => {
  it('shows an ISO value as dd/mm/aaaa and takes 15/03/1990 typed by keyboard as 1990-03-15', async () => {
    const { input, seen } = await mount('2026-11-03');
    expect(input.value).toBe('03/11/2026');
    expect(input.placeholder).toBe('dd/mm/aaaa');
    await clear(input);
    expect(seen.iso).toBeNull();
    seen.sent = [];
    await type(input, '15/03/1990');
    // Never a half-typed year ('15/03/199') sent as a date on the way.
    expect(seen.sent.filter((v) => v !== null)).toEqual(['1990-03-15']);
    expect(seen.iso).toBe('1990-03-15');
    await leave(input);
    expect(input.value).toBe('15/03/1990');
    expect(seen.invalid).toBeNull();
  });

  it('refuses 31/02/2026: the text stays as typed, the value is null and a message names it', async () => {
    const { input, seen, host } = await mount(null);
    await type(input, '31/02/2026');
    expect(seen.iso).toBeNull();
    await leave(input);
    expect(input.value).toBe('31/02/2026');
    expect(seen.invalid).toBe('31/02/2026');
    const message = host.querySelector('[data-testid="fecha-no-valida"]');
    expect(message?.textContent).toBe(REVISION_MSG.revisionFechaNoValida('31/02/2026'));
    expect(message?.getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-describedby')).toBe(message?.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    // Month-first (02/28/2026) is no date either; a right day clears the message.
    await clear(input);
    await type(input, '02/28/2026');
    await leave(input);
    expect(seen.iso).toBeNull();
    expect(seen.invalid).toBe('02/28/2026');
    await clear(input);
    await type(input, '28/02/2026');
    await leave(input);
    expect(seen.iso).toBe('2026-02-28');
    expect(seen.invalid).toBeNull();
    expect(host.querySelector('[data-testid="fecha-no-valida"]')).toBeNull();
  });
});

import type { Locator } from 'playwright-core';
import { expect, type ExpectStatic } from 'vitest';

/**
 * Web-first assertions for playwright-core locators under vitest (the @playwright/test `expect`
 * is not available): each one retries until it holds or the timeout passes.
 */
// A guard against a state that never comes, not a speed goal: generous, because a machine whose two
// cores are busy with other work took over 15 s to import a 50-row roster (decision 176).
const POLL = { timeout: 30_000, interval: 100 };

export async function visible(locator: Locator, timeout = POLL.timeout): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function hidden(locator: Locator, timeout = POLL.timeout): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export async function hasText(locator: Locator, text: string | RegExp): Promise<void> {
  const read = async () => ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  if (typeof text === 'string') await expect.poll(read, POLL).toBe(text);
  else await expect.poll(read, POLL).toMatch(text);
}

/** `x`: the test's own `expect` in concurrent tests, where the global one loses its test. */
export async function containsText(locator: Locator, text: string, x: ExpectStatic = expect): Promise<void> {
  await x.poll(async () => (await locator.first().textContent()) ?? '', POLL).toContain(text);
}

export async function hasValue(locator: Locator, value: string, x: ExpectStatic = expect): Promise<void> {
  await x.poll(() => locator.inputValue(), POLL).toBe(value);
}

export async function hasCount(locator: Locator, n: number): Promise<void> {
  await expect.poll(() => locator.count(), POLL).toBe(n);
}

/** The focus is on `locator` or inside it (e.g. a dialog that has moved the focus into itself). */
export async function hasFocusWithin(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.first().evaluate((el) => el.contains(document.activeElement)), POLL)
    .toBe(true);
}

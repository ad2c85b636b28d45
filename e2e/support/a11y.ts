import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until no CSS animation or transition is running (a dialog or toast fading in is measured by
 * axe at its half-transparent colours, which is a contrast failure no user sees). Animations that
 * start while waiting are waited for too; gives up after `timeout` ms and lets axe see the page as is.
 */
export async function animationsSettled(page: Page, timeout = 3000): Promise<void> {
  await page.evaluate(async (limit) => {
    const end = Date.now() + limit;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    // Spinners loop for ever: only animations that end are waited for.
    const busy = () =>
      document
        .getAnimations()
        .filter(
          (a) =>
            (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().endTime !== Infinity,
        );
    while (Date.now() < end) {
      const running = busy();
      if (running.length === 0) {
        await frame();
        await frame();
        if (busy().length === 0) return;
        continue;
      }
      // A cancelled animation rejects its promise: that also means it is over.
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()))),
      ]);
    }
  }, timeout);
}

/** WCAG 2.x A/AA violations of impact serious or critical on the current page, as readable lines. */
export async function seriousA11yViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
  ]);
  for (const sel of exclude) builder = builder.exclude(sel);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

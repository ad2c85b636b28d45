import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * WCAG 2.x A/AA violations of impact serious or critical on the current page, as readable lines.
 * No waiting for animations here: pages run with reduced motion (decision 088), so whatever axe
 * sees is a finished state. The caller waits for the state it means to measure first.
 * axe runs in the page itself (legacy mode: `axe.run`, same-origin frames included): the default
 * opens a blank page per call to merge the frames' results, which doubled each call (2.3-2.6 s
 * against 1.0-1.3 s on the slow machine) for cross-origin frames the portal does not have.
 */
export async function seriousA11yViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode();
  for (const sel of exclude) builder = builder.exclude(sel);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

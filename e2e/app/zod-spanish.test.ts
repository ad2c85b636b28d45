import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWebBuild, WEB_DIST } from '../support';

/**
 * Every zod message a user can see is Spanish: domain/src/zod-setup.ts sets zod's Spanish locale,
 * and the web imports it for that effect alone. With "sideEffects": false in domain/package.json the
 * bundler dropped that import, so the built web said 'Too small: expected number to be >=1' in the
 * requirement form; domain/package.json now names zod-setup.ts as a module with side effects.
 */
describe('the built web', () => {
  it("carries zod's Spanish messages", () => {
    ensureWebBuild();
    const dir = path.join(WEB_DIST, 'assets');
    const js = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(js).toContain('Demasiado pequeño: se esperaba que');
  });
});

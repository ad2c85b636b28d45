// @vitest-environment node
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house's import boundaries (decision 090) are enforced by eslint.config.js: these run the real
 * config on small in-memory texts linted as if they were files where the rule applies (existing paths:
 * the resolver maps `@/` through the tsconfig that includes the file; nothing is written). Type
 * information is switched off here (the boundaries are resolved paths, not types): this stays fast.
 */
// No trailing slash: with one, the resolver finds no tsconfig for the file and `@/` stays unresolved.
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const HOME_PAGE = 'web/src/features/home/pages/home-page.tsx';
const use = (name: string) => `\nexport const used = ${name};\n`;

describe('web features never import each other', () => {
  it.each([
    [
      'a relative path',
      "import { toTreeNodes } from '../../history/components/tree-nodes';" + use('toTreeNodes'),
    ],
    [
      'the @/ alias',
      "import { toTreeNodes } from '@/features/history/components/tree-nodes';" + use('toTreeNodes'),
    ],
    ['a re-export', "export { toTreeNodes } from '@/features/history/components/tree-nodes';"],
  ])('refuses another feature through %s', async (_how, code) => {
    const found = await problems(HOME_PAGE, code);
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Web features never import each other/),
    ]);
  });

  it('refuses a lazy import of another feature', async () => {
    const code = "export const load = () => import('@/features/history/pages/history-page');";
    expect(await problems(HOME_PAGE, code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Web features never import each other/),
    ]);
  });

  it('lets a feature import its own files, shared components and lib, and app/ compose features', async () => {
    const own = "import { totals } from '../components/summary-model';\nimport { PATHS } from '@/lib/paths';";
    expect(await problems(HOME_PAGE, own + use('[totals, PATHS]'))).toEqual([]);
    const app = "import { toTreeNodes } from '@/features/history/components/tree-nodes';";
    expect(await problems('web/src/app/router.tsx', app + use('toTreeNodes'))).toEqual([]);
  });
});

describe('the browser never imports server code', () => {
  it.each([
    ['web/src/lib/paths.ts', "import { loadConfig } from '../../../server/src/config';"],
    [
      'web/src/features/lists/pages/list-page.tsx',
      "import { loadConfig } from '@proveedores/server/src/config';",
    ],
  ])('refuses it from %s', async (file, line) => {
    const found = await problems(file, line + use('loadConfig'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.includes('The browser never imports server code'))).toBe(true);
  });
});

describe('domain imports only zod and its own files', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';", 'readFileSync'],
    ["import { useState } from 'react';", 'useState'],
    ["import { eq } from 'drizzle-orm';", 'eq'],
    ["import { loadConfig } from '../../server/src/config';", 'loadConfig'],
    ["import { PATHS } from '../../web/src/lib/paths';", 'PATHS'],
  ])('refuses %s', async (line, name) => {
    const found = await problems('domain/src/lists.ts', line + use(name));
    expect(found).toEqual([expect.stringContaining('domain/ imports only zod and its own files')]);
  });

  it('accepts zod and its own files', async () => {
    const code = "import { z } from 'zod';\nimport { MSG } from './messages';";
    expect(await problems('domain/src/lists.ts', code + use('[z, MSG]'))).toEqual([]);
  });
});

describe('lint options', () => {
  it('reports an eslint-disable comment that disables nothing', async () => {
    const code = '// eslint-disable-next-line no-console\nexport const n = 1;\n';
    expect(await problems('web/src/lib/text.ts', code)).toEqual([
      expect.stringContaining(
        "Unused eslint-disable directive (no problems were reported from 'no-console')",
      ),
    ]);
  });

  it('reports a hook called conditionally and a missing effect dependency in web code', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function useProbe(on: boolean, id: string) {',
      '  if (on) useState(0);',
      '  useEffect(() => console.log(id), []);',
      '}',
    ].join('\n');
    const found = await problems('web/src/lib/text.ts', code);
    expect(found).toEqual([
      expect.stringMatching(/^react-hooks\/rules-of-hooks: /),
      expect.stringMatching(/^react-hooks\/exhaustive-deps: .*'id'/),
    ]);
  });
});

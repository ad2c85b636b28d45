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

const HOME_PAGE = 'web/src/features/reporte/pages/home-page.tsx';
const use = (name: string) => `\nexport const used = ${name};\n`;

describe('a web feature reaches another only through its entry', () => {
  it.each([
    [
      'a relative path',
      "import { toTreeNodes } from '../../historial/components/tree-nodes';" + use('toTreeNodes'),
    ],
    [
      'the @/ alias',
      "import { toTreeNodes } from '@/features/historial/components/tree-nodes';" + use('toTreeNodes'),
    ],
    ['a re-export', "export { toTreeNodes } from '@/features/historial/components/tree-nodes';"],
  ])('refuses another feature through %s', async (_how, code) => {
    const found = await problems(HOME_PAGE, code);
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*imports another only through its entry/),
    ]);
  });

  it('refuses a lazy import of another feature', async () => {
    const code = "export const load = () => import('@/features/historial/pages/history-page');";
    expect(await problems(HOME_PAGE, code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*imports another only through its entry/),
    ]);
  });

  it("accepts another feature's entry, through the alias or a relative path", async () => {
    const entry =
      "import { MenuTiles } from '@/features/menu';\nimport { PendingReview } from '../../revision';";
    expect(await problems(HOME_PAGE, entry + use('[MenuTiles, PendingReview]'))).toEqual([]);
  });

  it('lets a feature import its own files, shared components and lib, and app/ compose features', async () => {
    const own = "import { totals } from '../components/summary-model';\nimport { PATHS } from '@/lib/paths';";
    expect(await problems(HOME_PAGE, own + use('[totals, PATHS]'))).toEqual([]);
    const app = "import { toTreeNodes } from '@/features/historial/components/tree-nodes';";
    expect(await problems('web/src/app/router.tsx', app + use('toTreeNodes'))).toEqual([]);
  });
});

describe('server code reaches a module only through its entry', () => {
  it.each([
    [
      'another module',
      'server/src/modules/porteria/roster.ts',
      "import { firmar } from '../credenciales/keys';",
    ],
    [
      'a folder outside modules',
      'server/src/jobs/reminders.ts',
      "import { firmar } from '../modules/credenciales/keys';",
    ],
  ])('refuses a deep import from %s', async (_from, file, line) => {
    expect(await problems(file, line + use('firmar'))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its entry/),
    ]);
  });

  it("accepts the module's entry, the module's own files, and the routes' registry", async () => {
    expect(
      await problems(
        'server/src/modules/porteria/roster.ts',
        "import { firmar } from '../credenciales';" + use('firmar'),
      ),
    ).toEqual([]);
    expect(
      await problems(
        'server/src/modules/credenciales/issue.ts',
        "import { firmar } from './keys';" + use('firmar'),
      ),
    ).toEqual([]);
    expect(
      await problems('server/src/modules/index.ts', "import r from './credenciales/routes';" + use('r')),
    ).toEqual([]);
  });
});

describe('the browser never imports server code', () => {
  it.each([
    ['web/src/lib/paths.ts', "import { loadConfig } from '../../../server/src/config';"],
    [
      'web/src/features/listas/pages/list-page.tsx',
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
    ["import { loadConfig } from '../../../server/src/config';", 'loadConfig'],
    ["import { PATHS } from '../../../web/src/lib/paths';", 'PATHS'],
  ])('refuses %s', async (line, name) => {
    const found = await problems('domain/src/listas/lists.ts', line + use(name));
    expect(found).toEqual([expect.stringContaining('domain/ imports only zod and its own files')]);
  });

  it('accepts zod and its own files', async () => {
    const code = "import { z } from 'zod';\nimport { MSG } from './messages';";
    expect(await problems('domain/src/listas/lists.ts', code + use('[z, MSG]'))).toEqual([]);
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

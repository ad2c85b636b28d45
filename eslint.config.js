// @ts-check
// One lint for every workspace (decision 090): type-aware typescript-eslint, the hooks rules for the
// web, and the house's import boundaries (same record): a web feature reaches another only through its entry, domain
// imports only zod and its own files, the browser never imports server code.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ROOT = import.meta.dirname;
const TSCONFIGS = ['domain/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'];

// Read at every run, so a new feature folder is fenced without touching this file.
const WEB_FEATURES = readdirSync(`${ROOT}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Server modules and the other folders of server/src, read the same way.
const dirsOf = (dir) =>
  readdirSync(`${ROOT}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVER_MODULES = dirsOf('server/src/modules');
const SERVER_FOLDERS = dirsOf('server/src').filter((name) => name !== 'modules');

const TS_FILES = ['**/*.{ts,tsx}'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

const NO_SERVER_IN_WEB = {
  group: ['@proveedores/server', '@proveedores/server/*'],
  message: 'The browser never imports server code: what both sides need goes to domain/.',
};
/** Files in the login route's static graph (scripts/check-budgets.mjs measures it). */
const LOGIN_ROUTE_FILES = [
  'web/src/features/login/{pages,components,api}/*.{ts,tsx}',
  'web/src/lib/{alerts,session,api-client,jwt,login-config,use-action,cipher,paths,storage-keys}.ts',
  'web/src/app/{app,providers,prime-locale,router,root-layout,require-staff,zod-browser}.{ts,tsx}',
  'web/src/main.tsx',
];

export default tseslint.config(
  { ignores: ['**/node_modules/', 'web/dist/', 'data/', 'coverage/', 'server/src/db/migrations/'] },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TS_FILES,
    languageOptions: {
      globals: { ...globals.node },
      // The four workspace tsconfigs: server's also covers bench/ and drizzle.config.ts, web's covers
      // vite.config.ts and web/scripts.
      parserOptions: { project: TSCONFIGS, tsconfigRootDir: ROOT },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Control characters in patterns are deliberate here: inputs with NUL and other controls are refused.
      'no-control-regex': 'off',
    },
  },
  {
    // Plain JavaScript (scripts/*.mjs, this file) belongs to no tsconfig: syntax rules only.
    files: JS_FILES,
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The gate's service worker (docs/decisions/124): plain JavaScript in a worker's scope.
    files: ['web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Root config files outside every tsconfig.
    files: ['vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { project: false, projectService: false } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // House boundaries resolved as real paths (relative, `@/` alias and workspace packages alike).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: TSCONFIGS.map((p) => `${ROOT}/${p}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            // A feature reaches another only through its entry, index.ts (decision 175).
            ...WEB_FEATURES.flatMap((feature) =>
              WEB_FEATURES.filter((other) => other !== feature).map((other) => ({
                target: `./web/src/features/${feature}`,
                from: `./web/src/features/${other}`,
                except: ['./index.ts'],
                message:
                  'A web feature imports another only through its entry (its index.ts): shared code goes to web/src/components or web/src/lib.',
              })),
            ),
            // A server module is reached from elsewhere in server/src only through its entry,
            // index.ts; modules/index.ts registers their routes (decision 175).
            ...SERVER_MODULES.flatMap((module) =>
              [
                ...SERVER_MODULES.filter((other) => other !== module).map(
                  (other) => `./server/src/modules/${other}`,
                ),
                ...SERVER_FOLDERS.map((folder) => `./server/src/${folder}`),
              ].map((target) => ({
                target,
                from: `./server/src/modules/${module}`,
                except: ['./index.ts'],
                message:
                  'Another module or folder imports a server module only through its entry (its index.ts).',
              })),
            ),
            {
              target: './web',
              from: './server',
              message: 'The browser never imports server code: what both sides need goes to domain/.',
            },
            {
              target: './domain',
              from: ['./server', './web', './e2e', './bench', './scripts'],
              message: 'domain/ imports only zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // domain/ depends only on zod: any bare specifier other than zod is refused (node:, react, ...).
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod(/|$))[^.]', message: 'domain/ imports only zod and its own files.' }],
        },
      ],
      // A domain function never reads the wall clock by default: the instant is an argument, the
      // server's injected clock or the browser's explicit now (decision 174).
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentPattern > NewExpression.right[callee.name='Date'][arguments.length=0]",
          message:
            'No default new Date() in domain/: take the instant as a required argument (decision 174).',
        },
        {
          selector:
            "LogicalExpression[operator='??'] > NewExpression.right[callee.name='Date'][arguments.length=0]",
          message:
            'No fallback to new Date() in domain/: take the instant as a required argument (decision 174).',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_IN_WEB] }],
    },
  },
  {
    // The login route's files use LOGIN_MSG: MSG there would put every string in the entry (decision 073).
    files: LOGIN_ROUTE_FILES,
    // The settings page's account forms live with login but load with that page, not the login route.
    ignores: [
      'web/**/*.test.{ts,tsx}',
      'web/src/features/login/components/{change-password-form,notifications-email-form}.tsx',
      'web/src/features/login/api/user-data.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_SERVER_IN_WEB],
          paths: [
            {
              name: '@proveedores/domain',
              importNames: ['MSG'],
              message: 'The login route imports LOGIN_MSG, not MSG (decision 073, login route budget).',
            },
          ],
        },
      ],
    },
  },
);

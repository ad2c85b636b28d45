#!/usr/bin/env node
/**
 * Web performance budgets of the production build (issue 8, docs/decisions/073). Run after
 * `npm run build:web`:
 *
 *   npm run budgets                 # reads web/dist/.vite/manifest.json
 *   npm run budgets -- --dist DIR   # another build folder
 *
 * Measured from Vite's manifest, gzip (Node's default level, as Vite's own report):
 *   - login route: the entry chunk and everything it imports statically, plus the whole app's module
 *     (src/main.tsx, which the entry imports for every page but the gate, docs/decisions/134) and its
 *     static imports: what the browser must download before the sign-in form works, <= 150 KB;
 *   - gate first load (docs/decisions/134): the entry, the gate's module (src/app/gate-app.tsx) and
 *     their static imports, JavaScript and CSS, <= 150 KB;
 *   - every route: its lazy chunk plus its static imports not already in the entry <= 350 KB;
 *   - exceljs and jspdf are never in the entry's static graph nor in a route's: they load on demand
 *     (when the user asks for a workbook or a PDF).
 * Prints a table; exit code 1 when a budget is exceeded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argDist = process.argv.indexOf('--dist');
const DIST = argDist > 0 ? path.resolve(process.argv[argDist + 1]) : path.join(ROOT, 'web', 'dist');
const KB = 1024;
const BUDGETS = { login: 150 * KB, gate: 150 * KB, route: 350 * KB };
const ON_DEMAND_ONLY = [/exceljs/i, /jspdf/i];

const manifestFile = path.join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `No ${path.relative(ROOT, manifestFile)}: run \`npm run build:web\` first (build.manifest must be on).`,
  );
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(DIST, file))).length);
  return gzipCache.get(file);
};
const raw = (file) => readFileSync(path.join(DIST, file)).length;

/** Manifest keys reachable through static imports, the key itself included. */
function staticGraph(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) staticGraph(k, seen);
  return seen;
}
const jsFiles = (keys) => [
  ...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))),
];
const sum = (files, f) => files.reduce((n, file) => n + f(file), 0);
const label = (key) =>
  (manifest[key].src ?? manifest[key].name ?? key).replace(/^src\//, '').replace(/^_/, '');
const onDemandLib = (key) => ON_DEMAND_ONLY.some((re) => re.test(key) || re.test(manifest[key].file));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('No entry in the manifest.');
  process.exit(1);
}
const keyOf = (src) =>
  Object.keys(manifest).find((k) => manifest[k].src === src) ??
  Object.keys(manifest).find(
    (k) => manifest[k].isDynamicEntry && manifest[k].name === path.basename(src).replace(/\.tsx?$/, ''),
  );
const union = (...graphs) => new Set(graphs.flatMap((g) => [...g]));
// The entry imports the whole app or the gate (docs/decisions/134): the login route is the entry
// with the app's module.
const appKey = keyOf('src/main.tsx');
const entryGraph = union(staticGraph(entryKey), appKey ? staticGraph(appKey) : []);
const entryFiles = jsFiles(entryGraph);
const loginGz = sum(entryFiles, gz);

const fmt = (n) => `${(n / KB).toFixed(1)} KB`;
const rows = [];
let failed = false;
const row = (what, size, budget, note = '') => {
  const ok = budget === undefined || size <= budget;
  if (!ok) failed = true;
  rows.push([
    what,
    fmt(size),
    budget === undefined ? '' : fmt(budget),
    budget === undefined ? '' : ok ? 'ok' : 'OVER',
    note,
  ]);
};

row(
  'login route (entry + static imports)',
  loginGz,
  BUDGETS.login,
  `${entryFiles.length} file(s), ${fmt(sum(entryFiles, raw))} raw`,
);
for (const f of entryFiles) row(`  ${f}`, gz(f), undefined);

// The gate's first load: JavaScript and the CSS that comes with it (both before the page works).
const gateKey = keyOf('src/app/gate-app.tsx');
if (gateKey) {
  const graph = union(staticGraph(entryKey), staticGraph(gateKey));
  const files = [
    ...new Set([...graph].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])])),
  ].filter((f) => /\.(js|css)$/.test(f));
  row(
    'gate first load (entry + gate-app, js + css)',
    sum(files, gz),
    BUDGETS.gate,
    `${files.length} file(s)`,
  );
  for (const f of files.sort((a, b) => gz(b) - gz(a)).slice(0, 6)) row(`  ${f}`, gz(f), undefined);
} else {
  row('gate first load: src/app/gate-app.tsx not in the manifest', 0, 0);
  failed = true;
}

// Routes and other lazy parts: every dynamic import reachable from the entry's graph.
const lazyKeys = new Set();
for (const k of entryGraph) for (const d of manifest[k].dynamicImports ?? []) lazyKeys.add(d);
const routes = [...lazyKeys]
  .filter((k) => !onDemandLib(k))
  .map((k) => {
    const files = jsFiles(staticGraph(k)).filter((f) => !entryFiles.includes(f));
    return { key: k, files, size: sum(files, gz) };
  })
  .sort((a, b) => b.size - a.size);
const largest = routes[0];
if (largest)
  row(
    `largest lazy chunk: ${label(largest.key)}`,
    largest.size,
    BUDGETS.route,
    `${largest.files.length} file(s)`,
  );
for (const r of routes.slice(1, 6)) row(`  next: ${label(r.key)}`, r.size, undefined);

// exceljs / jspdf: never in a static graph that loads without the user asking.
const violations = [];
for (const [name, keys] of [['entry', entryGraph], ...routes.map((r) => [label(r.key), staticGraph(r.key)])])
  for (const k of keys)
    if (onDemandLib(k)) violations.push(`${manifest[k].file} in the static graph of ${name}`);
const demandFiles = Object.keys(manifest)
  .filter((k) => onDemandLib(k) && manifest[k].isDynamicEntry && manifest[k].file.endsWith('.js'))
  .map((k) => manifest[k].file);
rows.push([
  'exceljs / jspdf only on demand',
  '',
  '',
  violations.length ? 'OVER' : 'ok',
  violations.length
    ? violations.join('; ')
    : `lazy: ${demandFiles.map((f) => `${path.basename(f)} ${fmt(gz(f))}`).join(', ') || 'not found'}`,
]);
if (violations.length) failed = true;

const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...rows.map((r) => r[i].length), ['budget', 'gzip', 'max', ''][i].length),
);
console.log(`Budgets of ${path.relative(ROOT, DIST) || DIST} (gzip)\n`);
console.log(
  `${'what'.padEnd(widths[0])}  ${'gzip'.padStart(widths[1])}  ${'budget'.padStart(widths[2])}  result`,
);
for (const r of rows)
  console.log(
    `${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padStart(widths[2])}  ${r[3].padEnd(4)}  ${r[4]}`,
  );
console.log(failed ? '\nBudgets exceeded.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);

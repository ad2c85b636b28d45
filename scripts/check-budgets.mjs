#!/usr/bin/env node
/**
 * Web performance budgets of the production build (docs/decisions/073). Run after
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
 *   - every page a contractor can open (CONTRACTOR_PAGES below, docs/decisions/146) <= 200 KB: what
 *     the router loads for it on top of the login route, i.e. the page's lazy chunk and the lazy
 *     layout chunks the router loads with it (src/app/signed-in.tsx for every signed-in page, plus
 *     src/app/require-contractor.tsx for the contractor-only ones), with all their static imports,
 *     JavaScript only, less the files already in the login route. Parts a page loads only when the
 *     user asks (a dialog, an export, a PDF, the photo tools: dynamic imports) are not counted;
 *   - every staff page (STAFF_PAGES) measured the same way <= 350 KB;
 *   - every other lazy chunk reachable from the entry (a dialog, a panel): its chunk plus its static
 *     imports not already in the login route <= 350 KB (decision 073's route measure);
 *   - every page of the router (a dynamic entry under src/features/<feature>/pages/, or any *-page.tsx) is in one of the
 *     two lists: a new page cannot escape its budget;
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
const BUDGETS = { login: 150 * KB, gate: 150 * KB, contractor: 200 * KB, staff: 350 * KB, route: 350 * KB };
/** The signed-in layout every page of the dashboard loads first, and the contractor pages' guard. */
const SIGNED_IN = 'src/app/signed-in.tsx';
const CONTRACTOR_GUARD = 'src/app/require-contractor.tsx';
/**
 * The routes a contractor can open (src/app/router.tsx): [route, page module, layouts the router
 * loads with it]. 'proveedor' is a page every signed-in user may open.
 */
const CONTRACTOR_PAGES = [
  ['home', 'src/features/reporte/pages/home-page.tsx', [SIGNED_IN]],
  ['proveedor', 'src/app/proveedor-page.tsx', [SIGNED_IN]],
  ['sg-sst', 'src/features/evidencias/pages/sg-sst-page.tsx', [SIGNED_IN, CONTRACTOR_GUARD]],
  [
    'ingreso-personal',
    'src/features/empleados/pages/ingreso-personal-page.tsx',
    [SIGNED_IN, CONTRACTOR_GUARD],
  ],
  ['gestion-riesgo', 'src/features/evidencias/pages/gestion-riesgo-page.tsx', [SIGNED_IN, CONTRACTOR_GUARD]],
  ['retenido', 'src/features/evidencias/pages/retenido-page.tsx', [SIGNED_IN, CONTRACTOR_GUARD]],
  [
    'reportesociodemografico',
    'src/features/empleados/pages/socio-report-page.tsx',
    [SIGNED_IN, CONTRACTOR_GUARD],
  ],
  ['aptitud-personal', 'src/features/aptitud/pages/aptitud-page.tsx', [SIGNED_IN, CONTRACTOR_GUARD]],
  [
    'autoevaluacion',
    'src/features/autoevaluacion/pages/autoevaluacion-page.tsx',
    [SIGNED_IN, CONTRACTOR_GUARD],
  ],
  ['cambiar-clave', 'src/features/usuarios-empresa/pages/settings-page.tsx', [SIGNED_IN]],
  ['historial', 'src/features/historial/pages/history-page.tsx', [SIGNED_IN]],
  ['list-dinamico', 'src/features/listas/pages/list-page.tsx', [SIGNED_IN]],
  ['detalle-archivo', 'src/features/evidencias/pages/file-viewer-page.tsx', [SIGNED_IN]],
];
/** Staff routes (RequireStaff in src/app/router.tsx, a static guard: no lazy layout of its own). */
const STAFF_PAGES = [
  ['revision', 'src/features/revision/pages/review-queue-page.tsx', [SIGNED_IN]],
  ['cumplimiento', 'src/features/revision/pages/compliance-page.tsx', [SIGNED_IN]],
  ['revision/autoevaluaciones', 'src/features/autoevaluacion/pages/autoevaluaciones-page.tsx', [SIGNED_IN]],
  ['personal-obra', 'src/features/aptitud/pages/obra-page.tsx', [SIGNED_IN]],
  ['admin/empresas/:id', 'src/features/empresas/pages/company-form-page.tsx', [SIGNED_IN]],
  ['admin/empresas/:id/eliminar', 'src/features/empresas/pages/company-disable-page.tsx', [SIGNED_IN]],
  ['admin/empresas/:id/contratos', 'src/features/revision/pages/company-compliance-page.tsx', [SIGNED_IN]],
  ['admin/requisitos/:id', 'src/features/catalogo/pages/requisito-form-page.tsx', [SIGNED_IN]],
  ['admin/requisitos/:id/eliminar', 'src/features/catalogo/pages/requisito-retire-page.tsx', [SIGNED_IN]],
  ['admin/maestras', 'src/features/catalogo/pages/masters-page.tsx', [SIGNED_IN]],
];
/** The gate's page has its own budget (the gate first load above), wherever the router loads it. */
const GATE_PAGES = ['src/features/porteria/pages/porteria-page.tsx'];
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

/** A check that is not a size (a module missing from the manifest, a page in no list). */
const problem = (what) => {
  failed = true;
  rows.push([what, '', '', 'FAIL', '']);
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
  problem('gate first load: src/app/gate-app.tsx not in the manifest');
}

// Pages: what the router loads for each on top of the login route (its layouts and the page).
const pageKey = (src) => keyOf(src);
const measurePage = ([route, src, layouts]) => {
  const keys = [src, ...layouts].map(pageKey);
  const missing = [src, ...layouts].filter((_, i) => !keys[i]);
  const graph = union(...keys.filter(Boolean).map((k) => staticGraph(k)));
  const files = jsFiles(graph).filter((f) => !entryFiles.includes(f));
  return { route, src, key: keys[0], missing, files, size: sum(files, gz) };
};
for (const [title, list, budget] of [
  ['contractor pages (page + layouts, less the login route)', CONTRACTOR_PAGES, BUDGETS.contractor],
  ['staff pages (page + layout, less the login route)', STAFF_PAGES, BUDGETS.staff],
]) {
  rows.push([title, '', '', '', '']);
  for (const page of list.map(measurePage).sort((a, b) => b.size - a.size)) {
    if (page.missing.length) {
      problem(`  #/${page.route}: ${page.missing.join(', ')} not in the manifest`);
      continue;
    }
    row(`  #/${page.route}`, page.size, budget, `${page.files.length} file(s)`);
  }
}
// Every page module of the build is in one of the lists.
const listed = new Set([...CONTRACTOR_PAGES, ...STAFF_PAGES].map(([, src]) => keyOf(src)));
for (const src of GATE_PAGES) listed.add(keyOf(src));
const unlisted = Object.keys(manifest).filter(
  (k) =>
    manifest[k].isDynamicEntry &&
    (/(^|\/)features\/[^/]+\/pages\/|-page\.tsx$/.test(manifest[k].src ?? '') ||
      (!manifest[k].src && /-page$/.test(manifest[k].name ?? ''))) &&
    !listed.has(k),
);
for (const k of unlisted) problem(`page ${label(k)} in no list of scripts/check-budgets.mjs`);

// Other lazy parts (dialogs, panels loaded on demand): every dynamic import reachable from the
// entry's graph that is not a page or a layout above.
const pageKeys = new Set([
  ...listed,
  keyOf(SIGNED_IN),
  keyOf(CONTRACTOR_GUARD),
  ...[...CONTRACTOR_PAGES, ...STAFF_PAGES].map(([, src]) => keyOf(src)),
]);
const lazyKeys = new Set();
const seenLazy = new Set();
const walkLazy = (keys) => {
  for (const k of keys)
    for (const d of manifest[k].dynamicImports ?? []) {
      if (seenLazy.has(d)) continue;
      seenLazy.add(d);
      lazyKeys.add(d);
      // What exceljs / jspdf load in turn (canvg, html2canvas) is theirs, on demand too.
      if (!onDemandLib(d)) walkLazy(staticGraph(d));
    }
};
walkLazy(entryGraph);
const routes = [...lazyKeys]
  .filter((k) => !onDemandLib(k) && manifest[k])
  .map((k) => {
    const files = jsFiles(staticGraph(k)).filter((f) => !entryFiles.includes(f));
    return { key: k, files, size: sum(files, gz) };
  })
  .sort((a, b) => b.size - a.size);
const others = routes.filter((r) => !pageKeys.has(r.key));
const largest = others[0];
if (largest)
  row(
    `largest other lazy chunk: ${label(largest.key)}`,
    largest.size,
    BUDGETS.route,
    `${largest.files.length} file(s)`,
  );
for (const r of others.slice(1, 4)) row(`  next: ${label(r.key)}`, r.size, undefined);

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

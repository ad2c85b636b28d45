#!/usr/bin/env node
/**
 * Lighthouse on the login page, the site gate's first load and four contractor pages (home, SG-SST,
 * Ingreso de Personal, Gestión del Riesgo; docs/decisions/074, 134), against the
 * real server (a child process on 127.0.0.1, fresh DATA_DIR, demo data) serving a production build,
 * in Debian's Chromium started with the e2e harness's flags and --remote-debugging-port. No internet
 * needed: Lighthouse talks to that Chromium over the DevTools port.
 *
 *   npm run build:web && npm run lighthouse
 *   npm run lighthouse -- --dist DIR          # another build folder
 *   npm run lighthouse -- --form desktop      # mobile | desktop | both (default both)
 *   npm run lighthouse -- --json out.json     # also write the scores and metrics as JSON
 *   npm run lighthouse -- --pages login,gestion-riesgo   # only these routes (hash segments)
 *   npm run lighthouse -- --lhr DIR           # also write each full Lighthouse report (JSON) to DIR
 *   npm run lighthouse -- --runs 5            # each page 5 times; the row is the median run
 *
 * The contractor pages are audited signed in: the script signs in over HTTP (captcha solved), picks the
 * first contract, puts the token and the contract where the web keeps them (localStorage, as
 * web/src/lib/session.ts reads them), then runs
 * Lighthouse with disableStorageReset so they survive. Prints performance, accessibility and
 * best-practices scores with the main metrics; exit 1 when Lighthouse fails to run.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The e2e harness's flags (e2e/support/browser.ts).
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ONLY = arg('--pages')?.split(',');
// Lighthouse's advice for a score that moves from run to run: several runs, report the median one
// (its computeMedianRun: the run nearest the median FCP and time to interactive).
const RUNS = Math.max(1, Number(arg('--runs', '1')) || 1);
const wanted = (route) => !ONLY || ONLY.includes(route);
const LHR_DIR = arg('--lhr') ? path.resolve(arg('--lhr')) : undefined;
if (LHR_DIR) mkdirSync(LHR_DIR, { recursive: true });
const reportsWritten = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const randomPort = () => 3400 + Math.floor(Math.random() * 600);

async function startServer(dist, dataDir) {
  const port = randomPort();
  // stdin is a pipe: the server ends when this process does, whatever happens to it.
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve', dist, String(port), dataDir], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    child.stdout.on('data', (d) => {
      if (String(d).includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function startChromium() {
  const port = randomPort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const proc = spawn(
    CHROME_PATH,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`Chromium (${CHROME_PATH}) did not open its DevTools port`);
    await sleep(200);
  }
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return {
    port,
    stop: async () => {
      proc.kill('SIGKILL');
      await exited;
      // Chromium's helpers may still be closing files in the profile for a moment.
      for (let i = 0; i < 10; i++) {
        try {
          rmSync(profile, { recursive: true, force: true });
          return;
        } catch {
          await sleep(300);
        }
      }
    },
  };
}

/** Contractor A signs in over HTTP like the browser does (captcha solved), and picks the first contract. */
async function signIn(url) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  const challenge = await (await fetch(`${url}/api/login/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${url}/api/login/authenticate?permiso=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '900123456', password: 'Demo2026!proveedor', captcha }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const { token } = await res.json();
  const contracts = await (
    await fetch(`${url}/api/contratista`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const c = contracts[0].contratos[0];
  return {
    token,
    contrato: {
      contrato: String(c.id),
      idproyecto: String(c.proyectos_id),
      proyecto: c.proyectos_descrpcion,
      tipocontrato: c.tipocontrato_descrpcion,
      actividad: c.actividad_descrpcion,
    },
  };
}

/** The demo gate user signs in by the staff route (SEED_DEMO_SITE below). */
async function signInGate(url) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  const challenge = await (await fetch(`${url}/api/login/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${url}/api/login/authenticatead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'porteria', password: 'Demo2026!porteria', captcha }),
  });
  if (!res.ok) throw new Error(`gate sign-in failed: ${res.status}`);
  return (await res.json()).token;
}

/** Writes the session where the web reads it on load (lib/session.ts: localStorage is the fallback). */
async function putSession(debugPort, url, session) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${url}/api/health`); // same origin, without running the app
  await page.evaluate(
    ({ token, contrato }) => {
      localStorage.setItem('token', token);
      for (const [k, v] of Object.entries(contrato)) localStorage.setItem(k, v);
    },
    { token: session.token, contrato: session.contrato },
  );
  await page.close();
  await browser.close(); // disconnects; Chromium keeps running
}

/**
 * Audited without a session, then signed in as contractor A on its first contract, then the site
 * gate signed in as the demo gate user (its own first load, decision 134): [label, hash route].
 */
const PUBLIC_PAGES = [['login', 'login']];
const CONTRACTOR_PAGES = [
  ['home (contractor)', 'home'],
  ['SG-SST', 'sg-sst'],
  ['Ingreso de Personal', 'ingreso-personal'],
  ['Gestión del Riesgo', 'gestion-riesgo'],
];

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
];

/** RUNS audits of a page: the median run's row (without its report), with every run's performance. */
async function audit(url, debugPort, form, disableStorageReset) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditRetrying(url, debugPort, form, disableStorageReset));
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const median = RUNS === 1 ? runs[0].lhr : computeMedianRun(runs.map((r) => r.lhr));
  const row = runs.find((r) => r.lhr === median);
  const performances = runs.map((r) => r.performance);
  for (const r of runs) delete r.lhr; // the reports are large and written already (--lhr)
  return RUNS === 1 ? row : { ...row, runs: performances };
}

/** Lighthouse sometimes loses the trace of a run (NO_NAVSTART, NO_FCP on a busy machine): try again. */
async function auditRetrying(url, debugPort, form, disableStorageReset) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, debugPort, form, disableStorageReset);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(
        `  ${url} (${form}): ${err instanceof Error ? err.message.split('.')[0] : err}; running it again`,
      );
    }
  }
}

async function auditOnce(url, debugPort, form, disableStorageReset) {
  const { default: lighthouse } = await import('lighthouse');
  const config =
    form === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    url,
    {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset,
    },
    config,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (LHR_DIR) {
    const page = new URL(url).hash.replace(/^#\//, '').replace(/\W+/g, '-') || 'root';
    // With --runs, one report per run: <page>-<form>-<n>.json.
    const n = (reportsWritten.get(`${page}-${form}`) ?? 0) + 1;
    reportsWritten.set(`${page}-${form}`, n);
    const name = `${page}-${form}${RUNS > 1 ? `-${n}` : ''}.json`;
    writeFileSync(path.join(LHR_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id) =>
    lhr.categories[id].score === null ? NaN : Math.round(lhr.categories[id].score * 100);
  const scriptBytes =
    lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')?.transferSize ??
    NaN;
  const failing = Object.values(lhr.categories)
    .flatMap((cat) => cat.auditRefs.map((r) => lhr.audits[r.id]))
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => a.id);
  return {
    lhr,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metrics: Object.fromEntries(METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? ''])),
    scriptKB: scriptBytes / 1024,
    failing,
    // What stands behind the failing audits: the first items of each (selectors, issue types, shifts).
    details: Object.fromEntries(
      failing.map((id) => [
        id,
        (lhr.audits[id].details?.items ?? [])
          .slice(0, 3)
          .map(
            (i) =>
              i.node?.snippet ??
              i.node?.selector ??
              (i.issueType ? `${i.issueType}: ${JSON.stringify(i.subItems?.items?.[0] ?? {})}` : '') ??
              i.url ??
              i.source?.url ??
              '',
          )
          .filter(Boolean),
      ]),
    ),
    warnings: lhr.runWarnings,
    // Lighthouse's own measure of the machine's CPU (higher is faster): the simulated 4x slowdown
    // multiplies what this machine does, so scores of two machines compare only with it.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

async function main() {
  const dist = path.resolve(arg('--dist', path.join(ROOT, 'web', 'dist')));
  const forms = arg('--form', 'both') === 'both' ? ['mobile', 'desktop'] : [arg('--form')];
  const jsonOut = arg('--json');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-data-'));
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(
    `lighthouse: build ${path.relative(ROOT, dist) || dist}, Chromium ${CHROME_PATH}, load average ${load()}`,
  );
  let server;
  let chrome;
  const rows = [];
  let failed = false;
  try {
    server = await startServer(dist, dataDir);
    chrome = await startChromium();
    const session = await signIn(server.url);
    // Without a session (Lighthouse's storage reset): the login page.
    for (const [page, route] of PUBLIC_PAGES.filter(([, r]) => wanted(r)))
      for (const form of forms)
        rows.push({
          page,
          route,
          form,
          ...(await audit(`${server.url}/#/${route}`, chrome.port, form, false)),
        });
    await putSession(chrome.port, server.url, session);
    for (const [page, route] of CONTRACTOR_PAGES.filter(([, r]) => wanted(r)))
      for (const form of forms)
        rows.push({
          page,
          route,
          form,
          ...(await audit(`${server.url}/#/${route}`, chrome.port, form, true)),
        });
    // The gate as a guard's phone opens it: signed in as the gate user, only the gate app loads.
    if (wanted('porteria'))
      await putSession(chrome.port, server.url, { token: await signInGate(server.url), contrato: {} });
    for (const form of wanted('porteria') ? forms : [])
      rows.push({
        page: 'gate (porteria)',
        route: 'porteria',
        form,
        ...(await audit(`${server.url}/#/porteria`, chrome.port, form, true)),
      });
  } catch (err) {
    failed = true;
    console.error('lighthouse: could not run:', err instanceof Error ? err.stack : err);
  } finally {
    await server?.stop();
    await chrome?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (rows.length) {
    console.log(
      `\n${'page'.padEnd(20)} ${'form'.padEnd(8)} perf  a11y  best   ${METRICS.map(([, s]) => s.padEnd(8)).join(' ')} JS transfer` +
        (RUNS > 1 ? `  performance of the ${RUNS} runs` : ''),
    );
    for (const r of rows)
      console.log(
        `${r.page.padEnd(20)} ${r.form.padEnd(8)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}   ` +
          `${METRICS.map(([, s]) => String(r.metrics[s]).padEnd(8)).join(' ')} ${r.scriptKB.toFixed(1).padStart(7)} KB` +
          (r.runs ? `  ${r.runs.join(', ')}` : ''),
      );
    for (const r of rows) {
      if (!r.finalUrl.includes(`#/${r.route}`))
        console.log(`\nnote: ${r.page} (${r.form}) ended on ${r.finalUrl}`);
      if (r.failing.length) console.log(`\n${r.page} (${r.form}) audits under 90: ${r.failing.join(', ')}`);
      for (const w of r.warnings) console.log(`${r.page} (${r.form}) warning: ${w}`);
    }
    const indexes = rows.map((r) => r.benchmarkIndex).filter(Number.isFinite);
    if (indexes.length)
      console.log(
        `\nLighthouse benchmark index of this machine (higher is a faster CPU): ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}`,
      );
    console.log(`\nload average after: ${load()}`);
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
  }
  process.exit(failed ? 1 : 0);
}

// ---------- entry: the parent, or (child mode) the server ----------
if (process.argv[2] === '--serve') {
  const [dist, port, dataDir] = process.argv.slice(3);
  const { loadConfig } = await import('../server/src/config.ts');
  const { buildApp } = await import('../server/src/app.ts');
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SEED_DEMO_SITE: 'true',
      CAPTCHA_MAX_NUMBER: '1000',
    },
    { dataDir, webDist: dist },
  );
  const app = await buildApp(config);
  const close = () => {
    setTimeout(() => process.exit(1), 5_000).unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', close);
  process.stdin.on('close', close); // the parent is gone
  process.stdin.resume();
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  process.stdout.write('READY\n');
} else {
  await main();
}

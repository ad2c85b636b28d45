#!/usr/bin/env node
/**
 * npm run guide: builds the user guide PDF offered on the login screen
 * (web/public/guia-usuario-proveedores.pdf) from its source text, docs/guia-usuario/guia.md
 * (docs/decisions/169). It starts the portal (buildApp, its own web build) on a throwaway
 * DATA_DIR and a free port with the demo data, signs in with the demo accounts in Debian's
 * Chromium (playwright-core, never a downloaded browser), takes the screenshots the source names
 * (1366 px wide; the gate at 360 px), stops the portal, and lays the PDF out with jsPDF: title page,
 * table of contents, numbered chapters and sections, the screenshots as JPEG with their captions,
 * page numbers.
 *
 *   npm run guide                          # capture and write web/public/guia-usuario-proveedores.pdf
 *   npm run guide -- --out /tmp/guia.pdf   # another output file
 *   npm run guide -- --shots DIR           # keep the screenshots in DIR (made if missing)...
 *   npm run guide -- --shots DIR --layout-only   # ...and lay out again from them, no portal started
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GUIDE_PDF, parseGuide, ROOT } from './user-guide-source.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const OUT = path.resolve(arg('--out') ?? GUIDE_PDF);
const LAYOUT_ONLY = process.argv.includes('--layout-only');
const SHOTS_ARG = arg('--shots');
const SHOTS_DIR = SHOTS_ARG ? path.resolve(SHOTS_ARG) : mkdtempSync(path.join(tmpdir(), 'guia-shots-'));
mkdirSync(SHOTS_DIR, { recursive: true });

const guide = parseGuide();
const wanted = guide.chapters.flatMap((c) => c.blocks.filter((b) => b.type === 'img').map((b) => b.shot));

/**
 * The portal (buildApp, as server/src/main.ts runs it) on 127.0.0.1 and a free port, with a
 * throwaway DATA_DIR, serving a web build of its own (e2e/support/web-build.ts with E2E_WEB_DIST,
 * rebuilt only when older than its sources) so that another build of web/dist cannot empty the
 * folder under it mid-walk.
 */
async function startPortal() {
  process.env.E2E_WEB_DIST ??= path.join(tmpdir(), 'proveedores-guia-web');
  const { ensureWebBuild, WEB_DIST } = await import('../e2e/support/web-build.ts');
  console.log(`Aplicación web: ${WEB_DIST}`);
  ensureWebBuild();
  const { loadConfig } = await import('../server/src/config.ts');
  const { buildApp } = await import('../server/src/app.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guia-data-'));
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DB_ENGINE: 'pglite',
      SEED_DEMO: 'true',
      SEED_DEMO_SITE: 'true',
      CAPTCHA_MAX_NUMBER: '2000',
      LOG_LEVEL: 'warn',
    },
    { webDist: WEB_DIST },
  );
  let app;
  try {
    app = await buildApp(config, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { port } = app.server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function capture() {
  // The portal's TypeScript (server, domain, e2e/support) runs through tsx, as scripts/start.mjs does.
  const { register } = await import('tsx/esm/api');
  register();
  const { captureShots } = await import('./user-guide-capture.mjs');
  const portal = await startPortal();
  const stopOnSignal = () => void portal.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    await captureShots(portal.url, SHOTS_DIR, wanted);
  } finally {
    await portal.stop();
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }
}

if (!LAYOUT_ONLY) await capture();
const missing = wanted.filter((id) => !existsSync(path.join(SHOTS_DIR, `${id}.jpg`)));
if (missing.length) throw new Error(`missing screenshots in ${SHOTS_DIR}: ${missing.join(', ')}`);
const { layoutGuide } = await import('./user-guide-layout.mjs');
const pdf = layoutGuide(guide, (id) => readFileSync(path.join(SHOTS_DIR, `${id}.jpg`)));
writeFileSync(OUT, pdf);
if (!SHOTS_ARG) rmSync(SHOTS_DIR, { recursive: true, force: true });
const mb = (statSync(OUT).size / 1024 / 1024).toFixed(2);
console.log(`Guía de usuario: ${path.relative(ROOT, OUT) || OUT} (${mb} MB, ${wanted.length} capturas)`);
// The portal's modules leave handles open (the database engine, tsx): the work is done, so end.
process.exit(0);

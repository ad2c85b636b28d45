import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * web/dist, or E2E_WEB_DIST: a private build folder, so that test runs of several people working in
 * one checkout do not rebuild (and empty) the same folder under each other's running servers.
 */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(ROOT, 'web/dist');

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/**
 * The tests serve web/dist as `npm start` does. It is built here only when missing or older than
 * its sources (web/src, web/public, web/index.html, domain/src), so a stale bundle is never tested.
 */
export function ensureWebBuild(): void {
  const index = path.join(WEB_DIST, 'index.html');
  const sources = Math.max(
    newest(path.join(ROOT, 'web/src')),
    newest(path.join(ROOT, 'web/public')),
    newest(path.join(ROOT, 'web/index.html')),
    newest(path.join(ROOT, 'domain/src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const outDir = process.env.E2E_WEB_DIST ? ` -- --outDir ${JSON.stringify(WEB_DIST)} --emptyOutDir` : '';
  execSync(`npm run build -w web${outDir}`, { cwd: ROOT, stdio: 'ignore' });
}

// npm start: build the web app when its build is missing or older than its sources, then run the
// server (TypeScript through tsx, in this same process so signals reach it directly).
// On Linux the allocator's settings and V8's heap flags must be in the environment when the process
// starts (server/src/server-env.mjs, decisions 151 and 155): when they are missing, this script first
// runs itself once more with them, before building anything, and only forwards signals and the exit
// code.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rerunWithServerEnv } from '../server/src/server-env.mjs';

if (rerunWithServerEnv()) await new Promise(() => {}); // the second process does the rest

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist/index.html');

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const sources = Math.max(
  newest(path.join(root, 'web/src')),
  newest(path.join(root, 'domain/src')),
  statSync(path.join(root, 'web/index.html')).mtimeMs,
);
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Construyendo la aplicación web (web/dist)...');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server/src/main.ts'));

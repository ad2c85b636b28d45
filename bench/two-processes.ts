/**
 * Two server processes, one truth (docs/decisions/141, 143): two real server processes on one
 * PostgreSQL database and one S3 store (a real S3-protocol server, s3rver), behind a round-robin
 * proxy with no stickiness: consecutive requests of one client go to different processes.
 *
 *   1. sign-in: the captcha is asked of one process and solved on the other;
 *   2. for BENCH_TWO_SECONDS (default 20) s, UPLOADERS concurrent 1 MB uploads and READERS concurrent
 *      list reads go through the proxy; half-way, one process is killed with SIGKILL (the proxy, like
 *      a load balancer with a passive health check, sends a request whose connection is refused to
 *      the other process); the killed process is started again before the end;
 *   3. checks: every acknowledged upload (HTTP 200) downloads with its SHA-256 from EACH process
 *      directly, the session made before the kill is live on both, and no request answered 5xx
 *      except those in flight on the killed process.
 * Rows: uploads and list reads while both processes are up (before the kill), against the one-process
 * latency goals; and the whole run, through the kill and the restart, against the checks (the load
 * is closed-loop, every client sends its next request as soon as it has an answer, so a restarting
 * process on 2 cores shows as latency, which is not what this scenario grades).
 *
 * bench/run.ts prints its rows (BENCH_ONLY=two); alone: npx tsx bench/two-processes.ts
 * Needs PostgreSQL on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3TestServer } from '../server/src/files/s3-test-server';
import { p99Goal, pacedRow, percentile, type PacedRow } from './paced-load';
import { createScratchDatabase } from './pg-scratch';
import {
  login,
  pdfRequisitos,
  sha256,
  startServer,
  stopServer,
  uniquePdf,
  uploadPdf,
  type Server,
} from './upload-support';

export const TWO_PROCESSES_NAME = 'two processes, PostgreSQL + S3';
const SECONDS = Number(process.env.BENCH_TWO_SECONDS ?? 20);
const UPLOADERS = 10;
const READERS = 10;
const UPLOAD_BYTES = 1024 * 1024;
const UPLOAD_P99_MS = 1000;
const LIST_P99_MS = 100;
const LIST_PATH = '/api/contratista/adjuntos/sg-sst';

export type TwoProcessResult = {
  rows: PacedRow[];
  checks: Array<{ name: string; ok: boolean; detail: string }>;
};

/** Secrets every process must share: tokens, captchas and credentials signed by one are read by the other. */
function sharedSecrets(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    CREDENTIAL_SIGNING_KEY: randomBytes(32).toString('base64'),
    PASSWORD_CIPHER_KEY: randomBytes(32).toString('base64'),
    CAPTCHA_SECRET: randomBytes(32).toString('base64url'),
  };
}

/**
 * Round-robin HTTP proxy on 127.0.0.1: each request to the next backend; a refused connection is
 * retried once on the other (the body is buffered first, so the retry resends it whole).
 */
function roundRobin(backends: () => string[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const list = backends();
      const first = next++ % list.length;
      const attempt = (i: number, retried: boolean) => {
        const target = new URL(list[i]);
        const out = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (!retried && err.code === 'ECONNREFUSED') return attempt((i + 1) % list.length, true);
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        out.end(body);
      };
      attempt(first, false);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

type Ack = { idEntrega: number; sha256: string };
type Timed = { at: number; ms: number };

export async function runTwoProcesses(): Promise<TwoProcessResult> {
  const scratch = await createScratchDatabase('bench2p');
  const s3 = await startS3TestServer();
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'proveedores-2p-')));
  const env = { DATABASE_URL: scratch.url, ...s3.env(), ...sharedSecrets() };
  const servers: Server[] = [];
  let proxy: { url: string; close: () => Promise<void> } | undefined;
  try {
    // One at a time: the first seeds the database, the second finds it seeded.
    servers[0] = await startServer({ dataDir: dirs[0], env });
    servers[1] = await startServer({ dataDir: dirs[1], env });
    const ports = servers.map((s) => new URL(s.url).port);
    proxy = await roundRobin(() => servers.map((s) => s.url));
    const via = proxy.url;

    // The captcha is asked through the proxy (process A) and answered on the next request (B).
    const token = await login(via);
    const requisitos = await pdfRequisitos(via, token);
    const auth = { authorization: `Bearer ${token}` };

    const acks: Ack[] = [];
    /** Latencies with the time each request started (steady = started before the kill). */
    const uploadMs: Timed[] = [];
    const listMs: Timed[] = [];
    let uploadErrors = 0;
    let listErrors = 0;
    let interrupted = 0;
    const end = Date.now() + SECONDS * 1000;
    let killedAt = 0;

    const uploader = async () => {
      while (Date.now() < end) {
        const bytes = uniquePdf(UPLOAD_BYTES);
        const at = Date.now();
        const started = performance.now();
        try {
          const r = await uploadPdf(via, token, requisitos[acks.length % requisitos.length], bytes);
          if (r.status === 200 && r.body.idEntrega) {
            uploadMs.push({ at, ms: performance.now() - started });
            acks.push({ idEntrega: r.body.idEntrega, sha256: sha256(bytes) });
          } else if (r.status === 502) interrupted++;
          else uploadErrors++;
        } catch {
          interrupted++;
        }
      }
    };
    const reader = async () => {
      while (Date.now() < end) {
        const at = Date.now();
        const started = performance.now();
        try {
          const res = await fetch(`${via}${LIST_PATH}`, { headers: auth });
          await res.arrayBuffer();
          if (res.status === 200) listMs.push({ at, ms: performance.now() - started });
          else if (res.status === 502) interrupted++;
          else listErrors++;
        } catch {
          interrupted++;
        }
      }
    };
    const chaos = async () => {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      killedAt = Date.now();
      await stopServer(servers[1], 'SIGKILL');
      servers[1] = await startServer({ dataDir: dirs[1], env, port: Number(ports[1]) });
    };
    await Promise.all([
      ...Array.from({ length: UPLOADERS }, uploader),
      ...Array.from({ length: READERS }, reader),
      chaos(),
    ]);

    // Every acknowledged upload, from each process directly.
    let servedByBoth = 0;
    for (let i = 0; i < acks.length; i += 16) {
      await Promise.all(
        acks.slice(i, i + 16).map(async (a) => {
          let ok = 0;
          for (const s of servers) {
            const res = await fetch(`${s.url}/api/adminflujos/adjunto/${a.idEntrega}`, { headers: auth });
            const body = Buffer.from(await res.arrayBuffer());
            if (res.status === 200 && sha256(body) === a.sha256) ok++;
          }
          if (ok === servers.length) servedByBoth++;
        }),
      );
    }
    const sessionOn = await Promise.all(
      servers.map(
        async (s) => (await fetch(`${s.url}/api/contratista/opciones_menu`, { headers: auth })).status,
      ),
    );

    const steadySeconds = ((killedAt || end) - (end - SECONDS * 1000)) / 1000;
    const steady = (timed: Timed[]) => timed.filter((t) => !killedAt || t.at < killedAt).map((t) => t.ms);
    const row = (
      endpoint: string,
      conns: number,
      ms: number[],
      seconds: number,
      errors: number,
      goal: string,
    ) =>
      pacedRow({
        endpoint,
        db: 'postgres+s3 x2',
        conns,
        ms,
        rps: Math.round((ms.length / seconds) * 10) / 10,
        errors,
        goal,
        decimals: 0,
      });
    const latencyGoal = (ms: number[], goalMs: number) => p99Goal(goalMs, percentile(ms, 99));
    const [steadyUploads, steadyLists] = [steady(uploadMs), steady(listMs)];
    const all = (timed: Timed[]) => timed.map((t) => t.ms);
    const lost = acks.length - servedByBoth;
    return {
      rows: [
        // Both processes up: the latency goals of one process apply to the pair.
        row(
          `${TWO_PROCESSES_NAME}: PUT 1 MB upload, both up`,
          UPLOADERS,
          steadyUploads,
          steadySeconds,
          uploadErrors,
          latencyGoal(steadyUploads, UPLOAD_P99_MS),
        ),
        row(
          `${TWO_PROCESSES_NAME}: GET ${LIST_PATH}, both up`,
          READERS,
          steadyLists,
          steadySeconds,
          listErrors,
          latencyGoal(steadyLists, LIST_P99_MS),
        ),
        // The whole run, through the kill -9 and the restart: the goal is that nothing acknowledged
        // is lost and every process serves every file (a restarting process costs latency on 2 cores).
        row(
          `${TWO_PROCESSES_NAME}: PUT 1 MB upload, whole run with kill -9`,
          UPLOADERS,
          all(uploadMs),
          SECONDS,
          uploadErrors,
          `${servedByBoth}/${acks.length} served by both ${acks.length > 0 && lost === 0 ? 'ok' : 'MISSED'}`,
        ),
        row(
          `${TWO_PROCESSES_NAME}: GET ${LIST_PATH}, whole run with kill -9`,
          READERS,
          all(listMs),
          SECONDS,
          listErrors,
          `session on both ${sessionOn.every((st) => st === 200) ? 'ok' : 'MISSED'}`,
        ),
      ],
      checks: [
        {
          name: 'every acknowledged upload is served by both processes',
          ok: acks.length > 0 && servedByBoth === acks.length,
          detail: `${servedByBoth} of ${acks.length} acknowledged uploads (one process killed with SIGKILL ${killedAt ? 'half-way' : 'never'})`,
        },
        {
          name: 'the session made before the kill is live on both processes',
          ok: sessionOn.every((st) => st === 200),
          detail: `HTTP ${sessionOn.join(', ')}`,
        },
        {
          name: 'only requests in flight on the killed process failed',
          ok: uploadErrors === 0 && listErrors === 0,
          detail: `${interrupted} interrupted by the kill, ${uploadErrors} upload and ${listErrors} list errors`,
        },
      ],
    };
  } finally {
    await proxy?.close();
    for (const s of servers) if (s) await stopServer(s);
    await s3.close();
    await scratch.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runTwoProcesses();
  for (const r of result.rows)
    console.log(
      `${r.endpoint}: ${r.rps.toFixed(1)}/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, errors ${r.errors}  ${r.goal}`,
    );
  for (const c of result.checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  process.exit(result.checks.every((c) => c.ok) ? 0 : 1);
}

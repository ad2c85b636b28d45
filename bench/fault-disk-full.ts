/**
 * Fault script (docs/decisions/071): disk full during uploads.
 *
 * The blob store folder DATA_DIR/files is a small tmpfs (8 MB by default); the embedded database
 * stays on the normal disk. That is the realistic split: the files are what grows (5 MB each at
 * most), the rows are small, and operators put DATA_DIR/files on its own volume when it is large.
 * (A database that cannot write is a different fault: PostgreSQL and PGlite stop accepting writes,
 * which the PostgreSQL restart script covers from the client side.)
 *
 * Several uploaders send unique PDFs until the tmpfs is full, then keep trying. Checks:
 *   - a full disk answers 503 with the Spanish message MSG.evidenceStorageFull and a request id
 *     (never a 500, never a hang);
 *   - no temp file is left in DATA_DIR/files/tmp, and every blob on disk is complete (its name is
 *     its SHA-256) and acknowledged;
 *   - every acknowledged upload downloads with its hash;
 *   - while full: the list, the health check and a comment-only submission (no file) still work;
 *   - after the volume grows (remount), uploads work again without a restart;
 *   - after a restart (startup sweep) nothing is left in tmp and every acknowledged file is served.
 * Needs root (mount). Exit 1 on a failed check, 2 when tmpfs cannot be mounted here.
 *
 *   npx tsx bench/fault-disk-full.ts [sizeMB=8] [uploaders=4]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@proveedores/domain';
import {
  login,
  pdfRequisitos,
  percentile,
  sha256,
  startServer,
  stopServer,
  uniquePdf,
  type Server,
  reportChecksAndExit,
} from './upload-support';
import { checkRecorder, loadAverage, printLogTail } from './fault-support';

const SIZE_MB = Number(process.argv[2] ?? 8);
const UPLOADERS = Number(process.argv[3] ?? 4);
const HANG_MS = 15_000;

type Result = { status: number; ms: number; body: Record<string, unknown> };

async function put(server: Server, token: string, url: string, payload: unknown): Promise<Result> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${server.url}${url}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(HANG_MS),
    });
    return {
      status: res.status,
      ms: performance.now() - t0,
      body: (await res.json()) as Record<string, unknown>,
    };
  } catch (err) {
    return { status: (err as Error).name === 'TimeoutError' ? 0 : -1, ms: performance.now() - t0, body: {} };
  }
}

const uploadBody = (bytes: Buffer) => ({
  adjunto: {
    adjunto: bytes.toString('base64'),
    nombreArchivo: `lleno-${sha256(bytes).slice(0, 8)}.pdf`,
    extension: 'pdf',
  },
});

function listFiles(dir: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

async function get(server: Server, token: string, url: string) {
  const res = await fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(HANG_MS),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-disk-'));
  const filesDir = path.join(dataDir, 'files');
  mkdirSync(filesDir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m`, 'tmpfs', filesDir], { stdio: 'pipe' });
  } catch (err) {
    console.error(
      `fault-disk-full: cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]}). ` +
        'Run as root on Linux; the 503 path is also covered by server/src/modules/evidencias/disk-full.test.ts.',
    );
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(2);
  }
  const log = path.join(dataDir, 'server.log');
  console.log(
    `fault-disk-full: DATA_DIR ${dataDir}, files on a ${SIZE_MB} MB tmpfs, ${UPLOADERS} uploaders, load average ${loadAverage()}`,
  );

  let server: Server | undefined;
  let failed = false;
  const { checks, check, failed: checkFailed } = checkRecorder();
  try {
    server = await startServer({ dataDir, log });
    const token = await login(server.url);
    const requisitos = await pdfRequisitos(server.url, token);

    // Fill the volume: unique PDFs of 300-900 KB until every uploader has seen the disk full 5 times.
    const acks = new Map<string, number>(); // sha256 -> idEntrega
    const results: Result[] = [];
    let fullSeen = 0;
    const uploader = async (n: number) => {
      let mine = 0;
      for (let i = 0; mine < 5 && i < 200; i++) {
        const bytes = uniquePdf(300_000 + Math.floor(Math.random() * 600_000));
        const req = requisitos[(n + i) % requisitos.length];
        const r = await put(server!, token, `/api/contratista/adjuntos/sg-sst/${req}`, uploadBody(bytes));
        results.push(r);
        if (r.status === 200 && r.body.sha256 === sha256(bytes))
          acks.set(sha256(bytes), Number(r.body.idEntrega));
        if (r.status === 503) {
          mine++;
          fullSeen++;
        }
      }
    };
    await Promise.all(Array.from({ length: UPLOADERS }, (_, n) => uploader(n)));
    const full = results.filter((r) => r.status === 503);
    const other = results.filter((r) => r.status !== 200 && r.status !== 503);
    const statusCounts = Object.entries(
      results.reduce<Record<string, number>>((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {}),
    )
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    const df = execFileSync('df', ['-k', filesDir], { encoding: 'utf8' }).split('\n')[1].split(/\s+/);
    console.log(`\nuploads: ${results.length} (${statusCounts}); volume used ${df[2]} KB of ${df[1]} KB`);
    const ms = (xs: Result[]) =>
      `p50 ${percentile(
        xs.map((r) => r.ms),
        50,
      ).toFixed(0)} ms, p99 ${percentile(
        xs.map((r) => r.ms),
        99,
      ).toFixed(0)} ms, max ${Math.max(0, ...xs.map((r) => r.ms)).toFixed(0)} ms`;
    console.log(`  200: ${ms(results.filter((r) => r.status === 200))}`);
    console.log(`  503: ${ms(full)}\n`);

    check(
      'disk filled (503 seen)',
      fullSeen > 0,
      `${full.length} refusals after ${acks.size} stored uploads`,
    );
    check(
      '503 carries the Spanish message and a request id',
      full.every((r) => r.body.message === MSG.evidenceStorageFull && typeof r.body.requestId === 'string'),
      String(full[0]?.body.message ?? ''),
    );
    check(
      'no other failure (no 500, no hang)',
      other.length === 0,
      `${other.length} (${other.map((r) => r.status).join(',')})`,
    );
    check(
      'refusals are fast (< 2 s)',
      full.every((r) => r.ms < 2000),
      ms(full),
    );

    // The store: no temp leftovers, every blob complete and acknowledged.
    const tmpLeft = listFiles(path.join(filesDir, 'tmp'));
    check('no temp file left', tmpLeft.length === 0, `${tmpLeft.length} in files/tmp`);
    const blobs = listFiles(filesDir).filter((f) => !f.startsWith(path.join(filesDir, 'tmp') + path.sep));
    const partial = blobs.filter(
      (f) => createHash('sha256').update(readFileSync(f)).digest('hex') !== path.basename(f),
    );
    const unacked = blobs.filter((f) => !acks.has(path.basename(f)));
    check(
      'every blob complete (name = SHA-256)',
      partial.length === 0,
      `${blobs.length} blobs, ${partial.length} partial`,
    );
    check(
      'every blob acknowledged',
      blobs.length === acks.size && unacked.length === 0,
      `${blobs.length} blobs for ${acks.size} acknowledged uploads, ${unacked.length} stored without a 200`,
    );

    // Still serving while full.
    const list = await get(server, token, '/api/contratista/adjuntos/sg-sst');
    const health = await fetch(`${server.url}/api/health`);
    check('list 200 while full', list.status === 200, `HTTP ${list.status}`);
    check('health 200 while full', health.status === 200, `HTTP ${health.status}`);
    const comment = await put(server, token, `/api/contratista/adjuntos/sg-sst/${requisitos[0]}`, {
      detalle: 'Comentario mientras el disco está lleno',
    });
    check('comment-only submission while full', comment.status === 200, `HTTP ${comment.status}`);

    let served = 0;
    for (const [h, id] of acks) {
      const r = await get(server, token, `/api/adminflujos/adjunto/${id}`);
      if (r.status === 200 && sha256(r.bytes) === h) served++;
    }
    check('every acknowledged upload served with its hash', served === acks.size, `${served}/${acks.size}`);

    // More room, no restart: uploads work again.
    execFileSync('mount', ['-o', `remount,size=${SIZE_MB * 2}m`, filesDir]);
    const again = await put(
      server,
      token,
      `/api/contratista/adjuntos/sg-sst/${requisitos[0]}`,
      uploadBody(uniquePdf(500_000)),
    );
    check('uploads work again after the volume grows', again.status === 200, `HTTP ${again.status}`);

    // Restart: the sweep runs; nothing in tmp; everything still served.
    await stopServer(server);
    server = await startServer({ dataDir, log });
    const token2 = await login(server.url);
    let servedAfter = 0;
    for (const [h, id] of acks) {
      const r = await get(server, token2, `/api/adminflujos/adjunto/${id}`);
      if (r.status === 200 && sha256(r.bytes) === h) servedAfter++;
    }
    check('after restart: tmp empty', listFiles(path.join(filesDir, 'tmp')).length === 0, 'startup sweep');
    check(
      'after restart: every acknowledged upload served',
      servedAfter === acks.size,
      `${servedAfter}/${acks.size}`,
    );
  } catch (err) {
    failed = true;
    console.error('fault-disk-full: error:', err);
  } finally {
    if (server) await stopServer(server);
    try {
      execFileSync('umount', [filesDir]);
    } catch (err) {
      console.error(`umount ${filesDir} failed: ${(err as Error).message}`);
    }
    if (failed || checkFailed()) printLogTail(log);
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportChecksAndExit(checks, failed);
}

void main();

/**
 * Fault script (docs/decisions/030): kill -9 the real server during concurrent uploads, many
 * rounds, on one embedded-PGlite DATA_DIR. After every crash:
 *   - the restarted server serves every acknowledged (HTTP 200) upload with the right SHA-256;
 *   - every archivos row reachable from entregas has its blob on disk with the right size and hash
 *     (checked by opening the database directly on even rounds, so odd rounds leave crash recovery
 *     to the server itself).
 * Exit code 1 when anything acknowledged is lost or any row lacks its file.
 *
 *   npx tsx bench/fault-kill-uploads.ts [rounds=20] [concurrency=8]
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, query } from '../server/src/db/client';
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

const ROUNDS = Number(process.argv[2] ?? 20);
const CONCURRENCY = Number(process.argv[3] ?? 8);

type Ack = { idEntrega: number; sha256: string; round: number };

const totals = {
  attempted: 0,
  acknowledged: 0,
  interrupted: 0,
  refused: 0,
  verifiedHttp: 0,
  lostAck: 0,
  rowsChecked: 0,
  rowsWithoutFile: 0,
  hashMismatch: 0,
  committedUnacked: 0,
};

function blobFile(dataDir: string, h: string) {
  return path.join(dataDir, 'files', h.slice(0, 2), h.slice(2, 4), h);
}

function countDir(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce(
    (n, name) => n + (statSync(path.join(dir, name)).isDirectory() ? countDir(path.join(dir, name)) : 1),
    0,
  );
}

/** Opens the data folder directly (the server is dead) and checks every row against the disk. */
async function checkDatabase(
  dataDir: string,
  acks: Ack[],
): Promise<{ rows: number; missing: number; mismatch: number; committedUnacked: number }> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await query<{ id: number; sha256: string; tamano: number }>(
      database.db,
      sql`SELECT e.id, a.sha256, a.tamano FROM entregas e JOIN archivos a ON a.id = e.archivo_id
          UNION ALL SELECT -x.id, a.sha256, a.tamano FROM anexos x JOIN archivos a ON a.id = x.archivo_id`,
    );
    let missing = 0;
    let mismatch = 0;
    const state = new Map<string, 'ok' | 'missing' | 'mismatch'>();
    for (const r of rows) {
      let st = state.get(r.sha256);
      if (!st) {
        const file = blobFile(dataDir, r.sha256);
        if (!existsSync(file)) st = 'missing';
        else {
          const bytes = readFileSync(file);
          st = bytes.length === Number(r.tamano) && sha256(bytes) === r.sha256 ? 'ok' : 'mismatch';
        }
        state.set(r.sha256, st);
      }
      if (st === 'missing') missing++;
      if (st === 'mismatch') mismatch++;
    }
    const byId = new Map(rows.map((r) => [Number(r.id), r.sha256]));
    for (const a of acks) if (byId.get(a.idEntrega) !== a.sha256) totals.lostAck++;
    const ackIds = new Set(acks.map((a) => a.idEntrega));
    const committedUnacked = rows.filter((r) => Number(r.id) > 0 && !ackIds.has(Number(r.id))).length;
    return { rows: rows.length, missing, mismatch, committedUnacked };
  } finally {
    await database.close();
  }
}

/** Every acknowledged upload must download with its hash from the restarted server. */
async function verifyOverHttp(server: Server, token: string, acks: Ack[]): Promise<number> {
  let ok = 0;
  for (let i = 0; i < acks.length; i += 16) {
    await Promise.all(
      acks.slice(i, i + 16).map(async (a) => {
        const res = await fetch(`${server.url}/api/adminflujos/adjunto/${a.idEntrega}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status === 200 && sha256(body) === a.sha256) ok++;
        else {
          totals.lostAck++;
          console.error(`  LOST: entrega ${a.idEntrega} (round ${a.round}) -> HTTP ${res.status}`);
        }
      }),
    );
  }
  return ok;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-uploads-'));
  const log = path.join(dataDir, 'server.log');
  console.log(
    `fault-kill-uploads: ${ROUNDS} rounds, ${CONCURRENCY} concurrent uploaders, DATA_DIR ${dataDir}`,
  );
  const acks: Ack[] = [];
  let token = '';
  let requisitos: number[] = [];
  const recent: Buffer[] = [];
  let failed = false;

  for (let round = 1; round <= ROUNDS; round++) {
    const t0 = Date.now();
    const server = await startServer({ dataDir, log });
    const startMs = Date.now() - t0;
    if (!token) {
      token = await login(server.url);
      requisitos = await pdfRequisitos(server.url, token);
    }
    const verified = await verifyOverHttp(server, token, acks);
    totals.verifiedHttp += verified;

    // Concurrent uploads until the kill.
    let killed = false;
    const roundAcks: Ack[] = [];
    const controller = new AbortController();
    const worker = async () => {
      while (!killed) {
        // Mostly unique content, sometimes a repeat (exercises the store-once path).
        const bytes =
          recent.length && Math.random() < 0.1
            ? recent[Math.floor(Math.random() * recent.length)]
            : uniquePdf(20_000 + Math.floor(Math.random() * 780_000));
        if (recent.length < 20) recent.push(bytes);
        const req = requisitos[Math.floor(Math.random() * requisitos.length)];
        totals.attempted++;
        try {
          const res = await uploadPdf(server.url, token, req, bytes, controller.signal);
          if (res.status === 200 && res.body.idEntrega && res.body.sha256 === sha256(bytes))
            roundAcks.push({ idEntrega: res.body.idEntrega, sha256: res.body.sha256, round });
          else {
            totals.refused++;
            console.error(`  refused: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        } catch {
          totals.interrupted++;
        }
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, worker);
    // Random moment, late enough that uploads complete on a busy 2-core machine.
    const killAfter = 1000 + Math.floor(Math.random() * 4000);
    await new Promise((r) => setTimeout(r, killAfter));
    killed = true; // no new uploads; the ones in flight meet the kill
    server.proc.kill('SIGKILL');
    await server.exited;
    controller.abort();
    await Promise.all(workers);
    acks.push(...roundAcks);
    totals.acknowledged += roundAcks.length;

    let dbLine = 'db check left to server recovery';
    if (round % 2 === 0 || round === ROUNDS) {
      const c = await checkDatabase(dataDir, acks);
      totals.rowsChecked += c.rows;
      totals.rowsWithoutFile += c.missing;
      totals.hashMismatch += c.mismatch;
      totals.committedUnacked = c.committedUnacked;
      dbLine = `rows ${c.rows}, without file ${c.missing}, bad hash ${c.mismatch}, committed-not-acked ${c.committedUnacked}`;
      if (c.missing || c.mismatch) failed = true;
    }
    const tmp = countDir(path.join(dataDir, 'files', 'tmp'));
    console.log(
      `round ${String(round).padStart(2)}: start ${startMs} ms, verified ${verified}/${acks.length - roundAcks.length} earlier acks, ` +
        `kill -9 after ${killAfter} ms, acked ${roundAcks.length}, temp files left ${tmp}; ${dbLine}`,
    );
  }

  // A last clean start: the sweep removes temp files; everything acknowledged is still served.
  const server = await startServer({ dataDir, log });
  const verified = await verifyOverHttp(server, token, acks);
  totals.verifiedHttp += verified;
  await stopServer(server);
  const final = await checkDatabase(dataDir, acks);
  const tmpLeft = countDir(path.join(dataDir, 'files', 'tmp'));
  const blobs = countDir(path.join(dataDir, 'files')) - tmpLeft;
  if (final.missing || final.mismatch || totals.lostAck) failed = true;

  console.log('\nsummary');
  console.log(`  rounds (kill -9)                 ${ROUNDS}`);
  console.log(`  uploads attempted                ${totals.attempted}`);
  console.log(`  acknowledged (HTTP 200)          ${totals.acknowledged}`);
  console.log(`  interrupted by the kill          ${totals.interrupted}`);
  console.log(`  refused (should be 0)            ${totals.refused}`);
  console.log(`  final check: acked served        ${verified}/${acks.length}`);
  console.log(`  acknowledged uploads lost        ${totals.lostAck}`);
  console.log(
    `  final rows with a file           ${final.rows} (committed but not acknowledged: ${final.committedUnacked})`,
  );
  console.log(`  rows without their file          ${final.missing} (all checks: ${totals.rowsWithoutFile})`);
  console.log(`  blobs with a wrong hash          ${final.mismatch} (all checks: ${totals.hashMismatch})`);
  console.log(`  blobs on disk / temp files left  ${blobs} / ${tmpLeft}`);
  console.log(failed ? '\nFAILED' : '\nOK: nothing acknowledged was lost; no row lacks its file');
  if (!failed) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`data kept in ${dataDir}`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

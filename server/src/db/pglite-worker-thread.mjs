// The worker side of `openPgliteWorker` (server/src/db/pglite-worker.ts, docs/decisions/143): owns the
// PGlite of the data folder, applies the migrations, then answers one message per statement. Plain
// JavaScript so the worker starts the same under tsx, vitest and a build (no TypeScript loader needed
// in a worker thread).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** PostgreSQL error fields (pg-protocol's DatabaseError) and any other plain field worth keeping. */
function serializeError(err) {
  const out = { message: String(err?.message ?? err), name: err?.name ?? 'Error', stack: err?.stack };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value))
        out[key] = value;
    }
  }
  return out;
}

/** Identity parsers for the type oids the caller parses itself from the raw text. */
function rawParsers(oids) {
  if (!oids || oids.length === 0) return undefined;
  const identity = (value) => value;
  return Object.fromEntries(oids.map((oid) => [oid, identity]));
}

const { dataDir, migrationsFolder } = workerData;
const pg = new PGlite(dataDir);
let closed = false;

async function handle(msg) {
  switch (msg.op) {
    case 'query':
      return pg.query(msg.sql, msg.params, {
        rowMode: msg.rowMode,
        parsers: rawParsers(msg.rawOids),
        paramTypes: msg.paramTypes,
      });
    case 'exec':
      return pg.exec(msg.sql, { rowMode: msg.rowMode, parsers: rawParsers(msg.rawOids) });
    case 'dump': {
      const blob = await pg.dumpDataDir(msg.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (!closed) {
        closed = true;
        await pg.close();
      }
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

try {
  await pg.waitReady;
  if (migrationsFolder) await migrate(drizzle(pg), { migrationsFolder });
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'ready', error: serializeError(err) });
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => {
      // A result holding something structured clone refuses (a Blob) would throw here: answer with it.
      try {
        parentPort.postMessage({ id: msg.id, ok: true, result });
      } catch (err) {
        parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
      }
    },
    (err) => parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) }),
  );
});

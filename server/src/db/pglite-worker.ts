import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from './client';
import * as schema from './schema';

/**
 * PGlite owned by a worker thread (docs/decisions/143): the SQL leaves the server's event loop.
 * The worker (`pglite-worker-thread.mjs`) opens the folder and applies the migrations; this side is
 * a client with the part of PGlite's interface drizzle's PGlite driver calls (`query`, `exec`,
 * `transaction`, `waitReady`), each call one message over the port.
 *
 * - Parsers are functions and cannot cross the port: the worker returns the raw text of the type
 *   oids the caller gave parsers for, and they run here on that text, so results are the ones
 *   PGlite in process gives (the default parsers run in the worker; Date, bigint, Uint8Array and
 *   JSON values cross by structured clone unchanged).
 * - PGlite is one session: while a transaction is open only its own statements reach the worker;
 *   other calls wait for it to end. One transaction at a time, in call order.
 * - Errors come back with their PostgreSQL fields (`code`, `constraint`, `detail`...) so callers
 *   that map SQLSTATEs (23505 in `isUniqueViolation`) keep working.
 */
export async function openPgliteWorker(
  dir: string,
  migrations: string,
): Promise<{ db: Db; close: () => Promise<void>; client: PgliteWorkerClient }> {
  const client = await PgliteWorkerClient.open(dir, migrations);
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  return { db, close: () => client.close(), client };
}

type SerializedError = { message: string; name: string; stack?: string } & Record<string, unknown>;
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type Request = {
  op: 'query' | 'exec' | 'dump' | 'close';
  compression?: 'none' | 'gzip' | 'auto';
  sql?: string;
  params?: unknown[];
  rowMode?: QueryOptions['rowMode'];
  rawOids?: number[];
  paramTypes?: number[];
};
type Parsers = NonNullable<QueryOptions['parsers']>;

/** An Error carrying the fields the worker sent (code, constraint, detail, severity...). */
function rebuildError(e: SerializedError): Error {
  const err = new Error(e.message);
  const { message: _message, stack, ...fields } = e;
  Object.assign(err, fields);
  // The worker's stack says where PostgreSQL failed; the caller's says who asked. Keep both.
  if (stack) err.stack = `${err.stack}\n    --- in the PGlite worker ---\n${stack}`;
  return err;
}

/** Parsers given by the caller, run on the raw text of their type oids (see the class comment). */
function applyParsers<T>(
  result: Results<T>,
  parsers: Parsers | undefined,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  if (!parsers || !result.fields) return result;
  const columns = result.fields
    .map((f, i) => ({
      key: rowMode === 'array' ? i : f.name,
      parse: parsers[f.dataTypeID],
      oid: f.dataTypeID,
    }))
    .filter((c) => c.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const value = row[c.key];
      if (value !== null && value !== undefined)
        row[c.key] = (c.parse as (v: string, oid: number) => unknown)(value as string, c.oid);
    }
  }
  return result;
}

function rawOids(options: QueryOptions | undefined): number[] | undefined {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error('PGlite worker: serializers, blob and onNotice are not supported');
  }
  return options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
}

export class PgliteWorkerClient {
  readonly waitReady = Promise.resolve();
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Settles when the open transaction ends; undefined when none is open. */
  #txEnded: Promise<void> | undefined;
  /** Transactions waiting to begin, in call order. */
  #txQueue: Promise<void> = Promise.resolve();
  #dead: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (msg: Reply | { type: 'ready' }) => {
      if (!('id' in msg)) return;
      const waiter = this.#pending.get(msg.id);
      if (!waiter) return;
      this.#pending.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.result);
      else waiter.reject(rebuildError(msg.error));
    });
    const fail = (err: Error) => {
      this.#dead ??= err;
      for (const waiter of this.#pending.values()) waiter.reject(err);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  static async open(dataDir: string, migrationsFolder: string): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker-thread.mjs', import.meta.url), {
      workerData: { dataDir, migrationsFolder },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (msg: { type?: string; error?: SerializedError }) => {
          if (msg.type !== 'ready') return;
          worker.off('message', onMessage);
          if (msg.error) reject(rebuildError(msg.error));
          else resolve();
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`PGlite worker exited while opening (code ${code})`)));
      });
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return new PgliteWorkerClient(worker);
  }

  #send<T>(req: Request): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...req, id });
    });
  }

  /** Outside a transaction: waits while one is open (PGlite is one session). */
  async #outside(): Promise<void> {
    while (this.#txEnded) await this.#txEnded;
    if (this.#closing) throw new Error('PGlite is closed');
  }

  async #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const result = await this.#send<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawOids: rawOids(options),
      paramTypes: options?.paramTypes,
    });
    return applyParsers(result, options?.parsers, options?.rowMode);
  }

  async #exec(sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const results = await this.#send<Results[]>({
      op: 'exec',
      sql,
      rowMode: options?.rowMode,
      rawOids: rawOids(options),
    });
    return results.map((r) => applyParsers(r, options?.parsers, options?.rowMode));
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.#outside();
    return this.#query<T>(sql, params, options);
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    await this.#outside();
    return this.#exec(sql, options);
  }

  /** BEGIN, fn with a transaction whose statements go straight to the worker, COMMIT or ROLLBACK. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    let endTx!: () => void;
    const ended = new Promise<void>((resolve) => (endTx = resolve));
    const turn = this.#txQueue;
    this.#txQueue = turn.then(() => ended);
    await turn;
    try {
      await this.#outside();
      this.#txEnded = ended;
      let closed = false;
      let rolledBack = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(sql, params, options);
        },
        exec: async (sql: string, options?: QueryOptions) => {
          open();
          return this.#exec(sql, options);
        },
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK', undefined);
          rolledBack = true;
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      await this.#exec('BEGIN', undefined);
      try {
        const result = await fn(tx);
        if (!rolledBack) await this.#exec('COMMIT', undefined);
        return result;
      } catch (err) {
        if (!rolledBack && !this.#dead) await this.#exec('ROLLBACK', undefined);
        throw err;
      } finally {
        closed = true;
      }
    } finally {
      this.#txEnded = undefined;
      endTx();
    }
  }

  /** The folder as a tar (PGlite's `dumpDataDir`, what the backup keeps), between transactions. */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    await this.#outside();
    const bytes = await this.#send<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
    return new Blob([bytes]);
  }

  /** Waits for the open transaction, closes PGlite in the worker (its checkpoint), ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      while (this.#txEnded) await this.#txEnded;
      try {
        if (!this.#dead) await this.#send({ op: 'close' });
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}

import { hoyEnColombia } from '@proveedores/domain';
import type { FastifyInstance } from 'fastify';
import { blobStoreFor, sweepBlobs } from '../files';
import { clockOf } from '../lib/clock';
import { runDailyDigest } from './reminders';

/**
 * Scheduled work. Each job claims its rows in the database (SKIP LOCKED), so running several server
 * processes is safe. Returns a stop function.
 */
export function startJobs(app: FastifyInstance, opts: { blobSweepEveryMs?: number } = {}): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, fn: () => Promise<unknown>) => {
    let running = false;
    const t = setInterval(() => {
      if (running) return;
      running = true;
      fn()
        .catch((err) => app.log.error({ err, job: name }, 'job failed'))
        .finally(() => (running = false));
    }, ms);
    t.unref();
    timers.push(t);
  };
  every(30_000, 'mail', () => app.mailer.deliverDue(app.db));
  // Daily reminder digest (docs/decisions/062): checked every 15 minutes, built once a day from
  // DIGEST_HOUR (Colombia); the per-day clave keeps it idempotent across restarts and processes.
  let digestDoneFor = '';
  every(15 * 60_000, 'digest', async () => {
    const now = clockOf(app.config).now();
    if (hoyEnColombia(now) === digestDoneFor) return;
    const r = await runDailyDigest({ db: app.db, mailer: app.mailer, config: app.config, now });
    if (r.ran) {
      digestDoneFor = r.fecha;
      app.log.info({ digest: r }, 'daily digest queued');
    }
  });
  // Orphan blobs (an upload that stored its bytes and then failed) every hour too, not only at
  // start (docs/decisions/086). While serving, temporary files are kept for an hour whatever the
  // database: this process may be writing them right now.
  every(opts.blobSweepEveryMs ?? 60 * 60_000, 'blob-sweep', async () => {
    const result = await sweepBlobs(app.db, blobStoreFor(app.config), { singleProcess: false });
    if (result.orphansRemoved + result.tempRemoved > 0) app.log.info({ sweep: result }, 'blob store swept');
  });
  return () => timers.forEach(clearInterval);
}

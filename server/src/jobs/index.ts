import type { FastifyInstance } from 'fastify';

/**
 * Scheduled work. Each job claims its rows in the database (SKIP LOCKED), so running several server
 * processes is safe. Returns a stop function.
 */
export function startJobs(app: FastifyInstance): () => void {
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
  return () => timers.forEach(clearInterval);
}

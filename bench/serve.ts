/**
 * Child process of bench/run.ts: the real app (buildApp) on 127.0.0.1 and a random port, over a
 * database filled by the generator through the real migrations and seed. Runs in its own process
 * so the load generator does not share the server's event loop. Talks to the parent over IPC:
 * sends {type: 'ready', ...} once listening; answers 'memory' with {type: 'memory', usage,
 * heapAfterMajorGc, majorGcs} (for the soak); {type: 'active-companies', n} leaves only n generated
 * companies active (the measured one and the next ones; n null: all again) and answers
 * {type: 'active-companies', active}; exits on 'stop' or when the parent goes away.
 */
import type { AddressInfo } from 'node:net';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { hoyEnColombia } from '@proveedores/domain';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, query } from '../server/src/db/client';
import { seed } from '../server/src/db/seed';
import { summarySql } from '../server/src/modules/reporte';
import { BENCH_NIT_BASE, generate, type GenParams } from './generate';
import { prepararPorteria, type PorteriaMessage } from './porteria';

export type ReadyMessage = {
  type: 'ready';
  port: number;
  kind: 'pglite' | 'postgres';
  /** The measured company (in the middle of the generated range) and its numbers. */
  nit: string;
  empresaId: number;
  contratoIds: number[];
  empleado: { tipodocumento: string; numerodocumento: string; contratoId: number };
  gen: Awaited<ReturnType<typeof generate>>;
  /** EXPLAIN (ANALYZE, BUFFERS) of the summary statement for the measured company. */
  explain: string;
};

/** Answer to {type: 'active-companies', n}: how many generated companies are active now. */
export type ActiveCompaniesMessage = { type: 'active-companies'; active: number };

export type MemoryMessage = {
  type: 'memory';
  usage: NodeJS.MemoryUsage;
  /** heapUsed seen right after the latest mark-compact GC (the live heap, no GC forced); null before one. */
  heapAfterMajorGc: number | null;
  /** Major (mark-compact) GCs since the process started. */
  majorGcs: number;
};

let heapAfterMajorGc: number | null = null;
let majorGcs = 0;
new PerformanceObserver((list) => {
  const major = list
    .getEntries()
    .filter(
      (e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
    ).length;
  if (!major) return;
  majorGcs += major;
  heapAfterMajorGc = process.memoryUsage().heapUsed;
}).observe({ entryTypes: ['gc'] });

const send = (m: unknown) => process.send?.(m);
const log = (m: string) => process.stderr.write(`${m}\n`);

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR!;
  const params = JSON.parse(process.env.BENCH_PARAMS!) as GenParams;
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CAPTCHA_MAX_NUMBER: '1000' },
    // BENCH_WEB_DIST: the web app the gate page rows load (bench/porteria-browser.ts).
    { dataDir, databaseUrl, webDist: process.env.BENCH_WEB_DIST || undefined },
  );
  const kind = process.env.BENCH_KIND;
  const engine = kind === 'embedded' ? 'postgres' : kind === 'pglite-worker' ? 'pglite-worker' : 'pglite';
  const database = await openDatabase({ databaseUrl, dataDir, engine });
  await seed(database.db, { demo: false });
  log(`generating on ${database.kind}: ${JSON.stringify(params)}`);
  const gen = await generate(database.db, params, log);

  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  const empresaId = Math.floor((gen.firstEmpresaId + gen.lastEmpresaId) / 2);
  const nit = String(BENCH_NIT_BASE + (empresaId - gen.firstEmpresaId + 1));
  const contratoIds = (
    await query<{ id: number }>(
      database.db,
      sql`SELECT id FROM contratos WHERE empresa_id = ${empresaId} AND activo ORDER BY id`,
    )
  ).map((r) => r.id);
  const [empleado] = await query<{ tipodocumento: string; numerodocumento: string; contratoId: number }>(
    database.db,
    sql`SELECT e.tipo_documento AS tipodocumento, e.numero_documento AS numerodocumento, ec.contrato_id AS "contratoId"
          FROM empleados e JOIN empleados_contratos ec ON ec.empleado_id = e.id AND ec.activo
         WHERE e.empresa_id = ${empresaId} ORDER BY e.id LIMIT 1`,
  );
  const plan = await query<Record<string, string>>(
    database.db,
    sql`EXPLAIN (ANALYZE, BUFFERS) ${summarySql({ empresa: { id: empresaId }, warningDays: config.expiryWarningDays, hoy: hoyEnColombia(new Date()) })}`,
  );
  const explain = plan.map((r) => Object.values(r)[0]).join('\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  /**
   * Only n generated companies active (a staff view of "every active company" at full data size,
   * e.g. GET /api/revision/cumplimiento with 20): the measured company and the ones after it,
   * wrapping around the range; null makes every company active again.
   */
  const activeCompanies = async (n: number | null) => {
    const { firstEmpresaId: first, lastEmpresaId: last } = gen;
    const total = last - first + 1;
    const k = Math.min(n ?? total, total);
    await query(
      database.db,
      sql`UPDATE empresas SET activa = (mod(id - ${empresaId} + ${total}, ${total}) < ${k})
           WHERE id BETWEEN ${first} AND ${last}`,
    );
    const [r] = await query<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM empresas WHERE activa AND id BETWEEN ${first} AND ${last}`,
    );
    send({ type: 'active-companies', active: Number(r.n) } satisfies ActiveCompaniesMessage);
  };
  process.on('message', (m) => {
    if ((m as { type?: string } | null)?.type === 'active-companies')
      void activeCompanies((m as { n: number | null }).n).catch((err: unknown) => {
        const cause = (err as { cause?: unknown }).cause;
        log(`active-companies: ${String(err)}${cause ? ` (${String(cause)})` : ''}`);
        send({ type: 'active-companies', active: -1 } satisfies ActiveCompaniesMessage);
      });
    // The gate rows' 2,000-worker project and gate user (bench/porteria.ts).
    else if ((m as { type?: string } | null)?.type === 'porteria')
      prepararPorteria(database.db, config.credentialSigningSeed, gen).then(
        (setup) => send({ type: 'porteria', setup } satisfies PorteriaMessage),
        (err: unknown) => send({ type: 'porteria', error: String(err) } satisfies PorteriaMessage),
      );
    else if (m === 'stop') void stop();
    else if (m === 'memory')
      send({
        type: 'memory',
        usage: process.memoryUsage(),
        heapAfterMajorGc,
        majorGcs,
      } satisfies MemoryMessage);
  });
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  send({
    type: 'ready',
    port,
    kind: database.kind,
    nit,
    empresaId,
    contratoIds,
    empleado,
    gen,
    explain,
  } satisfies ReadyMessage);
}

main().catch((err) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});

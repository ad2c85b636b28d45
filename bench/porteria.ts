/**
 * The site gate's speed rows of `npm run bench` (docs/decisions/123, 124, 129), over one project
 * with exactly 2,000 active workers made in the bench server (`prepararPorteria`, run in the
 * serve.ts child on {type: 'porteria'}, where the database and the signing key live):
 * - 'POST /api/porteria/verificar' of one valid credential code (and of a typed document), autocannon
 *   at 10 connections like the other rows, signed in as the project's gate user (goal p99 < 20 ms);
 * - 'GET /api/porteria/roster' of the 2,000-worker project: 10 sequential downloads then 3 rounds of
 *   4 concurrent, gzip asked like a browser (goal p99 < 1 s, gzipped < 300 KB);
 * - the gate page in Chromium (bench/porteria-browser.ts): an offline check by typed document with
 *   the CPU throttled 4x (goal p99 < 50 ms) and a cold load on slow 4G (goal < 2 s).
 *
 * Standalone: npx tsx bench/porteria.ts [--postgres] [--browser=false] (BENCH_SCALE, default 0.05:
 * the project needs at least 2,000 generated employees).
 */
import { request } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { hoyEnColombia, rosterContenido, rosterFirmado, verificacion } from '@proveedores/domain';
import { query, type Db } from '../server/src/db/client';
import { hashPassword } from '../server/src/lib/password';
import { claveDeSemilla, emitirCodigo } from '../server/src/modules/credenciales';
import { upsertStaff } from '../server/src/ops/staff';
import { BENCH_PASSWORD, paramsFrom, type GenResult } from './generate';
import { json, signIn, withBenchServer, type BenchServer, type DbKind } from './harness';
import {
  answeredP99Goal,
  cannon,
  loadAverage,
  loadFigures,
  okMissed,
  pacedRow,
  roundMs,
  type BenchRow,
} from './paced-load';
import { CHECK_NAME, ensureBenchWebBuild, LOAD_NAME, runGateBrowserRows } from './porteria-browser';

/** Every row's name contains it: `BENCH_ONLY=porteria` runs only these rows. */
export const PORTERIA_NAME = 'porteria';
export const GATE_USER = 'porteria.bench';
const WORKERS = 2000;
const VERIFY_GOAL_MS = 20;
const ROSTER_GOAL_MS = 1000;
const ROSTER_GZIP_GOAL_KB = 300;
const WARMUP = 2;

/** What the serve.ts child answers to {type: 'porteria'}. */
export type PorteriaSetup = {
  proyectoId: number;
  trabajadores: number;
  codigo: string;
  credencialId: number;
  documento: { tipodocumento: string; numerodocumento: string };
};
export type PorteriaMessage = { type: 'porteria' } & ({ setup: PorteriaSetup } | { error: string });

/**
 * In the bench server's database: a new active project whose contracts (one per company, new)
 * hold exactly 2,000 of the generated employees (the first companies' ones, so about 40 contractors
 * at any scale), a credential each (every 50th revoked, as roster-size.test.ts does), and the gate
 * user GATE_USER (upsertStaff, rol 'porteria') assigned to it with BENCH_PASSWORD, no change asked.
 * The employees keep their generated contract and evidence: the fitness is the generator's mix.
 */
export async function prepararPorteria(
  db: Db,
  signingSeed: Buffer,
  gen: Pick<GenResult, 'firstEmpresaId' | 'lastEmpresaId'>,
): Promise<PorteriaSetup> {
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(db, q))[0];
  const [{ n: available }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM empleados WHERE empresa_id BETWEEN ${gen.firstEmpresaId} AND ${gen.lastEmpresaId}`,
  );
  if (available < WORKERS)
    throw new Error(
      `the gate rows need ${WORKERS} generated employees, there are ${available} (BENCH_SCALE >= 0.04)`,
    );
  const { id: proyectoId } = await one<{ id: number }>(
    sql`INSERT INTO proyectos (descripcion, regional_id, ciudad, activo)
        SELECT 'PROYECTO PORTERIA BENCH', regional_id, ciudad, true FROM proyectos WHERE activo ORDER BY id LIMIT 1
        RETURNING id`,
  );
  await query(
    db,
    sql`CREATE TEMP TABLE bench_porteria AS
          SELECT id AS empleado_id, empresa_id FROM empleados
           WHERE empresa_id BETWEEN ${gen.firstEmpresaId} AND ${gen.lastEmpresaId}
           ORDER BY empresa_id, id LIMIT ${WORKERS}`,
  );
  await query(
    db,
    sql`INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, regional_id, fecha_inicio)
        SELECT b.empresa_id, 'Contrato portería bench', ${proyectoId}, c.actividad_id, c.tipo_contrato_id,
               (SELECT regional_id FROM proyectos WHERE id = ${proyectoId}), c.fecha_inicio
          FROM (SELECT DISTINCT empresa_id FROM bench_porteria) b
          JOIN LATERAL (SELECT * FROM contratos WHERE empresa_id = b.empresa_id ORDER BY id LIMIT 1) c ON true
         ORDER BY b.empresa_id`,
  );
  await query(
    db,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id)
        SELECT b.empleado_id, c.id FROM bench_porteria b
          JOIN contratos c ON c.empresa_id = b.empresa_id AND c.proyecto_id = ${proyectoId}`,
  );
  await query(
    db,
    sql`INSERT INTO credenciales (empleado_id, contrato_id, revocada_at)
        SELECT ec.empleado_id, ec.contrato_id,
               CASE WHEN row_number() OVER (ORDER BY ec.empleado_id) % 50 = 0 THEN now() END
          FROM empleados_contratos ec JOIN contratos c ON c.id = ec.contrato_id
         WHERE c.proyecto_id = ${proyectoId} AND ec.activo
         ORDER BY ec.empleado_id`,
  );
  await query(db, sql`DROP TABLE bench_porteria`);
  const { n: trabajadores } = await one<{ n: number }>(
    sql`SELECT count(DISTINCT ec.empleado_id)::int AS n FROM empleados_contratos ec
          JOIN contratos c ON c.id = ec.contrato_id WHERE c.proyecto_id = ${proyectoId} AND c.activo AND ec.activo`,
  );
  if (trabajadores !== WORKERS)
    throw new Error(`the gate project has ${trabajadores} workers, not ${WORKERS}`);
  // The worker in the middle of the list, with a credential that is not revoked.
  const cred = await one<{
    id: number;
    contrato_id: number;
    tipodocumento: string;
    numerodocumento: string;
  }>(
    sql`SELECT cr.id, cr.contrato_id, e.tipo_documento AS tipodocumento, e.numero_documento AS numerodocumento
          FROM credenciales cr JOIN contratos c ON c.id = cr.contrato_id JOIN empleados e ON e.id = cr.empleado_id
         WHERE c.proyecto_id = ${proyectoId} AND cr.revocada_at IS NULL
         ORDER BY cr.id OFFSET ${WORKERS / 2} LIMIT 1`,
  );
  const codigo = emitirCodigo(claveDeSemilla(signingSeed), {
    credencialId: cred.id,
    contratoId: cred.contrato_id,
    proyectoId,
    emitida: hoyEnColombia(new Date()),
    vence: null,
  });
  await upsertStaff(db, {
    username: GATE_USER,
    rol: 'porteria',
    correo: `${GATE_USER}@constructora.example.co`,
    nombre: 'GUARDIA BENCH',
    proyectos: [proyectoId],
  });
  await query(
    db,
    sql`UPDATE usuarios SET password_hash = ${await hashPassword(BENCH_PASSWORD)}, must_change_password = false
         WHERE username = ${GATE_USER}`,
  );
  await query(db, sql`ANALYZE`);
  return {
    proyectoId,
    trabajadores,
    codigo,
    credencialId: cred.id,
    documento: { tipodocumento: cred.tipodocumento, numerodocumento: cred.numerodocumento },
  };
}

/** Asks the serve.ts child to make the gate project (once per server); rejects on its error. */
export function pedirPorteria(child: ChildProcess): Promise<PorteriaSetup> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the bench server did not answer porteria'));
    }, 300_000);
    const onMessage = (m: unknown) => {
      if ((m as PorteriaMessage).type !== 'porteria') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      const r = m as PorteriaMessage;
      if ('error' in r) reject(new Error(`porteria setup: ${r.error}`));
      else resolve(r.setup);
    };
    child.on('message', onMessage);
    child.send({ type: 'porteria' });
  });
}

/** One GET with gzip asked: ms to the last byte, compressed bytes, the JSON text. */
function download(
  url: string,
  token: string,
): Promise<{ ms: number; bytes: number; status: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      url,
      // gzip only: the goal is the gzipped size (brotli, which Chrome asks for over HTTPS, is smaller).
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t0,
            bytes,
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

type Ctx = { baseUrl: string; token: string; setup: PorteriaSetup; kind: DbKind; duration: number };

async function verifyRow(c: Ctx, name: string, payload: object, notes: string[]): Promise<BenchRow> {
  const url = `${c.baseUrl}/api/porteria/verificar`;
  const headers = { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ proyectoid: c.setup.proyectoId, ...payload });
  const t0 = performance.now();
  const once = await json(url, { method: 'POST', headers, body });
  const firstMs = performance.now() - t0;
  if (once.status !== 200) throw new Error(`${name}: status ${once.status} ${JSON.stringify(once.body)}`);
  const v = verificacion.parse(once.body);
  if (!v.trabajador) throw new Error(`${name}: no worker in ${JSON.stringify(v)}`);
  notes.push(
    `${name} [${c.kind}]: first request ${firstMs.toFixed(0)} ms; verdict ${v.apto ? 'APTO' : `NO APTO (${v.motivos.length} reasons)`}`,
  );
  const base = { url, method: 'POST', headers, body, connections: 10, pipelining: 1 } as const;
  await cannon({ ...base, duration: WARMUP });
  const r = await cannon({ ...base, duration: c.duration });
  return {
    endpoint: name,
    db: c.kind,
    conns: 10,
    ...loadFigures(r),
    errors: r.non2xx + r.errors + r.timeouts,
    goal: answeredP99Goal(VERIFY_GOAL_MS, r, c.duration),
  };
}

const ROSTER_NAME = `GET /api/porteria/roster ${WORKERS} workers (${PORTERIA_NAME})`;
const BY_CODE = `POST /api/porteria/verificar code (${PORTERIA_NAME})`;
const BY_DOC = `POST /api/porteria/verificar document (${PORTERIA_NAME})`;
/** The rows' names, for BENCH_ONLY; the browser ones need the built web app before the server starts. */
export const PORTERIA_ROWS = { server: [BY_CODE, BY_DOC, ROSTER_NAME], browser: [CHECK_NAME, LOAD_NAME] };

async function rosterRow(c: Ctx, notes: string[]): Promise<BenchRow> {
  const name = ROSTER_NAME;
  const url = `${c.baseUrl}/api/porteria/roster?proyectoid=${c.setup.proyectoId}`;
  // Checked once, uncompressed: the signed roster of the project with every worker.
  const t0 = performance.now();
  const once = await json(url, { headers: { authorization: `Bearer ${c.token}` } });
  const firstMs = performance.now() - t0;
  if (once.status !== 200) throw new Error(`${name}: status ${once.status}`);
  const firmado = rosterFirmado.parse(once.body);
  const roster = rosterContenido.parse(JSON.parse(firmado.contenido));
  const people = new Set(roster.trabajadores.map((t) => `${t.tipodocumento} ${t.numerodocumento}`)).size;
  if (people !== WORKERS) throw new Error(`${name}: ${people} workers on the roster`);
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  let encoding = '';
  const take = (d: Awaited<ReturnType<typeof download>>) => {
    times.push(d.ms);
    if (d.status !== 200) errors++;
    bytes = Math.max(bytes, d.bytes);
    encoding = d.encoding;
  };
  const wall0 = performance.now();
  for (let i = 0; i < 10; i++) take(await download(url, c.token));
  for (let round = 0; round < 3; round++)
    for (const d of await Promise.all(Array.from({ length: 4 }, () => download(url, c.token)))) take(d);
  const wall = (performance.now() - wall0) / 1000;
  const kb = bytes / 1024;
  notes.push(
    `${name} [${c.kind}]: first request ${firstMs.toFixed(0)} ms; ${roster.trabajadores.length} rows ` +
      `(${people} workers, ${roster.trabajadores.filter((t) => t.apto).length} apto, ${roster.revocadas.length} revoked), ` +
      `${(firmado.contenido.length / 1024).toFixed(0)} KB of JSON, ${kb.toFixed(0)} KB ${encoding}; ` +
      `10 sequential + 3 x 4 concurrent, max ${roundMs(Math.max(...times))} ms`,
  );
  return pacedRow({
    endpoint: name,
    db: c.kind,
    conns: 4,
    ms: times,
    rps: times.length / wall,
    errors,
    goal: ({ p99 }) =>
      `p99<${ROSTER_GOAL_MS}ms ${okMissed(p99 < ROSTER_GOAL_MS)}, ` +
      `${encoding} ${kb.toFixed(0)}KB<${ROSTER_GZIP_GOAL_KB}KB ${okMissed(encoding === 'gzip' && kb < ROSTER_GZIP_GOAL_KB)}`,
  });
}

/**
 * The gate rows against a started bench server: makes the 2,000-worker project, signs in as its
 * gate user (real captcha and sign-in), then the rows whose name `wanted` accepts.
 */
export async function runPorteriaRows(
  server: BenchServer,
  kind: DbKind,
  opts: { duration: number; wanted: (name: string) => boolean; browser: boolean },
  notes: string[],
): Promise<BenchRow[]> {
  const t0 = performance.now();
  const setup = await pedirPorteria(server.child);
  console.log(
    `  ${kind}: gate project ${setup.proyectoId} with ${setup.trabajadores} workers made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const baseUrl = server.ctx.baseUrl;
  const token = await signIn(baseUrl, GATE_USER, true);
  const c: Ctx = { baseUrl, token, setup, kind, duration: opts.duration };
  const rows: BenchRow[] = [];
  if (opts.wanted(BY_CODE)) rows.push(await verifyRow(c, BY_CODE, { codigo: setup.codigo }, notes));
  if (opts.wanted(BY_DOC)) rows.push(await verifyRow(c, BY_DOC, setup.documento, notes));
  if (opts.wanted(ROSTER_NAME)) rows.push(await rosterRow(c, notes));
  if (opts.browser)
    rows.push(
      ...(await runGateBrowserRows(
        { baseUrl, token, kind, documento: setup.documento, wanted: opts.wanted },
        notes,
      )),
    );
  return rows;
}

async function main() {
  const args = process.argv.slice(2);
  const kind: DbKind = args.includes('--postgres') ? 'postgres' : 'pglite';
  const params = paramsFrom(args, { BENCH_SCALE: '0.05', ...process.env });
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const browser = !args.includes('--browser=false');
  if (browser) await ensureBenchWebBuild();
  const notes: string[] = [];
  const rows = await withBenchServer(kind, params, (server) =>
    runPorteriaRows(server, kind, { duration, wanted: () => true, browser }, notes),
  );
  for (const r of rows)
    console.log(
      `${r.endpoint} [${r.db}]: p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}  ${r.goal ?? ''}`,
    );
  for (const n of notes) console.log(n);
  console.log(`load average ${loadAverage()}`);
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );

/**
 * What `npm run bench` measures with autocannon: one entry per row of the result table. Every
 * scenario runs against the same started app and generated data, on each database, right after the
 * trivial baseline. The uploads and the login flood are rows too, measured by run.ts itself after
 * these (bench/upload-bench.ts, bench/fault-login-flood.ts).
 */
import type { GenResult } from './generate';
import { EVIDENCE_SCENARIOS } from './upload-scenarios';

export type BenchContext = {
  baseUrl: string;
  /** Bearer token of the measured company's contractor user (signed in through the real login). */
  token: string;
  /** Bearer token of a reviewer (staff). */
  staffToken: string;
  nit: string;
  empresaId: number;
  /** Active contracts of the measured company (ids, oldest first) and one of its linked employees. */
  contratoIds: number[];
  empleado: { tipodocumento: string; numerodocumento: string; contratoId: number };
  gen: GenResult;
};

export type Scenario = {
  /** Shown in the table, e.g. 'GET /api/contratista/reporte'. */
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | ((ctx: BenchContext) => string);
  /** Send the contractor's bearer token (true) or the reviewer's ('staff'). */
  auth?: boolean | 'staff';
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => string;
  /** Concurrent connections (default 10). */
  connections?: number;
  /** Measured seconds (default BENCH_DURATION or 10), after a short warm-up. */
  durationSeconds?: number;
  /** Status every response must have (default 200); others are counted as errors. */
  expectStatus?: number;
  /** Checked once before measuring, so a broken endpoint cannot produce a fast, wrong figure. */
  check?: (body: unknown, ctx: BenchContext) => string | null;
  /** The baseline: other rows give their throughput as a ratio to it. Exactly one. */
  trivial?: boolean;
  /** Goal, printed as ok / MISSED next to the row (e.g. p99 under 50 ms on PostgreSQL). */
  goal?: { p99Ms: number; db?: 'pglite' | 'postgres' };
  /**
   * Only this many generated companies active while the row runs (the measured one among them;
   * all active again afterwards): staff views of "every active company" (bench/serve.ts).
   */
  activeCompanies?: number;
  /** What the row's first request does differently; its time is printed under the table. */
  firstNote?: string;
};

/** Companies active for the staff compliance row (a regional portfolio, at the full data size). */
export const COMPLIANCE_COMPANIES = 20;

export const SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/health',
    path: '/api/health',
    trivial: true,
    check: (b) => ((b as { status?: string }).status === 'ok' ? null : 'health is not ok'),
  },
  {
    // Signed in but no query of its own: the cost of token + session check, for comparison.
    name: 'GET /api/contratista/opciones_menu',
    path: '/api/contratista/opciones_menu',
    auth: true,
    check: (b) => (Array.isArray(b) && b.length > 0 ? null : 'no menu'),
  },
  {
    name: 'GET /api/contratista/reporte',
    path: '/api/contratista/reporte',
    auth: true,
    firstNote: "the company's counts computed, not cached yet (decision 144)",
    goal: { p99Ms: 50, db: 'postgres' },
    check: (b, ctx) => {
      const list = b as Array<{ nit: string; total: number; modulos: unknown[] }>;
      if (!Array.isArray(list) || list.length !== 1 || list[0].nit !== ctx.nit)
        return 'not the company summary';
      if (list[0].modulos.length !== 4 || !(list[0].total > 0)) return 'empty summary';
      return null;
    },
  },
  {
    // Staff home: a page of 20 companies (every company at once is seconds of work, decision 021).
    name: 'GET /api/contratista/reporte?pageSize=20 (staff)',
    path: '/api/contratista/reporte?page=1&pageSize=20',
    auth: 'staff',
    firstNote: 'the counts of the 20 companies of the page computed, none cached yet (decision 144)',
    goal: { p99Ms: 50 },
    check: (b, ctx) =>
      Array.isArray(b) && b.length === Math.min(20, ctx.gen.rows.empresas) ? null : 'not a page of companies',
  },
  ...EVIDENCE_SCENARIOS,
  {
    name: 'GET /api/contratista (contracts)',
    path: '/api/contratista',
    auth: true,
    goal: { p99Ms: 25 },
    check: (b, ctx) => {
      const list = b as Array<{ contratos?: Array<{ id: number }> }>;
      const ids = Array.isArray(list) ? (list[0]?.contratos ?? []).map((c) => c.id) : [];
      return ids.length === ctx.contratoIds.length && ctx.contratoIds.every((id) => ids.includes(id))
        ? null
        : `not the company's contracts (${ids.join(',')})`;
    },
  },
  {
    name: 'GET /api/contratista/empleados/{tipo}/{numero}',
    path: (ctx) =>
      `/api/contratista/empleados/${encodeURIComponent(ctx.empleado.tipodocumento)}/${ctx.empleado.numerodocumento}`,
    auth: true,
    goal: { p99Ms: 25 },
    check: (b, ctx) => {
      const e = b as { tipodocumento?: string; numerodocumento?: string; nombres?: string };
      return e?.tipodocumento === ctx.empleado.tipodocumento &&
        e.numerodocumento === ctx.empleado.numerodocumento &&
        e.nombres
        ? null
        : 'not the employee';
    },
  },
  {
    // History tree of the company-level module: one folder per requirement, submissions inside.
    name: 'GET /api/contratista/bliotecadocumentos/sg-sst',
    path: '/api/contratista/bliotecadocumentos/sg-sst',
    auth: true,
    goal: { p99Ms: 25 },
    check: (b) => {
      type Node = { nombre: string; contenido: Node[] };
      const tree = b as Node[];
      if (!Array.isArray(tree) || tree.length < 10) return 'not the SG-SST history tree';
      const leaves = (n: Node): number =>
        n.contenido.length ? n.contenido.reduce((s, c) => s + leaves(c), 0) : 1;
      const submissions = tree.reduce((s, n) => s + (n.contenido.length ? leaves(n) : 0), 0);
      return submissions > 0 ? null : 'history without submissions';
    },
  },
  {
    // Staff compliance page (decision 060): every active company with its counts per module.
    name: `GET /api/revision/cumplimiento (staff, ${COMPLIANCE_COMPANIES} active companies)`,
    path: '/api/revision/cumplimiento',
    auth: 'staff',
    activeCompanies: COMPLIANCE_COMPANIES,
    firstNote: `the counts of the ${COMPLIANCE_COMPANIES} companies computed, none cached yet (decision 119)`,
    goal: { p99Ms: 50 },
    check: (b, ctx) => {
      const list = b as Array<{ nit: string; totales?: { aplicables?: number }; modulos?: unknown[] }>;
      if (!Array.isArray(list) || list.length !== Math.min(COMPLIANCE_COMPANIES, ctx.gen.rows.empresas))
        return `not ${COMPLIANCE_COMPANIES} companies (${Array.isArray(list) ? list.length : typeof b})`;
      const own = list.find((c) => c.nit === ctx.nit);
      if (!own) return 'the measured company is missing';
      if (!(Number(own.totales?.aplicables) > 0) || own.modulos?.length !== 4) return 'empty counts';
      return null;
    },
  },
];

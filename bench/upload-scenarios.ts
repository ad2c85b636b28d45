/**
 * Evidence list scenarios of bench/run.ts (spread into SCENARIOS): the four lists a contractor
 * opens, at 10 connections (goal p99 < 25 ms) and two of them again at 50 (goal p99 < 100 ms),
 * the load goals of bench/README.md. The lists by contract read the measured company's oldest contract (the
 * one with the most risk periods) and, for sg-personal, one of its linked employees.
 *
 * The uploads are not a scenario of their own: run.ts calls runUploadBench (bench/upload-bench.ts:
 * unique 4.9 MB files, 10 at a time, p50/p99 and the server's RSS) against the same server.
 */
import type { BenchContext, Scenario } from './scenarios';

type Row = { id: number; codEstado: number; estado: string };

/** An evidence list: at least `min` rows, each with its status. */
const evidenceRows = (b: unknown, min: number, what: string) => {
  const rows = b as Row[];
  if (!Array.isArray(rows) || rows.length < min) return `not the ${what} list`;
  return rows.every((r) => typeof r.id === 'number' && typeof r.codEstado === 'number' && r.estado)
    ? null
    : 'rows without status';
};

const sgSst: Scenario = {
  name: 'GET /api/contratista/adjuntos/sg-sst',
  path: '/api/contratista/adjuntos/sg-sst',
  auth: true,
  goal: { p99Ms: 25 },
  check: (b) => evidenceRows(b, 10, 'SG-SST'),
};

const gRiesgo: Scenario = {
  name: 'GET /api/contratista/adjuntos/g-riesgo?contratoid=',
  path: (ctx: BenchContext) => `/api/contratista/adjuntos/g-riesgo?contratoid=${ctx.contratoIds[0]}`,
  auth: true,
  goal: { p99Ms: 25 },
  check: (b) => {
    const problem = evidenceRows(b, 1, 'risk management');
    if (problem) return problem;
    const rows = b as Array<Row & { Periodo: unknown[]; length: number }>;
    return rows.every(
      (r) => Array.isArray(r.Periodo) && r.Periodo.length > 0 && r.length === r.Periodo.length,
    )
      ? null
      : 'risk rows without periods';
  },
};

export const EVIDENCE_SCENARIOS: Scenario[] = [
  sgSst,
  { ...sgSst, name: `${sgSst.name} (50 conns)`, connections: 50, goal: { p99Ms: 100 } },
  gRiesgo,
  { ...gRiesgo, name: `${gRiesgo.name} (50 conns)`, connections: 50, goal: { p99Ms: 100 } },
  {
    name: 'GET /api/contratista/adjuntos/g-retenido?contratoid=',
    path: (ctx) => `/api/contratista/adjuntos/g-retenido?contratoid=${ctx.contratoIds[0]}`,
    auth: true,
    goal: { p99Ms: 25 },
    check: (b) => evidenceRows(b, 1, 'withholdings'),
  },
  {
    // ?tipodocumento=&numerodocumento=&contratoid= of one linked employee
    name: 'GET /api/contratista/adjuntos/sg-personal (one employee)',
    path: (ctx) =>
      `/api/contratista/adjuntos/sg-personal?tipodocumento=${encodeURIComponent(ctx.empleado.tipodocumento)}` +
      `&numerodocumento=${encodeURIComponent(ctx.empleado.numerodocumento)}&contratoid=${ctx.empleado.contratoId}`,
    auth: true,
    goal: { p99Ms: 25 },
    check: (b) => evidenceRows(b, 1, 'employee documents'),
  },
];

/**
 * Evidence scenarios for bench/run.ts (spread them into SCENARIOS):
 *
 *   import { EVIDENCE_SCENARIOS } from './upload-scenarios';
 *   export const SCENARIOS: Scenario[] = [ ...existing, ...EVIDENCE_SCENARIOS ];
 *
 * The lists by contract (g-riesgo, g-retenido, sg-personal) need a contract id of the measured
 * company, which BenchContext does not carry yet; the uploads have their own script
 * (bench/upload-bench.ts: unique 4.9 MB files, p50/p99 and the server's RSS), callable from run.ts
 * as runUploadBench({ url: ctx.baseUrl, token: ctx.token }).
 */
import type { Scenario } from './scenarios';

export const EVIDENCE_SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/contratista/adjuntos/sg-sst',
    path: '/api/contratista/adjuntos/sg-sst',
    auth: true,
    goal: { p99Ms: 25 },
    check: (b) => {
      const rows = b as Array<{ id: number; codEstado: number; estado: string }>;
      if (!Array.isArray(rows) || rows.length < 10) return 'not the SG-SST list';
      return rows.every((r) => typeof r.codEstado === 'number' && r.estado) ? null : 'rows without status';
    },
  },
];

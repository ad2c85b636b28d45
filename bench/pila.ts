/**
 * Row of `npm run bench` for the PILA flat-file parser (docs/decisions/127), measured in this
 * process (pure domain code, no database): parsePila on a generated planilla of 10,000 cotizantes
 * (about 7 MB of ISO-8859-1, the recipe's scenario mix), from bytes, so encoding detection and
 * decoding are included. Goal: p99 < 200 ms. A note gives the same file through the streaming
 * reader (64 KB chunks) and the load average.
 *
 * Standalone: npx tsx bench/pila.ts [--runs=20] [--n=10000]
 */
import { pathToFileURL } from 'node:url';
import { aLatin1, generarPila } from '../domain/src/pila/generador';
import { LectorPilaBytes, parsePila } from '../domain/src/pila/parser';
import type { PilaArchivo } from '../domain/src/pila/tipos';
import {
  loadAverage,
  p99Goal,
  pacedRow,
  percentile,
  roundMs,
  rowLine,
  timeRuns,
  type PacedRow,
} from './paced-load';

export const PILA_NAME = 'pila';
const GOAL_MS = 200;
const CHUNK = 64 * 1024;

/** `runs` parses after 3 warm-up ones; wrong when a finding or a missing cotizante shows. */
const medir = (runs: number, once: () => PilaArchivo, esperados: number) =>
  timeRuns(
    runs,
    () => {
      const r = once();
      return r.hallazgos.length === 0 && r.cotizantes.length === esperados;
    },
    3, // warm-up (JIT)
  );

export async function runPilaBench(
  opts: { runs?: number; n?: number } = {},
): Promise<{ rows: PacedRow[]; notes: string[] }> {
  const runs = opts.runs ?? 20;
  const n = opts.n ?? 10_000;
  const bytes = aLatin1(generarPila({ periodo: '2025-04', n, seed: 1 }));
  const a = await medir(runs, () => parsePila(bytes), n);
  const s = await medir(
    runs,
    () => {
      const lector = new LectorPilaBytes();
      for (let i = 0; i < bytes.length; i += CHUNK) lector.agregar(bytes.subarray(i, i + CHUNK));
      return lector.fin();
    },
    n,
  );
  const total = a.ms.reduce((x, y) => x + y, 0);
  const row = pacedRow({
    endpoint: `${PILA_NAME}: parse ${n.toLocaleString('en')} cotizantes (${(bytes.length / 1e6).toFixed(1)} MB)`,
    db: '-',
    conns: 1,
    ms: a.ms,
    rps: total > 0 ? (runs / total) * 1000 : 0,
    errors: a.errors + s.errors,
    goal: p99Goal(GOAL_MS, percentile(a.ms, 99)),
  });
  const notes = [
    `pila: ${runs} runs after 3 warm-up; CPU time per parse ${roundMs(a.cpuMs)} ms (wall p50 ${row.p50} ms); streaming reader in ${CHUNK / 1024} KB chunks p50 ${roundMs(percentile(s.ms, 50))} ms, ` +
      `p99 ${roundMs(percentile(s.ms, 99))} ms, CPU ${roundMs(s.cpuMs)} ms; load average ${loadAverage()}`,
  ];
  return { rows: [row], notes };
}

// Standalone run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) =>
    Number(process.argv.find((x) => x.startsWith(`--${name}=`))?.split('=')[1]) || undefined;
  const { rows, notes } = await runPilaBench({ runs: arg('runs'), n: arg('n') });
  for (const r of rows) console.log(rowLine(r));
  for (const note of notes) console.log(note);
  process.exitCode = rows.some((r) => r.errors > 0) ? 1 : 0;
}

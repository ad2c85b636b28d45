/**
 * Row of `npm run bench` for the PILA flat-file parser (docs/decisions/127), measured in this
 * process (pure domain code, no database): parsePila on a generated planilla of 10,000 cotizantes
 * (about 7 MB of ISO-8859-1, the recipe's scenario mix), from bytes, so encoding detection and
 * decoding are included. Goal: p99 < 200 ms. A note gives the same file through the streaming
 * reader (64 KB chunks) and the load average.
 *
 * Standalone: npx tsx bench/pila.ts [--runs=20] [--n=10000]
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { aLatin1, generarPila } from '../domain/src/pila/generador';
import { LectorPilaBytes, parsePila } from '../domain/src/pila/parser';
import type { PilaArchivo } from '../domain/src/pila/tipos';

export const PILA_NAME = 'pila';
const GOAL_MS = 200;
const CHUNK = 64 * 1024;

export type PilaRow = {
  endpoint: string;
  db: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  paced: true;
  goal: string;
};

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms: number) => Math.round(ms * 10) / 10;

function medir(runs: number, once: () => PilaArchivo, esperados: number) {
  const ms: number[] = [];
  let errors = 0;
  let cpu = 0;
  for (let i = 0; i < 3; i++) once(); // warm-up (JIT)
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = once();
    ms.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu += (d.user + d.system) / 1000;
    if (r.hallazgos.length > 0 || r.cotizantes.length !== esperados) errors++;
  }
  return { ms: ms.sort((a, b) => a - b), errors, cpuMs: cpu / runs };
}

export function runPilaBench(opts: { runs?: number; n?: number } = {}): { rows: PilaRow[]; notes: string[] } {
  const runs = opts.runs ?? 20;
  const n = opts.n ?? 10_000;
  const bytes = aLatin1(generarPila({ periodo: '2025-04', n, seed: 1 }));
  const a = medir(runs, () => parsePila(bytes), n);
  const s = medir(
    runs,
    () => {
      const lector = new LectorPilaBytes();
      for (let i = 0; i < bytes.length; i += CHUNK) lector.agregar(bytes.subarray(i, i + CHUNK));
      return lector.fin();
    },
    n,
  );
  const total = a.ms.reduce((x, y) => x + y, 0);
  const row: PilaRow = {
    endpoint: `${PILA_NAME}: parse ${n.toLocaleString('en')} cotizantes (${(bytes.length / 1e6).toFixed(1)} MB)`,
    db: '-',
    conns: 1,
    rps: total > 0 ? (runs / total) * 1000 : 0,
    p50: round(pct(a.ms, 50)),
    p99: round(pct(a.ms, 99)),
    errors: a.errors + s.errors,
    paced: true,
    goal: `p99<${GOAL_MS}ms ${pct(a.ms, 99) < GOAL_MS ? 'ok' : 'MISSED'}`,
  };
  const notes = [
    `pila: ${runs} runs after 3 warm-up; CPU time per parse ${round(a.cpuMs)} ms (wall p50 ${row.p50} ms); streaming reader in ${CHUNK / 1024} KB chunks p50 ${round(pct(s.ms, 50))} ms, ` +
      `p99 ${round(pct(s.ms, 99))} ms, CPU ${round(s.cpuMs)} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  ];
  return { rows: [row], notes };
}

// Standalone run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) =>
    Number(process.argv.find((x) => x.startsWith(`--${name}=`))?.split('=')[1]) || undefined;
  const { rows, notes } = runPilaBench({ runs: arg('runs'), n: arg('n') });
  for (const r of rows)
    console.log(`${r.endpoint}: p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, ${r.goal}`);
  for (const note of notes) console.log(note);
  process.exitCode = rows.some((r) => r.errors > 0) ? 1 : 0;
}

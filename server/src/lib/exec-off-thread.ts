import { Worker } from 'node:worker_threads';

/**
 * `execFile` from a worker thread (docs/decisions/120): starting a child process forks the server,
 * and the fork of a 200+ MB process held the event loop for 9-46 ms per call (measured with the OCR
 * rows of `npm run bench`). One small worker, started on first use and not keeping the process
 * alive, starts the children; the event loop only posts a message and receives the output.
 */
export type ExecResult = {
  /** Exit code 0. */
  ok: boolean;
  stdout: string;
  stderr: string;
  /** Killed by the time limit (SIGKILL). */
  killed: boolean;
};

export type ExecOptions = {
  input?: Uint8Array;
  timeoutMs: number;
  maxBuffer: number;
  env?: NodeJS.ProcessEnv;
  /** CPU priority of the child (nice), when allowed. */
  nice?: number;
};

// Plain JavaScript (no loader): the worker needs nothing of the project.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { execFile } = require('node:child_process');
const { setPriority } = require('node:os');
parentPort.on('message', (m) => {
  let child;
  try {
    child = execFile(m.bin, m.args, {
      timeout: m.timeoutMs, killSignal: 'SIGKILL', maxBuffer: m.maxBuffer, encoding: 'utf8', env: m.env,
    }, (err, stdout, stderr) => {
      parentPort.postMessage({
        id: m.id, ok: !err, stdout: String(stdout ?? ''), stderr: String(stderr ?? ''),
        killed: !!err && (child.killed || err.signal === 'SIGKILL'),
      });
    });
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, stdout: '', stderr: String(e), killed: false });
    return;
  }
  if (m.nice && child.pid) { try { setPriority(child.pid, m.nice); } catch {} }
  child.stdin?.on('error', () => {});
  child.stdin?.end(m.input ? Buffer.from(m.input) : undefined);
});
`;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (r: ExecResult) => void>();

function failAll(reason: string) {
  for (const resolve of pending.values()) resolve({ ok: false, stdout: '', stderr: reason, killed: false });
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, { eval: true, stdout: false, stderr: false });
  w.unref();
  w.on('message', (msg: ExecResult & { id: number }) => {
    const resolve = pending.get(msg.id);
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    const { ok, stdout, stderr, killed } = msg;
    resolve?.({ ok, stdout, stderr, killed });
  });
  const gone = (err?: unknown) => {
    if (worker === w) worker = null;
    failAll(`exec worker ended: ${String(err ?? 'exit')}`);
  };
  w.on('error', gone);
  w.on('exit', () => gone());
  return (worker = w);
}

/** Runs `bin args` with `input` on stdin; never throws, never blocks the event loop on the fork. */
export function execOffThread(bin: string, args: string[], opts: ExecOptions): Promise<ExecResult> {
  return new Promise((resolve) => {
    const w = thread();
    const id = nextId++;
    pending.set(id, resolve);
    w.ref(); // a running child keeps the process alive, as execFile would
    w.postMessage({
      id,
      bin,
      args,
      input: opts.input,
      timeoutMs: opts.timeoutMs,
      maxBuffer: opts.maxBuffer,
      env: opts.env ?? process.env,
      nice: opts.nice,
    });
  });
}

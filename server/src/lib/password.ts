import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** argon2id at OWASP's floor (19 MiB, t=2, p=1). */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing threads (docs/decisions/145): at most 2 hashes at once, so a flood cannot take more than
 * the machine's 2 cores, each in a worker thread of its own that runs one hash at a time.
 */
export const HASH_THREADS = 2;

/**
 * CPU priority (nice) of the hashing threads on Linux, where it is a property of the thread: the
 * event loop, the database and the other requests go first while sign-ins of a flood wait. Elsewhere
 * the priority is the process's, and it stays as it is.
 */
export const HASH_THREAD_NICE = 19;

// Plain JavaScript (no loader), like lib/exec-off-thread.ts: the worker needs only the argon2 addon.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
if (workerData.nice) { try { require('node:os').setPriority(workerData.nice); } catch {} }
parentPort.on('message', (m) => {
  try {
    const result = m.op === 'hash'
      ? argon2.hashSync(m.password, workerData.options)
      : argon2.verifySync(m.stored, m.password);
    parentPort.postMessage({ id: m.id, ok: true, result });
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, result: String((e && e.message) || e) });
  }
});
`;

type Job = { op: 'hash'; password: string } | { op: 'verify'; stored: string; password: string };
type Pending = Job & { id: number; resolve: (v: string | boolean) => void; reject: (e: Error) => void };
type Thread = { worker: Worker; job: Pending | null };

const ARGON2_MODULE = createRequire(import.meta.url).resolve('@node-rs/argon2');
const threads: Thread[] = [];
const queue: Pending[] = [];
let nextId = 1;

function startThread(): Thread {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    stdout: false,
    stderr: false,
    workerData: {
      argon2: ARGON2_MODULE,
      options: ARGON2_OPTIONS,
      nice: process.platform === 'linux' ? HASH_THREAD_NICE : 0,
    },
  });
  worker.unref();
  const thread: Thread = { worker, job: null };
  worker.on('message', (msg: { id: number; ok: boolean; result: string | boolean }) => {
    const job = thread.job;
    thread.job = null;
    worker.unref();
    if (job && job.id === msg.id) {
      if (msg.ok) job.resolve(msg.result);
      else job.reject(new Error(String(msg.result)));
    }
    pump();
  });
  const gone = (err?: unknown) => {
    const i = threads.indexOf(thread);
    if (i >= 0) threads.splice(i, 1);
    const job = thread.job;
    thread.job = null;
    job?.reject(new Error(`hashing thread ended: ${String(err ?? 'exit')}`));
    pump();
  };
  worker.on('error', gone);
  worker.on('exit', () => gone());
  threads.push(thread);
  return thread;
}

/** Hands queued jobs to idle threads, starting threads up to HASH_THREADS. */
function pump() {
  while (queue.length) {
    const thread = threads.find((t) => !t.job) ?? (threads.length < HASH_THREADS ? startThread() : undefined);
    if (!thread) return;
    const job = queue.shift()!;
    thread.job = job;
    if (job.op === 'verify') verifications++;
    thread.worker.ref(); // a hash under way keeps the process alive, as a pending promise would
    const { id, op, password } = job;
    thread.worker.postMessage(
      op === 'hash' ? { id, op, password } : { id, op, password, stored: job.stored },
    );
  }
}

function run(job: Job): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    queue.push({ ...job, id: nextId++, resolve, reject });
    pump();
  });
}

export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: 'hash', password })) as string;
}

// A real hash of a random string, computed once, so that unknown users cost the same as known ones.
let dummy: Promise<string> | undefined;

let verifications = 0;

/**
 * How many argon2 verifications this process has run. Sign-in and password change must do the same
 * work whatever the account's state (docs/decisions/076); their tests count it here.
 */
export function verificationCount(): number {
  return verifications;
}

async function verifyOnce(stored: string, password: string): Promise<boolean> {
  return (await run({ op: 'verify', stored, password }).catch(() => false)) === true;
}

/** Verifies; with no stored hash, still pays for one verification and returns false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(crypto.randomUUID());
    await verifyOnce(await dummy, password);
    return false;
  }
  return verifyOnce(stored, password);
}

/**
 * Checks a password against an account's regular and temporary hashes with exactly two
 * verifications, run side by side, whichever hashes exist (a missing one costs a dummy): a pending
 * recovery cannot be read from the time a wrong password takes.
 */
export async function verifyRegularOrTemporary(
  regular: string | null | undefined,
  temporary: string | null | undefined,
  password: string,
): Promise<{ regular: boolean; temporary: boolean }> {
  const [r, t] = await Promise.all([verifyPassword(regular, password), verifyPassword(temporary, password)]);
  return { regular: r, temporary: t };
}

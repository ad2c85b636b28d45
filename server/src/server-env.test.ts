import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SERVER_MALLOC_ENV,
  serverEnvToAdd,
  serverMallocEnvToAdd,
  serverNodeOptions,
  usesGlibc,
  withoutServerMallocEnv,
  withServerEnv,
} from './server-env.mjs';

describe('the server malloc settings (decision 151)', () => {
  it('are taken out for the programs the server starts that are not Node, other tunables kept', () => {
    const env = { ...withServerEnv({ A: 'b', GLIBC_TUNABLES: 'glibc.pthread.rseq=1' }) };
    expect(withoutServerMallocEnv(env)).toEqual({
      A: 'b',
      GLIBC_TUNABLES: 'glibc.pthread.rseq=1',
      ...(env.NODE_OPTIONS ? { NODE_OPTIONS: env.NODE_OPTIONS } : {}),
    });
    expect(
      withoutServerMallocEnv({ ...SERVER_MALLOC_ENV, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' }),
    ).toEqual({});
  });

  it('are added on glibc when no malloc variable is set, and never over the caller’s own', () => {
    expect(serverMallocEnvToAdd({}, true)).toEqual({
      MALLOC_MMAP_THRESHOLD_: '1048576',
      MALLOC_ARENA_MAX: '2',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    });
    // Another kind of tunable is kept, the server's come after it.
    expect(serverMallocEnvToAdd({ GLIBC_TUNABLES: 'glibc.cpu.hwcaps=-AVX2' }, true)).toEqual({
      ...SERVER_MALLOC_ENV,
      GLIBC_TUNABLES: 'glibc.cpu.hwcaps=-AVX2:glibc.malloc.hugetlb=1',
    });
    expect(serverMallocEnvToAdd({}, false)).toBeNull();
    for (const own of [
      { MALLOC_MMAP_THRESHOLD_: '65536' },
      { MALLOC_ARENA_MAX: '2' },
      { MALLOC_TRIM_THRESHOLD_: '131072' },
      { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' },
    ])
      expect(serverMallocEnvToAdd(own, true), JSON.stringify(own)).toBeNull();
  });
});

describe('the server V8 flags (decision 155)', () => {
  it('are added to NODE_OPTIONS on Linux, after the caller’s own options, never over a value it gave', () => {
    expect(serverNodeOptions({}, [], 'linux')).toBe('--max-semi-space-size=32');
    expect(serverNodeOptions({ NODE_OPTIONS: ' --enable-source-maps ' }, [], 'linux')).toBe(
      '--enable-source-maps --max-semi-space-size=32',
    );
    expect(serverNodeOptions({}, [], 'darwin')).toBeNull();
    expect(serverNodeOptions({ NODE_OPTIONS: '--max-semi-space-size=8' }, [], 'linux')).toBeNull();
    expect(serverNodeOptions({ NODE_OPTIONS: '--max_semi_space_size=8' }, [], 'linux')).toBeNull();
    expect(serverNodeOptions({}, ['--max-semi-space-size=64'], 'linux')).toBeNull();
  });

  it('come with the malloc variables, each left out when the caller chose it', () => {
    const linux = { glibc: true, execArgv: [], platform: 'linux' };
    expect(serverEnvToAdd({}, linux)).toEqual({
      MALLOC_MMAP_THRESHOLD_: '1048576',
      MALLOC_ARENA_MAX: '2',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
      NODE_OPTIONS: '--max-semi-space-size=32',
    });
    expect(serverEnvToAdd({ MALLOC_ARENA_MAX: '2' }, linux)).toEqual({
      NODE_OPTIONS: '--max-semi-space-size=32',
    });
    expect(serverEnvToAdd({ NODE_OPTIONS: '--max-semi-space-size=16' }, linux)).toEqual({
      ...SERVER_MALLOC_ENV,
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    });
    expect(
      serverEnvToAdd({ MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=16' }, linux),
    ).toBeNull();
    expect(serverEnvToAdd({}, { glibc: false, execArgv: [], platform: 'darwin' })).toBeNull();
    const own = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=16', A: 'b' };
    expect(withServerEnv(own)).toEqual(own);
  });
});

/**
 * A script that starts like scripts/start.mjs (rerunWithServerEnv first), then prints what
 * the process that goes on sees and does what its argument says.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'proveedores-server-env-'));
const script = path.join(dir, 'start-like.mjs');
writeFileSync(
  script,
  `import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { rerunWithServerEnv } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, 'server-env.mjs')).href)};
if (rerunWithServerEnv()) await new Promise(() => {});
const mode = process.argv[2];
// Of an upload-sized buffer written through, how much the kernel backs with transparent huge pages.
const anonHugeKb = () => Number(/AnonHugePages:\\s+(\\d+)/.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'))?.[1] ?? 0);
const hugeBefore = anonHugeKb();
const upload = Buffer.alloc(7 << 20, 1);
const hugeKb = anonHugeKb() - hugeBefore;
// The handler is in place before the line that tells the test it may send the signal.
if (mode === 'wait') {
  process.on('SIGTERM', () => { console.log('SIGTERM'); setTimeout(() => process.exit(0), 50); });
  setInterval(() => {}, 1000);
}
console.log(JSON.stringify({ pid: process.pid, ppid: process.ppid, threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, arenas: process.env.MALLOC_ARENA_MAX ?? null, nodeOptions: process.env.NODE_OPTIONS ?? null, heapLimit: getHeapStatistics().heap_size_limit, hugeKb, size: upload.length, mark: Object.keys(process.env).filter((k) => k.startsWith('PROVEEDORES_')) }));
// Not a test: the started script ends with its own code, which the first process must pass on.
if (mode === 'exit') process.exit(7);
`,
);
/** Second processes the tests saw, stopped at the end should a test fail before they end. */
const seenPids: number[] = [];
afterAll(() => {
  for (const pid of seenPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function run(mode: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script, mode], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const parts = out.split('\n');
    out = parts.pop()!;
    lines.push(...parts);
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = async (n: number) => {
    while (lines.length <= n) await new Promise<void>((r) => waiters.push(r));
    return lines[n];
  };
  return { child, exited, line };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The kernel's transparent huge page mode ("always", "madvise", "never"), null when it has none. */
function transparentHugePages(): string | null {
  try {
    return /\[(\w+)\]/.exec(readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

const noMalloc = () => {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith('MALLOC_') || name === 'GLIBC_TUNABLES' || name === 'NODE_OPTIONS') delete env[name];
  return env;
};

describe.runIf(usesGlibc())('a script that starts with rerunWithServerEnv, on glibc', () => {
  it('runs itself once more with the settings and ends with its exit code', async () => {
    const r = run('exit', noMalloc());
    const seen = JSON.parse(await r.line(0)) as {
      pid: number;
      ppid: number;
      threshold: string;
      arenas: string;
      nodeOptions: string;
      mark: string[];
    };
    expect(seen.threshold).toBe(SERVER_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_);
    expect(seen.arenas).toBe('2');
    expect(seen.nodeOptions).toBe('--max-semi-space-size=32');
    expect(seen.mark).toEqual([]); // the mark of the second process is not passed on to its children
    expect(seen.ppid).toBe(r.child.pid);
    expect(await r.exited).toEqual({ code: 7, signal: null });
  });

  it('runs in the same process when the caller set the variable and the flag', async () => {
    const r = run('exit', {
      ...noMalloc(),
      MALLOC_MMAP_THRESHOLD_: '65536',
      NODE_OPTIONS: '--max-semi-space-size=16',
    });
    const seen = JSON.parse(await r.line(0)) as { pid: number; threshold: string };
    expect(seen).toMatchObject({ pid: r.child.pid, threshold: '65536' });
    expect(await r.exited).toEqual({ code: 7, signal: null });
  });

  it('gives the second process a larger young generation than a process with the default', async () => {
    const rerun = run('exit', noMalloc());
    const own = run('exit', {
      ...noMalloc(),
      MALLOC_ARENA_TEST: '8',
      NODE_OPTIONS: '--max-semi-space-size=16',
    });
    const [a, b] = [JSON.parse(await rerun.line(0)), JSON.parse(await own.line(0))] as Array<{
      heapLimit: number;
    }>;
    // V8's heap limit counts the young generation's largest size (its semi-spaces) in.
    expect(a.heapLimit).toBeGreaterThan(b.heapLimit);
    await Promise.all([rerun.exited, own.exited]);
  });

  // Only in "madvise" mode does the tunable make the difference: with "always" both processes get
  // huge pages, with "never" (or no such kernel setting) neither does.
  it.runIf(transparentHugePages() === 'madvise')(
    'gives the second process huge pages for an upload-sized buffer, which the default does not (decision 157)',
    async () => {
      const rerun = run('exit', noMalloc());
      const own = run('exit', { ...noMalloc(), MALLOC_ARENA_TEST: '8' });
      const [a, b] = [JSON.parse(await rerun.line(0)), JSON.parse(await own.line(0))] as Array<{
        hugeKb: number;
      }>;
      expect(a.hugeKb).toBeGreaterThanOrEqual(2048);
      expect(b.hugeKb).toBe(0);
      await Promise.all([rerun.exited, own.exited]);
    },
  );

  it('forwards SIGTERM to the second process and ends when it has ended', async () => {
    const r = run('wait', noMalloc());
    const seen = JSON.parse(await r.line(0)) as { pid: number; ppid: number };
    seenPids.push(seen.pid);
    expect(seen.ppid).toBe(r.child.pid);
    r.child.kill('SIGTERM');
    expect(await r.line(1)).toBe('SIGTERM');
    expect(await r.exited).toEqual({ code: 0, signal: null });
    expect(alive(seen.pid)).toBe(false);
  });

  it('stops the second process (as on SIGTERM) when the first is killed outright', async () => {
    const r = run('wait', noMalloc());
    const seen = JSON.parse(await r.line(0)) as { pid: number };
    seenPids.push(seen.pid);
    r.child.kill('SIGKILL');
    expect(await r.line(1)).toBe('SIGTERM');
    const end = Date.now() + 5000;
    while (alive(seen.pid) && Date.now() < end) await new Promise((ok) => setTimeout(ok, 50));
    expect(alive(seen.pid)).toBe(false);
  });

  it('ends by the same signal when the second process is killed', async () => {
    const r = run('wait', noMalloc());
    const seen = JSON.parse(await r.line(0)) as { pid: number };
    seenPids.push(seen.pid);
    process.kill(seen.pid, 'SIGKILL');
    expect(await r.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });
});

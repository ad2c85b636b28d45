// The settings the server process must have from its first instruction, in one place: the C
// allocator's (docs/decisions/151, 156, 157) and V8's young generation (docs/decisions/155). `npm start`
// (scripts/start.mjs) runs itself again with them, and the benchmarks start their servers with them.
// Plain JavaScript so that scripts/start.mjs can use it before it registers tsx.
//
// glibc's malloc reads its variables once, when the process starts, and V8 sizes its heap when it
// starts: a process cannot set either for itself. The malloc variables mean nothing off glibc (macOS,
// Windows, musl), so they are added on glibc only; the V8 flag is added on Linux, where the start
// script's second process is tested and the portal is deployed.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Buffers of 1 MB or more (an upload's body, its base64 text, its bytes) are mapped on their own and
 * given back to the system when freed. Without it glibc raises its mapping threshold to the size of
 * the first such buffer it frees, and every later one is carved out of its arenas, which keep the
 * memory after a burst of uploads (decisions 149 and 151). Two arenas instead of glibc's eight per
 * core: the threads that allocate (the event loop, libuv's pool, the file-check workers) share them,
 * and fewer arenas hold less at rest and after a burst, at no cost to the uploads (decision 156).
 */
export const SERVER_MALLOC_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_ARENA_MAX: '2' });

/**
 * glibc tunables added to GLIBC_TUNABLES, after the caller's own (which are kept): malloc asks the
 * kernel for transparent huge pages (madvise) on the memory it maps. An upload's 5-7 MB buffers are
 * then faulted in 2 MB pages instead of 4 KB ones: a third less server CPU per upload where the
 * kernel's transparent huge pages are in "madvise" mode (decision 157). glibc 2.35 or later; older
 * versions ignore the name, and with huge pages "never" it asks for nothing.
 */
export const SERVER_MALLOC_TUNABLES = Object.freeze(['glibc.malloc.hugetlb=1']);

/**
 * V8's young generation: each of its two semi-spaces may grow to 32 MB (16 MB by default on 64 bits).
 * A list request allocates its rows, objects and JSON; with the default, scavenges run about twice as
 * often and promote more, and the server spends 10-15% more CPU per list request (decision 155).
 */
export const SERVER_V8_FLAGS = Object.freeze(['--max-semi-space-size=32']);

/** Any of these in the environment means that whoever started the server chose the allocator's settings. */
const MALLOC_VARIABLES = [
  'MALLOC_MMAP_THRESHOLD_',
  'MALLOC_TRIM_THRESHOLD_',
  'MALLOC_TOP_PAD_',
  'MALLOC_MMAP_MAX_',
  'MALLOC_ARENA_MAX',
  'MALLOC_ARENA_TEST',
];

/** True on Linux with glibc (Node's own report says which C library it runs on). */
export function usesGlibc() {
  if (process.platform !== 'linux') return false;
  process.report.excludeNetwork = true;
  const header = /** @type {{ glibcVersionRuntime?: string }} */ (process.report.getReport().header);
  return Boolean(header.glibcVersionRuntime);
}

/**
 * The malloc variables to add to `env` for the server process (GLIBC_TUNABLES: the caller's own
 * tunables, then the server's), or null when there is nothing to add: not glibc, or any malloc
 * variable (or a `glibc.malloc.` tunable) already set, which is left as it is.
 * @param {NodeJS.ProcessEnv} env
 * @param {boolean} glibc
 * @returns {Record<string, string> | null}
 */
export function serverMallocEnvToAdd(env = process.env, glibc = usesGlibc()) {
  if (!glibc) return null;
  if (MALLOC_VARIABLES.some((name) => env[name] !== undefined)) return null;
  if ((env.GLIBC_TUNABLES ?? '').includes('glibc.malloc.')) return null;
  const tunables = [env.GLIBC_TUNABLES, ...SERVER_MALLOC_TUNABLES].filter(Boolean).join(':');
  return { ...SERVER_MALLOC_ENV, GLIBC_TUNABLES: tunables };
}

/** The name of a V8 flag (`--max-semi-space-size` of `--max-semi-space-size=32`; `_` as `-`). */
const flagName = (flag) => flag.split('=')[0].replaceAll('_', '-');

/**
 * NODE_OPTIONS with the server's V8 flags added, or null when there is nothing to add: not Linux,
 * or each flag already given by whoever starts the server (in NODE_OPTIONS or on node's command
 * line, `execArgv`), whose value is left as it is.
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} execArgv
 * @param {string} platform
 * @returns {string | null}
 */
export function serverNodeOptions(
  env = process.env,
  execArgv = process.execArgv,
  platform = process.platform,
) {
  if (platform !== 'linux') return null;
  const given = new Set(
    [...(env.NODE_OPTIONS ?? '').split(/\s+/), ...execArgv].filter(Boolean).map(flagName),
  );
  const add = SERVER_V8_FLAGS.filter((flag) => !given.has(flagName(flag)));
  if (!add.length) return null;
  return [env.NODE_OPTIONS?.trim(), ...add].filter(Boolean).join(' ');
}

/**
 * The variables to add to `env` for the server process (malloc variables, NODE_OPTIONS), or null
 * when it has them all or they do not apply.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ glibc?: boolean, execArgv?: readonly string[], platform?: string }} [where]
 * @returns {Record<string, string> | null}
 */
export function serverEnvToAdd(env = process.env, where = {}) {
  const malloc = serverMallocEnvToAdd(env, where.glibc ?? usesGlibc());
  const nodeOptions = serverNodeOptions(
    env,
    where.execArgv ?? process.execArgv,
    where.platform ?? process.platform,
  );
  if (!malloc && nodeOptions === null) return null;
  return { ...malloc, ...(nodeOptions === null ? {} : { NODE_OPTIONS: nodeOptions }) };
}

/**
 * `env` without the C allocator settings the server is given (SERVER_MALLOC_ENV's variables and
 * SERVER_MALLOC_TUNABLES in GLIBC_TUNABLES; the caller's other tunables are kept), for the programs
 * the server starts that are not Node: the embedded PostgreSQL. They were chosen and measured for
 * Node's upload buffers (decisions 151, 156, 157); PostgreSQL's backends run with glibc's defaults, as
 * a deployment's own PostgreSQL server does.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withoutServerMallocEnv(env) {
  const out = { ...env };
  for (const name of Object.keys(SERVER_MALLOC_ENV)) delete out[name];
  const tunables = (out.GLIBC_TUNABLES ?? '')
    .split(':')
    .filter((t) => t && !SERVER_MALLOC_TUNABLES.includes(t))
    .join(':');
  if (tunables) out.GLIBC_TUNABLES = tunables;
  else delete out.GLIBC_TUNABLES;
  return out;
}

/**
 * `env` with the server's settings added, for a process that starts the server (`node` with no
 * flags of its own on its command line).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withServerEnv(env) {
  return { ...env, ...serverEnvToAdd(env, { execArgv: [] }) };
}

/** Forwarded to the second process; with stdio inherited, a terminal's Ctrl-C reaches both anyway. */
const FORWARDED = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']);

/** Set by the first process for the second one only (removed at once from its environment). */
const RERUN_MARK = 'PROVEEDORES_SERVER_ENV_RERUN';

/**
 * When this process lacks the server's settings (and they apply), runs this same script
 * again (same node, flags and arguments) with them in its environment, stdio inherited, forwards
 * the signals above to it and ends as it ends: its exit code, or the signal that ended it.
 * Returns true then (the caller must do nothing more); false when this process is the one to go on.
 * The second process watches the first: if that one is killed outright (kill -9), the second stops
 * as on SIGTERM instead of running on without it (and its embedded PostgreSQL with it).
 * @returns {boolean}
 */
export function rerunWithServerEnv() {
  if (process.env[RERUN_MARK] !== undefined) {
    const parent = Number(process.env[RERUN_MARK]);
    delete process.env[RERUN_MARK];
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      process.kill(process.pid, 'SIGTERM');
    }, 1000);
    watch.unref();
    return false;
  }
  const add = serverEnvToAdd();
  if (!add) return false;
  const script = process.argv[1];
  const child = spawn(process.execPath, [...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...add, [RERUN_MARK]: String(process.pid) },
  });
  if (child.pid === undefined) {
    // Could not start a process (e.g. out of processes): go on here without the settings.
    child.on('error', () => {});
    return false;
  }
  /** @type {Array<[string, () => void]>} */
  const handlers = FORWARDED.map((signal) => [signal, () => void child.kill(signal)]);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  child.on('exit', (code, signal) => {
    for (const [s, handler] of handlers) process.off(s, handler);
    if (signal) {
      process.kill(process.pid, signal);
      process.exit(128 + (constants.signals[signal] ?? 0)); // a signal whose default is not to end
    }
    process.exit(code ?? 1);
  });
  return true;
}

// Types of server-env.mjs (plain JavaScript, used by scripts/start.mjs before tsx; decisions 151, 155).
export declare const SERVER_MALLOC_ENV: Readonly<Record<string, string>>;
export declare const SERVER_MALLOC_TUNABLES: readonly string[];
export declare const SERVER_V8_FLAGS: readonly string[];
export declare function usesGlibc(): boolean;
export declare function serverMallocEnvToAdd(
  env?: NodeJS.ProcessEnv,
  glibc?: boolean,
): Record<string, string> | null;
export declare function serverNodeOptions(
  env?: NodeJS.ProcessEnv,
  execArgv?: readonly string[],
  platform?: string,
): string | null;
export declare function serverEnvToAdd(
  env?: NodeJS.ProcessEnv,
  where?: { glibc?: boolean; execArgv?: readonly string[]; platform?: string },
): Record<string, string> | null;
export declare function withServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function withoutServerMallocEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function rerunWithServerEnv(): boolean;

// Types of malloc-env.mjs (plain JavaScript, used by scripts/start.mjs before tsx; decision 151).
export declare const SERVER_MALLOC_ENV: Readonly<Record<string, string>>;
export declare function usesGlibc(): boolean;
export declare function serverMallocEnvToAdd(
  env?: NodeJS.ProcessEnv,
  glibc?: boolean,
): Record<string, string> | null;
export declare function withServerMallocEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function rerunWithServerMallocEnv(): boolean;

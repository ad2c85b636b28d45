import { useEffect, useState } from 'react';
import type { LoginConfig } from '@proveedores/domain';
import { api } from './api-client';

/**
 * Public settings from GET /api/login/config: SST mailbox, password cipher key, captcha challenge
 * URL. Shared by the login screen and the settings page (cipher key for the new password). Fetched
 * once per page load; the login screen reads it without TanStack Query or zod (decision 073, login
 * route budget), so the shape is checked by hand.
 */
let cached: Promise<LoginConfig> | undefined;

async function load(): Promise<LoginConfig> {
  const c = (await api.get('api/login/config', { auth: false })) as Record<string, unknown> | null;
  for (const k of ['sstMailbox', 'cipherKey', 'captchaChallengeUrl'] as const)
    if (typeof c?.[k] !== 'string') throw new Error(`login config: ${k}`);
  return c as LoginConfig;
}

export function fetchLoginConfig(): Promise<LoginConfig> {
  return (cached ??= load().catch((err: unknown) => {
    cached = undefined; // a failed load is tried again next time
    throw err;
  }));
}

/** TanStack Query options (signed-in pages, decision 011). */
export const loginConfigQueryOptions = () => ({
  queryKey: ['login', 'config'] as const,
  queryFn: fetchLoginConfig,
  staleTime: Infinity,
});

/** The login screen's read of the settings: { data } once loaded, { error } when it failed. */
export function useLoginConfig(): { data?: LoginConfig; error?: unknown } {
  const [state, setState] = useState<{ data?: LoginConfig; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    fetchLoginConfig().then(
      (data) => live && setState({ data }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getSession, subscribeSession } from './session';

/** One QueryClient (decision 011): no retries on 4xx (they will not get better), one on others. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});

/**
 * Cached answers belong to the session that fetched them: when the session ends or another one
 * starts in this tab (a second company signing in), the cache is dropped, so nobody sees the
 * previous company's contracts, summary or lists, not even for a moment.
 */
let cacheOwner: string | null = null;
subscribeSession(() => {
  const owner = getSession()?.claims.guidses ?? null;
  // Ended, or replaced by another session: drop what the previous one fetched.
  if (owner === null || (cacheOwner !== null && owner !== cacheOwner)) queryClient.clear();
  cacheOwner = owner;
});

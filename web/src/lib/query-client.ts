import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * How long the data of a page that the first load prefetched (see app/page-preload.tsx)
 * counts as fresh: the page, rendering moments later, shows it without asking again.
 * Every change the app makes invalidates these queries explicitly.
 */
export const PREFETCHED_PAGE_STALE_TIME = 30_000;

/**
 * TanStack Query defaults are kept (5-minute GC, 3 retries with exponential back-off capped
 * at 30 s), except that a 4xx answer is final: retrying a 404 or 403 cannot succeed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
      },
    },
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/get-me.ts';

/**
 * Waits until everything the first render of a pre-rendered page reads is in the cache
 * (ADR 35): the page's code (`firstPageCode`, from preloadMatchedPages), who is signed in,
 * and the answers to the page's first requests. The server renders the page once they are;
 * the browser hydrates it once they are, from the same inlined answers, so both render the
 * same markup. The page's later requests start from its first one's answer, a microtask
 * later: the cache counts as settled once a macrotask finds nothing fetching.
 */
export async function firstRenderReady(
  queryClient: QueryClient,
  firstPageCode: Promise<void>,
): Promise<void> {
  await Promise.all([firstPageCode, queryClient.prefetchQuery(meQueryOptions)]);
  do {
    await new Promise((resolve) => setTimeout(resolve, 0));
  } while (queryClient.isFetching() > 0);
}

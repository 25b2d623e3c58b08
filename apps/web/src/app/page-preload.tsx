import { type FirstPage, type FirstRequest, mayMakeRequest, type User } from '@basha/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';
import type { Params, RouteObject } from 'react-router';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { preloadPhoto } from '../features/listings/components/preload-photo.ts';
import { AnnounceAppStarted } from '../lib/app-started.tsx';
import { loadOrReload } from '../lib/outdated-app.ts';
import { listingsArePublic } from '../lib/public-listings.ts';
import { yieldToBrowser } from '../lib/yield-to-browser.ts';
import { fetchFirstRequest } from './first-requests.ts';

/** What a page's first requests are made from: the address it opens at. */
export type PrefetchContext = {
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
};

/** The data a page shows first, asked for before its code has even arrived. */
export type Prefetch = (context: PrefetchContext) => Promise<unknown>;

/** `loadPage` for pages in a chunk of their own; `prefetch` for any page. */
export type PageHandle = { loadPage?: () => Promise<unknown>; prefetch?: Prefetch };

/**
 * A page in its own chunk (the first load carries only what it shows) that can be fetched
 * ahead of its render: without that, a page's code was asked for only once the session had
 * arrived and the guards rendered it, and its data only once its code had run: three round
 * trips one after the other on a slow phone network.
 */
export function lazyPage(
  loadPage: () => Promise<{ default: ComponentType }>,
  prefetch?: Prefetch,
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  // A tab opened before a deploy asks for the previous build's files: reload to the new one.
  const load = () =>
    loadOrReload(loadPage).then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(load);
  // Once its code is here (the first page's is, before the first render), a page renders at
  // once. Through React.lazy it would suspend for a moment, show the spinner, and React then
  // holds the page back ~300 ms (it throttles what replaces a fallback). Which of the two a
  // page renders is settled when it mounts, so it never remounts and loses its state.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when the router is built, never during a render; each page needs a component type of its own, or React would keep one page's state (and component) when the route changes to another.
  function Page() {
    const [Loaded] = useState(() => loaded);
    return (
      <>
        {Loaded ? <Loaded /> : <LazyPage />}
        <AnnounceAppStarted />
      </>
    );
  }
  return { element: <Page />, handle: { loadPage: load, prefetch } satisfies PageHandle };
}

/**
 * Starts everything the page at the current address needs: the chunks of its matched routes
 * and their data, each in a task of its own right after the app's start (a page's prefetch
 * reads the address through the domain's schemas, 5-7 ms the first time in Lighthouse's
 * Chromium: with the rest of the start it made one long task). Only for the first page:
 * later navigations start from a rendered app whose session is known. Resolves once the
 * chunks are here (or failed).
 */
export async function preloadMatchedPages(
  matches: { params: Params; route: RouteObject }[],
  searchParams: URLSearchParams,
  queryClient: QueryClient,
): Promise<void> {
  const downloads = matches.map(async ({ params, route }) => {
    const handle = route.handle as PageHandle | undefined;
    await yieldToBrowser();
    // A failed prefetch is the page's query's to report (it asks again when the page mounts),
    // a failed download React.lazy's (it asks again when the page renders).
    handle?.prefetch?.({ queryClient, params, searchParams }).catch(() => undefined);
    await yieldToBrowser();
    return handle?.loadPage?.().catch(() => undefined);
  });
  await Promise.all(downloads);
}

/**
 * The prefetch of a page in the domain's page table: the requests the table lists for the
 * address that the account (or visitor) may make, the main one first, and the photo it names. A
 * visitor sent to the login page by a guard therefore causes no refused request. The server
 * inlined the same answers under the same URLs (ADR 7): on a first load none of them is a
 * request.
 */
export function firstPagePrefetch(page: FirstPage): Prefetch {
  return async ({ queryClient, params, searchParams }) => {
    const requests = page.requestsAt({ params, search: searchParams });
    const [main] = requests;
    if (!main) return;
    const me: User | null = requests.every((request) => request.who === 'everyone')
      ? null
      : await queryClient.fetchQuery(meQueryOptions);
    const may = (request: FirstRequest) => mayMakeRequest(request, me?.role, listingsArePublic());
    if (!may(main)) return;
    const mainAnswer = await fetchFirstRequest(queryClient, main);
    preloadPhoto(page.photoIn(mainAnswer), page.photoSizes);
    // Only once the main content is there, as the server inlines them: a listing that does
    // not exist has no reviews to ask for (the page shows "not found" and asks for none).
    const others = requests.slice(1).filter(may);
    // A failed request is its query's to report, when the page renders and asks again.
    for (const other of others) fetchFirstRequest(queryClient, other).catch(() => undefined);
  };
}

// The server entry (ADR 35): the API process loads it from the web build
// (dist/.server/render-page.js) and pre-renders public pages with the app's own components,
// from the same answers it inlines for the browser, which then hydrates them.
import '../lib/zod-config.ts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { firstRenderReady } from '../app/first-render.ts';
import { preloadMatchedPages } from '../app/page-preload.tsx';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes, routes } from '../app/router.tsx';
import { withFirstAnswers } from '../lib/first-answers.ts';
import { loadCatalog } from '../lib/i18n/catalog.ts';
import type { Locale } from '../lib/i18n/define-messages.ts';
import { createQueryClient } from '../lib/query-client.ts';

export type PageToRender = {
  /** The page's address: path and query string. */
  url: string;
  /** The page's language, the address's (`?lang=`). */
  locale: Locale;
  /** The API answers the page inlines, by request URL (first-page-hints.ts). */
  answers: Record<string, unknown>;
};

/**
 * The markup of `#root` for the page, for a visitor or an account alike (the session is one
 * of its answers), or null when a first request of the page was not answered: the browser
 * then asks again and shows what it gets.
 */
export async function renderPage({ url, locale, answers }: PageToRender): Promise<string | null> {
  const address = new URL(url, 'http://basha.invalid');
  const queryClient = createQueryClient();
  // Nothing here is asked of the network: an answer the page lacks is a failure at once.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  await loadCatalog(locale);
  await withFirstAnswers(answers, () =>
    firstRenderReady(
      queryClient,
      preloadMatchedPages(
        matchRoutes(routes, address.pathname) ?? [],
        address.searchParams,
        queryClient,
      ),
    ),
  );
  const queries = queryClient.getQueryCache().getAll();
  if (queries.some((query) => query.state.status !== 'success')) return null;
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient} locale={locale}>
        <StaticRouter location={`${address.pathname}${address.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}

// The app's modules run in seven stages, each a task of its own: zod, the listing facts'
// schemas, the listings', the rest of the domain's, React DOM, the other libraries, then the
// app's; its start follows in tasks of its own. As one task (48 ms in Lighthouse's Chromium on
// the bench machine, four times that on its simulated phone) they kept the phone from
// answering input or painting all that while. Each stage took 1-12 ms there, most under 10
// (Lighthouse counts a longer task four times over as blocking time, a shorter one not at all,
// ADR 35). The first six end with a top-level await that lets the browser in (boot/*.ts);
// imported first, they run first.
import './boot/zod.ts';
import './boot/listing-facts.ts';
import './boot/listings.ts';
import './boot/contract.ts';
import './boot/react-dom.ts';
import './boot/libraries.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { firstRenderReady } from './app/first-render.ts';
import { preloadMatchedPages } from './app/page-preload.tsx';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, routes } from './app/router.tsx';
import { ScrollRestoration } from './app/scroll-restoration.tsx';
import { loadCatalog } from './lib/i18n/catalog.ts';
import { LOCALES, type Locale } from './lib/i18n/define-messages.ts';
import { loadSavedLocale } from './lib/i18n/i18n-provider.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import './index.css';

// The app's start (its first page's requests and data, below) in a task after its modules'.
await yieldToBrowser();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();
// The first page's code and data are asked for now, together, not one after the other as
// the guards and the page render. The first render waits for the page's code (the server
// names it in index.html, so it downloads alongside this script): a spinner first would
// hold the page back.
const firstPageCode = preloadMatchedPages(
  matchRoutes(routes, window.location) ?? [],
  new URLSearchParams(window.location.search),
  queryClient,
);
/** The app; `locale`: the language of its first render, when the server chose it. */
function app(locale?: Locale) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} locale={locale}>
        <BrowserRouter>
          {/* The pages inside it, not beside it: the tree then matches the server's, which
              has no scroll to restore, and so do the ids React makes (useId) for hydration. */}
          <ScrollRestoration>
            <AppRoutes />
          </ScrollRestoration>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>
  );
}

// A public page the server rendered (ADR 35): the app takes over the markup it finds, so its
// first render must be the server's: same data (the inlined answers, all in the cache first),
// same language (the page's, which a returning reader's saved choice replaces right after).
const renderedLocale = LOCALES.find((locale) => locale === document.documentElement.lang);
if (root.firstElementChild && renderedLocale) hydrate(renderedLocale);
else render();

function hydrate(locale: Locale) {
  Promise.all([
    loadSavedLocale().catch(() => undefined),
    loadCatalog(locale),
    firstRenderReady(queryClient, firstPageCode),
  ]).then(() => {
    // As a transition, hydration works in slices too (a transition's hydration lane is one
    // React renders concurrently); outside one, it ran as a single long task after the paint.
    startTransition(() => {
      hydrateRoot(root as HTMLElement, app(locale));
    });
  });
}

function render() {
  // A Bangla reader's texts first (English ones are part of this bundle): no English flash.
  // Should they fail to download, the app starts in English rather than not at all.
  Promise.all([loadSavedLocale().catch(() => undefined), firstPageCode]).then(() => {
    const reactRoot = createRoot(root as HTMLElement);
    // Rendered as a transition, React works in slices of a few milliseconds and lets the
    // browser in between (responses, paints), instead of one long task that blocks the phone.
    startTransition(() => reactRoot.render(app()));
  });
}

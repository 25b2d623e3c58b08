import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ConfirmDialogProvider } from '../components/ui/confirm-dialog.tsx';
import type { Locale } from '../lib/i18n/define-messages.ts';
import { I18nProvider } from '../lib/i18n/i18n-provider.tsx';
import { loadToasts, useToasterWanted } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';

const Toaster = lazy(() => import('../components/ui/toaster.tsx'));

/**
 * `queryClient`: the app's own, when requests start before the first render (main.tsx).
 * `locale`: the language of the first render, for a page rendered on the server (ADR 35).
 */
export function AppProvider({
  children,
  queryClient: given,
  locale,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  locale?: Locale;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={locale}>
        <ConfirmDialogProvider>
          {children}
          <Toasts />
        </ConfirmDialogProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** The toaster, a while after the page has loaded, or with the first toast. */
function Toasts() {
  const wanted = useToasterWanted();
  useEffect(() => whenSettled(() => void loadToasts().catch(() => undefined)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** After the load event, once the first page's photos are likely in. */
const SETTLE_MS = 2000;

/**
 * Runs `task` when the page has settled (loaded, a moment later, main thread idle), so what
 * it downloads and runs does not compete with the first page; returns a cancel.
 */
function whenSettled(task: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = window.setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task);
      else task();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

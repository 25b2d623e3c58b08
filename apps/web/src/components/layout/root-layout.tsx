import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFocusRequestOnNavigation } from '../../lib/focus-after-navigation.ts';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { OutdatedAppError } from '../../lib/outdated-app.ts';
import { useTitleResetOnNavigation } from '../../lib/page-title.ts';
import { paths } from '../../lib/paths.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { OutdatedAppMessage } from '../ui/outdated-app-message.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

const PAGES_WITHOUT_FOOTER: string[] = [paths.login, paths.signup];

export function RootLayout() {
  const { pathname } = useLocation();
  const { t } = useI18n();
  useTitleResetOnNavigation();
  useFocusRequestOnNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skip')}
      </a>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold and is not pushed down
          (a layout shift) when the page's data arrives. */}
      <main id="main" className="min-h-screen flex-1 pt-[70px]">
        {/* A page that fails to render says so; the navigation around it keeps working. */}
        <ErrorBoundary
          resetKey={pathname}
          fallback={(error) =>
            error instanceof OutdatedAppError ? (
              <OutdatedAppMessage />
            ) : (
              <p role="alert" className="mx-auto max-w-7xl px-4 py-10 text-lg text-slate-800">
                {t('error.generic')}
              </p>
            )
          }
        >
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {PAGES_WITHOUT_FOOTER.includes(pathname) ? null : <Footer />}
    </div>
  );
}

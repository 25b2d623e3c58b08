import { firstPages } from '@basha/domain';
import { type RouteObject, useRoutes } from 'react-router';
import { DashboardLayout } from '../components/layout/dashboard-layout.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { AnnounceAppStarted } from '../lib/app-started.tsx';
import { paths } from '../lib/paths.ts';
import {
  RequireRole,
  RequireSignIn,
  RequireSignInUnlessListingsArePublic,
  VisitorsOnly,
} from './guards.tsx';
import { firstPagePrefetch, lazyPage, type PageHandle } from './page-preload.tsx';
import HomePage from './routes/home.tsx';

// Every page but the home page is its own chunk (lazyPage): the first load carries only what
// it shows. The pages a first visit most often opens are in the domain's page table, which
// says what data they show first; the server inlines the same answers (ADR 7).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: (
          <>
            <HomePage />
            <AnnounceAppStarted />
          </>
        ),
        handle: { prefetch: firstPagePrefetch(firstPages.home) } satisfies PageHandle,
      },
      { path: 'about-us', ...lazyPage(() => import('./routes/about.tsx')) },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'login', ...lazyPage(() => import('./routes/login.tsx')) },
          { path: 'signup', ...lazyPage(() => import('./routes/signup.tsx')) },
          {
            path: paths.forgotPassword.slice(1),
            ...lazyPage(() => import('./routes/forgot-password.tsx')),
          },
        ],
      },
      // An emailed link may be opened where someone is signed in: it still sets the password.
      {
        path: paths.resetPassword.slice(1),
        ...lazyPage(() => import('./routes/reset-password.tsx')),
      },
      {
        element: <RequireSignInUnlessListingsArePublic />,
        children: [
          {
            path: firstPages.allProperties.pattern,
            ...lazyPage(
              () => import('./routes/all-properties.tsx'),
              firstPagePrefetch(firstPages.allProperties),
            ),
          },
          {
            path: firstPages.listingDetails.pattern,
            ...lazyPage(
              () => import('./routes/property-details.tsx'),
              firstPagePrefetch(firstPages.listingDetails),
            ),
          },
        ],
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { path: 'profile', ...lazyPage(() => import('./routes/dashboard/profile.tsx')) },
              // Users and agents talk; admins open a reported thread from their list (the
              // thread's own page, below). The server decides who reads which thread.
              {
                element: <RequireRole allow={['user', 'agent']} />,
                children: [
                  {
                    path: 'messages',
                    ...lazyPage(() => import('./routes/dashboard/messages.tsx')),
                  },
                ],
              },
              // Every account may keep searches and choose its emails.
              {
                path: 'saved-searches',
                ...lazyPage(() => import('./routes/dashboard/saved-searches.tsx')),
              },
              {
                path: 'email-settings',
                ...lazyPage(() => import('./routes/dashboard/email-settings.tsx')),
              },
              {
                path: 'messages/:id',
                ...lazyPage(() => import('./routes/dashboard/conversation.tsx')),
              },
              {
                element: <RequireRole allow="user" />,
                children: [
                  {
                    path: firstPages.wishlist.pattern,
                    ...lazyPage(
                      () => import('./routes/dashboard/wishlist.tsx'),
                      firstPagePrefetch(firstPages.wishlist),
                    ),
                  },
                  {
                    path: 'wishlist/make-offer/:id',
                    ...lazyPage(() => import('./routes/dashboard/make-offer.tsx')),
                  },
                  {
                    path: 'property-bought',
                    ...lazyPage(() => import('./routes/dashboard/property-bought.tsx')),
                  },
                  {
                    path: 'property-bought/payment/:id',
                    ...lazyPage(() => import('./routes/dashboard/payment.tsx')),
                  },
                  {
                    path: 'my-reviews',
                    ...lazyPage(() => import('./routes/dashboard/my-reviews.tsx')),
                  },
                ],
              },
              {
                element: <RequireRole allow="agent" />,
                children: [
                  {
                    path: 'add-property',
                    ...lazyPage(() => import('./routes/dashboard/add-property.tsx')),
                  },
                  {
                    path: 'update-property/:id',
                    ...lazyPage(() => import('./routes/dashboard/update-property.tsx')),
                  },
                  {
                    path: 'added-property',
                    ...lazyPage(() => import('./routes/dashboard/added-properties.tsx')),
                  },
                  {
                    path: 'sold-properties',
                    ...lazyPage(() => import('./routes/dashboard/sold-properties.tsx')),
                  },
                  {
                    path: 'requested-properties',
                    ...lazyPage(() => import('./routes/dashboard/requested-properties.tsx')),
                  },
                ],
              },
              {
                element: <RequireRole allow="admin" />,
                children: [
                  {
                    path: 'payments',
                    ...lazyPage(() => import('./routes/dashboard/payments.tsx')),
                  },
                  {
                    path: 'reported-conversations',
                    ...lazyPage(() => import('./routes/dashboard/reported-conversations.tsx')),
                  },
                  {
                    path: 'manage-properties',
                    ...lazyPage(() => import('./routes/dashboard/manage-properties.tsx')),
                  },
                  {
                    path: 'manage-users',
                    ...lazyPage(() => import('./routes/dashboard/manage-users.tsx')),
                  },
                  {
                    path: 'manage-reviews',
                    ...lazyPage(() => import('./routes/dashboard/manage-reviews.tsx')),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

/**
 * The app's pages for the address. Declarative routing (<BrowserRouter> and `useRoutes`):
 * the app uses no loaders, actions or fetchers, and the data router that serves them was
 * 54 KB of every first load (16.6 KB gzipped).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

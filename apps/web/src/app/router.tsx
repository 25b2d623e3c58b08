import { LISTING_PHOTO_SIZES } from '@basha/domain';
import { type RouteObject, useRoutes } from 'react-router';
import { DashboardLayout } from '../components/layout/dashboard-layout.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { browseListingsQueryOptions } from '../features/listings/api/browse-listings.ts';
import { latestListingsQueryOptions } from '../features/listings/api/get-latest-listings.ts';
import { listingQueryOptions } from '../features/listings/api/get-listing.ts';
import { preloadPhoto } from '../features/listings/components/preload-photo.ts';
import { browseFiltersFrom } from '../features/listings/hooks/use-browse-filters.ts';
import { wishlistQueryOptions } from '../features/wishlist/api/get-wishlist.ts';
import { RequireRole, RequireSignIn, VisitorsOnly } from './guards.tsx';
import { lazyPage, type PageHandle, whenSignedIn } from './page-preload.tsx';
import HomePage from './routes/home.tsx';

// Every page but the home page is its own chunk (lazyPage): the first load carries only what
// it shows. The pages a first visit most often opens say what data they show first.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: <HomePage />,
        handle: {
          prefetch: async ({ queryClient }) => {
            const latest = await queryClient.fetchQuery(latestListingsQueryOptions);
            preloadPhoto(latest.items[0]?.photo, LISTING_PHOTO_SIZES.card);
          },
        } satisfies PageHandle,
      },
      { path: 'about-us', ...lazyPage(() => import('./routes/about.tsx')) },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'login', ...lazyPage(() => import('./routes/login.tsx')) },
          { path: 'signup', ...lazyPage(() => import('./routes/signup.tsx')) },
        ],
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            path: 'allproperties',
            ...lazyPage(
              () => import('./routes/all-properties.tsx'),
              whenSignedIn(async ({ queryClient, searchParams }) => {
                const { filters } = browseFiltersFrom(searchParams);
                const browse = await queryClient.fetchInfiniteQuery(
                  browseListingsQueryOptions(filters),
                );
                preloadPhoto(browse.pages[0]?.items[0]?.photo, LISTING_PHOTO_SIZES.card);
              }),
            ),
          },
          {
            path: 'propertyDetails/:id',
            ...lazyPage(
              () => import('./routes/property-details.tsx'),
              whenSignedIn(async ({ queryClient, params }) => {
                const listing = await queryClient.fetchQuery(listingQueryOptions(params.id ?? ''));
                preloadPhoto(listing.photo, LISTING_PHOTO_SIZES.details);
              }),
            ),
          },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { path: 'profile', ...lazyPage(() => import('./routes/dashboard/profile.tsx')) },
              // Users and agents talk; admins open a reported thread from their list. The
              // server decides who reads which thread.
              { path: 'messages', ...lazyPage(() => import('./routes/dashboard/messages.tsx')) },
              {
                path: 'messages/:id',
                ...lazyPage(() => import('./routes/dashboard/conversation.tsx')),
              },
              {
                element: <RequireRole allow="user" />,
                children: [
                  {
                    path: 'wishlist',
                    ...lazyPage(
                      () => import('./routes/dashboard/wishlist.tsx'),
                      whenSignedIn(async ({ queryClient }) => {
                        const wishlist = await queryClient.fetchInfiniteQuery(wishlistQueryOptions);
                        preloadPhoto(
                          wishlist.pages[0]?.items[0]?.listing.photo,
                          LISTING_PHOTO_SIZES.card,
                        );
                      }, 'user'),
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

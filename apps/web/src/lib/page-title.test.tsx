import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { loadSavedLocale, useI18n } from './i18n/i18n-provider.tsx';
import { useTitleResetOnNavigation } from './page-title.ts';

function Layout() {
  useTitleResetOnNavigation();
  return <Outlet />;
}

function WishlistPage() {
  const { t } = useI18n();
  return <PageHeading>{t('wishlist.title')}</PageHeading>;
}

/** A page whose data has not arrived: no heading yet. */
function LoadingPage() {
  return <p>Loading…</p>;
}

function renderRoutes(firstPath: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/propertyDetails/:id', element: <LoadingPage /> },
          { path: '/dashboard/wishlist', element: <WishlistPage /> },
        ],
      },
    ],
    { initialEntries: [firstPath] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

afterEach(() => localStorage.removeItem('basha.locale'));

describe('the tab title', () => {
  it("is the page's heading, and the site's name while the next page loads", async () => {
    document.title = 'Basha';
    const router = renderRoutes('/dashboard/wishlist');
    expect(document.title).toBe('My Wishlist | Basha');
    await act(() => router.navigate('/propertyDetails/1'));
    expect(document.title).toBe('Basha');
    await act(() => router.navigate('/dashboard/wishlist'));
    expect(document.title).toBe('My Wishlist | Basha');
  });

  it("is in the page's language", async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    renderRoutes('/dashboard/wishlist');
    await waitFor(() => expect(document.title).toBe('আমার উইশলিস্ট | Basha'));
  });

  it("keeps a served listing's title on the first page until the page names itself", async () => {
    document.title = 'Lake view flat | Basha';
    const router = renderRoutes('/propertyDetails/1');
    expect(document.title).toBe('Lake view flat | Basha');
    await act(() => router.navigate('/dashboard/wishlist'));
    expect(document.title).toBe('My Wishlist | Basha');
  });
});

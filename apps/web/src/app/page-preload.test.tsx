import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage, type PageHandle } from './page-preload.tsx';

const firstPage = lazyPage(async () => ({
  default: () => <Link to="/second">To the second page</Link>,
}));
const secondPage = lazyPage(async () => ({ default: () => <h1>Second page</h1> }));

describe('lazyPage', () => {
  it('renders the next page when the route changes between two pages already loaded', async () => {
    // Both chunks are here before the first render, as the first page's is in the app.
    for (const page of [firstPage, secondPage]) await (page.handle as PageHandle).loadPage?.();
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { index: true, ...firstPage },
          { path: 'second', ...secondPage },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('link', { name: 'To the second page' }));

    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeVisible();
  });
});

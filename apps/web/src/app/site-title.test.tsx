import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSiteTitleAfterNavigation } from './site-title.ts';

function Layout() {
  useSiteTitleAfterNavigation();
  return null;
}

describe('the tab title after a link preview', () => {
  it("keeps the served listing's title on the first page and says Basha after navigating", async () => {
    document.title = 'Lake view flat | Basha';
    const router = createMemoryRouter(
      [
        { path: '/propertyDetails/:id', element: <Layout /> },
        { path: '/', element: <Layout /> },
      ],
      { initialEntries: ['/propertyDetails/1'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Lake view flat | Basha');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('Basha');
  });
});

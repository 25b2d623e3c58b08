import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { useFocusRequestOnNavigation } from './focus-after-navigation.ts';

function Layout() {
  useFocusRequestOnNavigation();
  return (
    <>
      <nav>
        <Link to="/second">Second page</Link>
        <Link to="/?sort=price">Sort by price</Link>
        <Link to="/form">Form page</Link>
      </nav>
      <Outlet />
    </>
  );
}

function renderSite() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<PageHeading>First</PageHeading>} />
          <Route path="/second" element={<PageHeading>Second</PageHeading>} />
          <Route
            path="/form"
            element={
              <>
                <PageHeading>Form</PageHeading>
                {/* biome-ignore lint/a11y/noAutofocus: the page focusing a field itself */}
                <input aria-label="Name" autoFocus />
              </>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('the focus after a navigation', () => {
  it("goes to the new page's heading, not on the first page nor on a new query", async () => {
    renderSite();
    expect(screen.getByRole('heading', { name: 'First' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Sort by price' }));
    expect(screen.getByRole('link', { name: 'Sort by price' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Second page' }));
    expect(screen.getByRole('heading', { name: 'Second' })).toHaveFocus();
  });

  it('stays in a field the new page focused itself', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('link', { name: 'Form page' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import AllPropertiesPage from '../../../app/routes/all-properties.tsx';
import { ListingFilters } from './listing-filters.tsx';

/** Shows the address's query string, as the browser's address bar would. */
function AddressBar() {
  return <output aria-label="address">{useLocation().search}</output>;
}

const address = () => screen.getByLabelText('address');

const listing = {
  id: '7d6f0c52-5a7e-4a57-9d41-2f6f1b7a6a11',
  title: 'Flat in Mirpur',
  location: 'Mirpur 10, Dhaka',
  price: { min: 5000, max: 5100 },
  status: 'verified',
  sold: false,
  photo: { url: '/media/x-1200.webp', srcset: '/media/x-400.webp 400w', width: 1200, height: 800 },
  photoCount: 1,
  agent: { id: 'a1', name: 'Tanvir Hossain', email: 'agent@basha.demo', photoUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  facts: {
    type: 'apartment',
    bedrooms: 3,
    bathrooms: 2,
    size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
  },
};

describe('all-properties search', () => {
  it('writes the location to the address after a pause in typing', async () => {
    stubApi(() => undefined);
    renderWithApp(
      <>
        <ListingFilters />
        <AddressBar />
      </>,
      { path: '/allproperties' },
    );
    const search = screen.getByRole('searchbox', { name: 'Location' });
    expect(search).toHaveAttribute('placeholder', 'Search by Location...');
    await userEvent.type(search, 'Dhaka');
    // Not on every key press: the address changes once typing pauses.
    expect(address()).toHaveTextContent(/^$/);
    await waitFor(() => expect(address()).toHaveTextContent('?location=Dhaka'));
  });

  it('starts from the address (a shared or reloaded search) and Reset clears everything', async () => {
    stubApi(() => undefined);
    renderWithApp(
      <>
        <ListingFilters />
        <AddressBar />
      </>,
      { path: '/allproperties?location=Gulshan&minPrice=100&maxPrice=900&sort=price_asc' },
    );
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('Gulshan');
    expect(screen.getByLabelText('Minimum price (TK)')).toHaveValue('100');
    expect(screen.getByLabelText('Maximum price (TK)')).toHaveValue('900');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(address()).toHaveTextContent(/^$/);
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
    expect(screen.getByLabelText('Minimum price (TK)')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('Reset also drops a search still being typed', async () => {
    stubApi(() => undefined);
    renderWithApp(
      <>
        <ListingFilters />
        <AddressBar />
      </>,
      { path: '/allproperties' },
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Location' }), 'Syl');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(address()).toHaveTextContent(/^$/);
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
  });

  it('asks the API for the searched location and says when nothing matches', async () => {
    const calls = stubApi((url) => {
      if (!url.startsWith('/api/v1/listings?')) return undefined;
      const location = new URL(url, 'http://x').searchParams.get('location');
      return {
        status: 200,
        body: { items: location === 'Nowhere' ? [] : [listing], nextCursor: null },
      };
    });
    renderWithApp(<AllPropertiesPage />, { path: '/allproperties?location=Mirpur' });
    expect(await screen.findByRole('heading', { name: 'Flat in Mirpur' })).toBeVisible();
    // The card's facts line: type, rooms and size.
    expect(screen.getByText('Apartment/Flat · 3 bed · 2 bath · 1,450 sq ft')).toBeVisible();
    // One photo, said in the singular.
    expect(screen.getByText('1 photo')).toBeVisible();
    expect(calls.at(-1)?.url).toContain('location=Mirpur');

    const search = screen.getByRole('searchbox', { name: 'Location' });
    await userEvent.clear(search);
    await userEvent.type(search, 'Nowhere');
    expect(await screen.findByText('No Verified Property Found')).toBeVisible();
    expect(calls.at(-1)?.url).toContain('location=Nowhere');
  });

  it('takes a price typed in Bangla digits with lakh commas, and says beside the field why one is no price', async () => {
    const calls = stubApi((url) =>
      url.startsWith('/api/v1/listings?')
        ? { status: 200, body: { items: [listing], nextCursor: null } }
        : undefined,
    );
    const lastSearch = () =>
      calls.filter((call) => call.url.startsWith('/api/v1/listings?')).at(-1);
    renderWithApp(<AllPropertiesPage />, { path: '/allproperties' });
    await userEvent.type(screen.getByLabelText('Minimum price (TK)'), '৫০,০০,০০০');
    await waitFor(() => expect(lastSearch()?.url).toMatch(/[?&]minPrice=5000000(&|$)/));
    expect(screen.getByLabelText('Minimum price (TK)')).toHaveValue('৫০,০০,০০০');

    await userEvent.type(screen.getByLabelText('Maximum price (TK)'), '-500');
    expect(await screen.findByText('The amount must be more than 0 TK.')).toBeVisible();
    expect(screen.getByLabelText('Maximum price (TK)')).toHaveAccessibleDescription(
      'The amount must be more than 0 TK.',
    );
    expect(lastSearch()?.url).not.toContain('maxPrice');
  });
});

import { savedSearchMessages } from '@basha/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldRefusal, renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { SavedSearchList } from './saved-search-list.tsx';

/** Two searches whose names alone do not tell them apart, stored as the API answers them. */
const saved = [
  {
    id: 's-1',
    name: 'Flats',
    search: {
      area: 'gulshan',
      district: 'dhaka',
      division: 'dhaka',
      types: ['apartment'],
      minBedrooms: 3,
      amenities: ['lift'],
      sort: 'newest',
    },
    frequency: 'daily',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 's-2',
    name: 'Flats',
    search: { location: 'Mirpur', maxPrice: 6000000, sort: 'newest' },
    frequency: 'instant',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
];

function serve() {
  return stubApi((url, init) => {
    if (url.endsWith('/api/v1/me/saved-searches')) return { status: 200, body: { items: saved } };
    // A name of spaces is no name: the server refuses it on the field.
    if (url.endsWith('/api/v1/me/saved-searches/s-1') && init.method === 'PATCH') {
      return fieldRefusal('name', savedSearchMessages.nameRequired);
    }
    return undefined;
  });
}

afterEach(() => localStorage.removeItem('basha.locale'));

describe('my saved searches', () => {
  it('say what each one looks for, so two of a name tell apart', async () => {
    serve();
    renderWithApp(<SavedSearchList />);
    const [first, second] = await screen.findAllByRole('article');
    expect(
      within(first as HTMLElement).getByText(
        'Gulshan, Dhaka · Apartment/Flat · 3+ bedrooms · with Lift',
      ),
    ).toBeVisible();
    expect(
      within(second as HTMLElement).getByText('Matching "Mirpur" · up to 60,00,000 TK'),
    ).toBeVisible();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      expect.stringContaining('area=gulshan'),
    );
  });

  it('say it in Bangla on a Bangla page', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    serve();
    renderWithApp(<SavedSearchList />);
    expect(
      await screen.findByText('গুলশান, ঢাকা · অ্যাপার্টমেন্ট/ফ্ল্যাট · ৩+ শোবার ঘর · লিফট সহ'),
    ).toBeVisible();
  });

  it('says beside the new name why the server refused it, and keeps what was typed', async () => {
    serve();
    renderWithApp(<SavedSearchList />);
    const [first] = await screen.findAllByRole('article');
    const entry = within(first as HTMLElement);
    await userEvent.click(entry.getByRole('button', { name: 'Rename' }));
    const field = entry.getByLabelText('Name of the search');
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(entry.getByRole('button', { name: 'Save name' }));
    expect(await entry.findByText(savedSearchMessages.nameRequired)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('   ');
  });
});

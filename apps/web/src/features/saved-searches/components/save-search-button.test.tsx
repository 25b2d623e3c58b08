import { type SavedSearch, savedSearchMessages, type User } from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  fieldRefusal,
  refusal,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { SaveSearchButton } from './save-search-button.tsx';

const user: User = {
  id: 'u-1',
  name: 'Rahim',
  email: 'rahim@example.com',
  photoUrl: null,
  role: 'user',
  fraud: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};

const saved: SavedSearch = {
  id: 's-1',
  name: 'Gulshan',
  search: { location: 'Gulshan', maxPrice: 9000, sort: 'newest' },
  frequency: 'daily',
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('Save this search', () => {
  it('sends the search in the address, read as the page reads it, with the name and frequency', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return sessionOf(user);
      if (url.endsWith('/api/v1/me/saved-searches') && init.method === 'POST') {
        return { status: 201, body: saved };
      }
      return undefined;
    });
    renderWithApp(<SaveSearchButton />, {
      path: '/allproperties?location=Gulshan&maxPrice=9000&cursor=abc',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    await userEvent.type(screen.getByLabelText('Name of the search'), 'Gulshan');
    await userEvent.selectOptions(screen.getByLabelText('Tell me about new matches'), 'daily');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByLabelText('Name of the search')).not.toBeInTheDocument(),
    );
    const post = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: 'Gulshan',
      frequency: 'daily',
      search: { location: 'Gulshan', maxPrice: 9000, sizeUnit: 'sqft', sort: 'newest' },
    });
  });

  it('says beside the name, in Bangla too, why a name of spaces is no name', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    onTestFinished(() => localStorage.removeItem('basha.locale'));
    const refusal = 'অনুসন্ধানটির একটি নাম দিন।';
    const calls = stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return sessionOf(user);
      if (url.endsWith('/api/v1/me/saved-searches') && init.method === 'POST') {
        return fieldRefusal('name', savedSearchMessages.nameRequired);
      }
      return undefined;
    });
    renderWithApp(<SaveSearchButton />, { path: '/allproperties' });
    await userEvent.click(await screen.findByRole('button', { name: 'এই অনুসন্ধানটি সংরক্ষণ করুন' }));
    const name = screen.getByRole('textbox');
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'সংরক্ষণ' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    // Announced with the box, after its hint (how long a name may be, in Bangla digits).
    expect(name).toHaveAccessibleDescription(`সর্বোচ্চ ৮০টি অক্ষর ${refusal}`);
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(1);
  });

  it('says in Bangla which saved search already looks for this', async () => {
    localStorage.setItem('basha.locale', 'bn');
    onTestFinished(() => localStorage.removeItem('basha.locale'));
    await loadSavedLocale();
    stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return sessionOf(user);
      if (url.endsWith('/api/v1/me/saved-searches') && init.method === 'POST') {
        return refusal(409, 'CONFLICT', savedSearchMessages.duplicate, { name: 'Gulshan' });
      }
      return undefined;
    });
    renderWithApp(<SaveSearchButton />, { path: '/allproperties?location=Gulshan' });
    await userEvent.click(await screen.findByRole('button', { name: 'এই অনুসন্ধানটি সংরক্ষণ করুন' }));
    await userEvent.type(screen.getByRole('textbox'), 'আবার গুলশান');
    await userEvent.click(screen.getByRole('button', { name: 'সংরক্ষণ' }));
    expect(
      await screen.findByText('এই অনুসন্ধানটি আপনি আগেই “Gulshan” নামে সংরক্ষণ করেছেন।'),
    ).toBeVisible();
  });
});

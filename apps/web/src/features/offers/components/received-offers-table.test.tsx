import type { ReceivedOffer } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { ReceivedOffersTable } from './received-offers-table.tsx';

const offer = (id: string, otherPendingOffers: number): ReceivedOffer => ({
  id,
  listing: { id: 'listing', title: 'Lake flat', price: { min: 50_000, max: 60_000 } },
  priceAtOffer: { min: 50_000, max: 60_000 },
  buyer: { id: `buyer-${id}`, name: `Buyer ${id}`, email: `${id}@example.com`, photoUrl: null },
  amount: 55_000,
  deadline: '2030-01-31',
  status: 'pending',
  otherPendingOffers,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The agent's table with the given offers; returns the calls the page made. */
function showOffers(items: ReceivedOffer[]) {
  const calls = stubApi((url, init) => {
    if (url.endsWith(SESSION_URL)) return sessionOf({ id: 'agent', role: 'agent' });
    if (init.method === 'POST' && url.endsWith('/accept')) {
      return { status: 200, body: { ...items[0], status: 'accepted', otherPendingOffers: 0 } };
    }
    if (init.method === 'POST' && url.endsWith('/reject')) {
      return { status: 200, body: { ...items[0], status: 'rejected', otherPendingOffers: 0 } };
    }
    if (url.includes('/api/v1/offers/received')) {
      return { status: 200, body: { items, nextCursor: null } };
    }
    return undefined;
  });
  renderWithApp(<ReceivedOffersTable />);
  return calls;
}

const acceptCalls = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter(({ url, init }) => init.method === 'POST' && url.endsWith('/accept'));

afterEach(() => localStorage.removeItem('basha.locale'));

describe('rejecting an offer', () => {
  it('says so, and hands focus to the offer’s status instead of the page', async () => {
    let status: ReceivedOffer['status'] = 'pending';
    stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return sessionOf({ id: 'agent', role: 'agent' });
      if (init.method === 'POST' && url.endsWith('/reject')) {
        status = 'rejected';
        return { status: 200, body: { ...offer('a', 0), status } };
      }
      if (url.includes('/api/v1/offers/received')) {
        return { status: 200, body: { items: [{ ...offer('a', 0), status }], nextCursor: null } };
      }
      return undefined;
    });
    renderWithApp(<ReceivedOffersTable />);
    await userEvent.click(await screen.findByRole('button', { name: /^Reject the offer/ }));
    expect(await screen.findByText('Offer Rejected')).toBeVisible();
    // The buttons are gone with the answer; focus is on the status, in the offer's row.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Reject/ })).toBeNull());
    const [, row] = screen.getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(row).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent('Rejected');
  });
});

describe('accepting an offer', () => {
  it('asks first, saying how many other offers the server counted, and a cancel sends nothing', async () => {
    // Only this offer is on the page, but the listing has three others.
    const calls = showOffers([offer('a', 3)]);
    await userEvent.click(await screen.findByRole('button', { name: /^Accept the offer/ }));

    const dialog = screen.getByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent(
      'The 3 other pending offers on this property will be rejected.',
    );
    expect(dialog).toHaveTextContent("You won't be able to revert this!");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(acceptCalls(calls)).toEqual([]);
  });

  it('accepts once confirmed; one other offer and none are said as such', async () => {
    const calls = showOffers([offer('a', 1), offer('b', 0)]);
    const rows = await screen.findAllByRole('row');
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];

    await userEvent.click(within(second).getByRole('button', { name: /^Accept/ }));
    expect(screen.getByRole('dialog', { name: 'Accept this offer?' })).toHaveTextContent(
      'No other offer on this property will be rejected.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(first).getByRole('button', { name: /^Accept/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent(
      'The 1 other pending offer on this property will be rejected.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, accept it!' }));
    expect(await screen.findByText('Offer Accepted')).toBeVisible();
    await waitFor(() => expect(acceptCalls(calls).map((call) => call.url)).toHaveLength(1));
    expect(acceptCalls(calls)[0]?.url).toMatch(/\/api\/v1\/offers\/a\/accept$/);
  });

  it('asks in Bangla, with the count in Bangla digits', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    showOffers([offer('a', 12)]);
    await userEvent.click(await screen.findByRole('button', { name: /অফার গ্রহণ করুন$/ }));
    const dialog = screen.getByRole('dialog', { name: 'এই অফারটি গ্রহণ করবেন?' });
    expect(dialog).toHaveTextContent('এই প্রপার্টির অপেক্ষমাণ অন্য ১২টি অফার প্রত্যাখ্যাত হবে।');
    expect(within(dialog).getByRole('button', { name: 'হ্যাঁ, গ্রহণ করুন!' })).toBeVisible();
  });
});

describe('the price an offer was made against', () => {
  it('shows the asking range at the time of the offer, and the current one once it changed', async () => {
    showOffers([
      {
        ...offer('a', 0),
        listing: { id: 'listing', title: 'Lake flat', price: { min: 70_000, max: 80_000 } },
      },
    ]);
    const row = within((await screen.findAllByRole('row'))[1] as HTMLElement);
    expect(row.getByText('Asking 50,000–60,000 TK')).toBeVisible();
    expect(row.getByText('Now asking 70,000–80,000 TK')).toBeVisible();
  });

  it('says the asking range once while the price is unchanged', async () => {
    showOffers([offer('a', 0)]);
    const row = within((await screen.findAllByRole('row'))[1] as HTMLElement);
    expect(row.getByText('Asking 50,000–60,000 TK')).toBeVisible();
    expect(row.queryByText(/Now asking/)).toBeNull();
  });
});

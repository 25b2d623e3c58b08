import {
  type OpenOffer,
  offerMessages,
  todayInDhaka,
  type WishlistItemDetails,
} from '@basha/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aListingCard } from '../../../../testing/listings.ts';
import { refusal, renderWithApp, stubApi } from '../../../../testing/render.tsx';
import MakeOfferPage from './make-offer.tsx';

const ITEM_ID = '7b0c8f7e-2f4b-4c55-9a57-1f1f2b1f0d11';

function itemWith(openOffer: OpenOffer | null): WishlistItemDetails {
  return {
    id: ITEM_ID,
    listing: aListingCard({ price: { min: 5000, max: 5100 } }),
    createdAt: '2026-01-02T00:00:00.000Z',
    openOffer,
  };
}

function renderPageWith(openOffer: OpenOffer | null) {
  stubApi((url) =>
    url.endsWith(`/api/v1/wishlist/${ITEM_ID}`)
      ? { status: 200, body: itemWith(openOffer) }
      : undefined,
  );
  renderPage();
}

function renderPage() {
  renderWithApp(
    <Routes>
      <Route path="/dashboard/wishlist/make-offer/:id" element={<MakeOfferPage />} />
    </Routes>,
    { path: `/dashboard/wishlist/make-offer/${ITEM_ID}` },
  );
}

const anOffer = (status: OpenOffer['status']): OpenOffer => ({
  id: 'f1d3c3a0-3b7d-4f39-9f44-0a6a3e6a8b01',
  amount: 5050,
  deadline: '2026-12-24',
  status,
});

describe('the make-offer page', () => {
  it('shows the form when the buyer has no open offer on the property', async () => {
    renderPageWith(null);
    expect(await screen.findByRole('button', { name: 'Send Offer' })).toBeVisible();
  });

  it('names the offer still waiting for the agent instead of the form a second one would fail', async () => {
    renderPageWith(anOffer('pending'));
    expect(
      await screen.findByText(/^You already offered 5,050 TK on this property, open until .*24/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send Offer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your offer in Property Bought' })).toHaveAttribute(
      'href',
      '/dashboard/property-bought',
    );
  });

  it('turns into the notice when the offer is refused because one was made meanwhile (another tab)', async () => {
    let offered: OpenOffer | null = null;
    stubApi((url, init) => {
      if (url.endsWith(`/api/v1/wishlist/${ITEM_ID}`))
        return { status: 200, body: itemWith(offered) };
      if (url.endsWith(`/api/v1/wishlist/${ITEM_ID}/offer`) && init.method === 'POST') {
        offered = anOffer('pending');
        return refusal(409, 'CONFLICT', offerMessages.alreadyOffered);
      }
      return undefined;
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Offered price (TK)'), '5060');
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: todayInDhaka() } });
    await userEvent.click(screen.getByRole('button', { name: 'Send Offer' }));
    expect(
      await screen.findByText(/^You already offered 5,050 TK on this property, open until /),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send Offer' })).toBeNull();
  });

  it('sends the buyer whose offer was accepted to pay it', async () => {
    renderPageWith(anOffer('accepted'));
    expect(
      await screen.findByText(
        'The agent accepted your offer of 5,050 TK on this property. Pay it from Property Bought.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send Offer' })).toBeNull();
  });
});

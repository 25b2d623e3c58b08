import { type WishlistItem, wishlistMessages } from '@basha/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aListingCard, LISTING_ID } from '../../../../testing/listings.ts';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { AddToWishlistButton } from './add-to-wishlist-button.tsx';
import { WishlistGrid } from './wishlist-grid.tsx';

const ITEM_ID = '7b0c8f7e-2f4b-4c55-9a57-1f1f2b1f0d11';

const item: WishlistItem = {
  id: ITEM_ID,
  listing: aListingCard(),
  createdAt: '2026-01-02T00:00:00.000Z',
};

const me = (role: 'user' | 'agent') =>
  sessionOf({
    id: 'u1',
    name: 'Rahim',
    email: 'rahim@example.com',
    photoUrl: null,
    role,
    fraud: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

describe('wishlist removal', () => {
  function stubWishlist() {
    let items = [item];
    const calls = stubApi((url, init) => {
      if (url.includes('/api/v1/wishlist?') || url.endsWith('/api/v1/wishlist'))
        return { status: 200, body: { items, nextCursor: null } };
      if (url.endsWith(`/api/v1/wishlist/${ITEM_ID}`) && init.method === 'DELETE') {
        items = [];
        return {
          status: 200,
          body: { id: ITEM_ID, listing: { id: LISTING_ID, title: item.listing.title } },
        };
      }
      return undefined;
    });
    return calls;
  }

  it('asks first, then says what was removed and shows the emptied list', async () => {
    const calls = stubWishlist();
    renderWithApp(<WishlistGrid />);
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));

    expect(await screen.findByText('Are you sure?')).toBeVisible();
    expect(screen.getByText('Do you want to remove this property from wishlist!')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Deleted!')).toBeVisible();
    expect(screen.getByText('"Lake view flat" was removed from your wishlist.')).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText("You haven't wished any property")).toBeVisible();
  });

  it('removes nothing when the person cancels', async () => {
    const calls = stubWishlist();
    renderWithApp(<WishlistGrid />);
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Lake view flat' })).toBeVisible();
  });

  it('offers "Make An Offer" on each card', async () => {
    stubWishlist();
    renderWithApp(<WishlistGrid />);
    const link = await screen.findByRole('link', { name: /^Make An Offer/ });
    expect(link).toHaveAttribute('href', `/dashboard/wishlist/make-offer/${ITEM_ID}`);
  });
});

function WhereAmI() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

describe('wishlist photos on a slow network', () => {
  it("loads the first card's photo before the others", async () => {
    const second: WishlistItem = {
      ...item,
      id: '5d2b4c1e-8a3f-4e6b-9c7d-0e1f2a3b4c5d',
      listing: { ...item.listing, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', title: 'Hill flat' },
    };
    stubApi((url) =>
      url.endsWith('/api/v1/wishlist')
        ? { status: 200, body: { items: [item, second], nextCursor: null } }
        : undefined,
    );
    renderWithApp(<WishlistGrid />);

    // Until the first photo is here, the second card is a grey box: no download competes.
    const first = await screen.findByRole('img', { name: 'Lake view flat' });
    expect(screen.getByText('Hill flat')).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Hill flat' })).toBeNull();

    fireEvent.load(first);
    expect(await screen.findByRole('img', { name: 'Hill flat' })).toHaveAttribute(
      'srcset',
      second.listing.photo.srcset,
    );
  });
});

describe('Add To Wishlist', () => {
  const button = () => screen.findByRole('button', { name: 'Add To Wishlist' });

  it('is disabled for anyone but a user', async () => {
    stubApi((url) => (url.endsWith(SESSION_URL) ? me('agent') : undefined));
    renderWithApp(<AddToWishlistButton listingId={LISTING_ID} />);
    expect(await screen.findByText('Only user accounts can keep a wishlist.')).toBeVisible();
    expect(await button()).toBeDisabled();
  });

  it('is disabled when the property is already on the wishlist', async () => {
    stubApi((url) => {
      if (url.endsWith(SESSION_URL)) return me('user');
      if (url.endsWith(`/api/v1/wishlist?listingId=${LISTING_ID}`))
        return { status: 200, body: { items: [item], nextCursor: null } };
      return undefined;
    });
    renderWithApp(<AddToWishlistButton listingId={LISTING_ID} />);
    expect(await screen.findByText('This property is on your wishlist.')).toBeVisible();
    expect(await button()).toBeDisabled();
  });

  it('adds, toasts and goes to the wishlist', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return me('user');
      if (url.endsWith(`/api/v1/wishlist?listingId=${LISTING_ID}`))
        return { status: 200, body: { items: [], nextCursor: null } };
      if (url.endsWith('/api/v1/wishlist') && init.method === 'POST')
        return { status: 201, body: item };
      return undefined;
    });
    renderWithApp(
      <>
        <AddToWishlistButton listingId={LISTING_ID} />
        <WhereAmI />
      </>,
    );
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(await screen.findByText('Property Added To Wishlist')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/wishlist'),
    );
    const post = calls.find((c) => c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ listingId: LISTING_ID });
  });

  it('turns itself off when the server says the property is already there', async () => {
    stubApi((url, init) => {
      if (url.endsWith(SESSION_URL)) return me('user');
      // Added meanwhile, in another tab: the lookup did not find it yet.
      if (url.endsWith(`/api/v1/wishlist?listingId=${LISTING_ID}`))
        return { status: 200, body: { items: [], nextCursor: null } };
      if (url.endsWith('/api/v1/wishlist') && init.method === 'POST')
        return {
          status: 409,
          body: {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'CONFLICT',
            detail: wishlistMessages.alreadyWished,
          },
        };
      return undefined;
    });
    renderWithApp(<AddToWishlistButton listingId={LISTING_ID} />);
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    const toast = await screen.findByText(wishlistMessages.alreadyWished);
    expect(toast).toBeVisible();
    expect(await button()).toBeDisabled();
    expect(within(document.body).getByText('This property is on your wishlist.')).toBeVisible();
  });
});

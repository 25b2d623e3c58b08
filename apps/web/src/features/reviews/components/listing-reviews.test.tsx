import type { Review } from '@basha/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { ListingReviews } from './listing-reviews.tsx';

const review = (id: string, name: string, rating: number): Review => ({
  id,
  rating,
  text: `Review by ${name}`,
  featured: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  reviewer: { id: `u-${id}`, name, photoUrl: null, role: 'user' },
  listing: { id: 'l-1', title: 'Gulshan flat' },
});

describe('listing reviews', () => {
  it("says 'No Reviews' when there are none", async () => {
    stubApi(() => ({ status: 200, body: { items: [], nextCursor: null } }));
    renderWithApp(<ListingReviews listingId="l-1" />);
    expect(await screen.findByText('No Reviews')).toBeVisible();
  });

  it('shows reviewer, stars, en-GB date and text, and loads more', async () => {
    const calls = stubApi((url) =>
      url.includes('cursor=next')
        ? { status: 200, body: { items: [review('2', 'Karim', 2)], nextCursor: null } }
        : { status: 200, body: { items: [review('1', 'Rahim', 4)], nextCursor: 'next' } },
    );
    renderWithApp(<ListingReviews listingId="l-1" />);
    expect(await screen.findByRole('heading', { name: 'Rahim' })).toBeVisible();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(screen.getByText('01 Mar 2026')).toBeVisible();
    expect(screen.getByText('Review by Rahim')).toBeVisible();
    expect(calls[0]?.url).toMatch(/\/api\/v1\/listings\/l-1\/reviews$/);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Karim' })).toBeVisible();
    expect(screen.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

import { type Review, reviewMessages, type User } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../../../testing/render.tsx';
import { AddReviewButton } from './add-review-button.tsx';

const LISTING_ID = '0b9f7a86-4a0e-4f7e-9a55-2f3f4f9d7c11';

const created: Review = {
  id: 'r-1',
  rating: 4,
  text: 'Bright and quiet.',
  featured: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  reviewer: { id: 'u-1', name: 'Rahim', photoUrl: null, role: 'user' },
  listing: { id: LISTING_ID, title: 'Gulshan flat' },
};

const problem = (status: number, detail: string) => ({
  status,
  body: { type: 'about:blank', title: 'Conflict', status, code: 'CONFLICT', detail },
});

/** The API: the session, a review's POST, and the buyer's earlier review of the listing (none by default). */
function api(
  role: User['role'],
  review: { status: number; body?: unknown },
  earlier: Review | null = null,
) {
  return stubApi((url, init) => {
    if (url.endsWith(SESSION_URL)) return sessionOf(accountOf(role));
    if (url.endsWith(`/api/v1/listings/${LISTING_ID}/reviews`) && init.method === 'POST') {
      return review;
    }
    if (url.includes(`/api/v1/reviews/mine?listingId=${LISTING_ID}&`)) {
      return { status: 200, body: { items: earlier ? [earlier] : [], nextCursor: null } };
    }
    return undefined;
  });
}

async function openDialog() {
  const button = await screen.findByRole('button', { name: 'Add A Review' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  const dialog = screen.getByRole('dialog', { name: 'Review this property' });
  // The form is downloaded when the dialog first opens (add-review-button.tsx).
  await within(dialog).findByRole('button', { name: 'Submit' });
  return dialog;
}

describe('add a review', () => {
  it('requires a rating and some text, without calling the server', async () => {
    const calls = api('user', { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(reviewMessages.ratingRequired)).toBeVisible();
    expect(within(dialog).getByText(reviewMessages.textRequired)).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // Spaces alone are no review either.
    await userEvent.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await userEvent.type(within(dialog).getByLabelText('Your review'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(dialog).queryByText(reviewMessages.ratingRequired)).toBeNull(),
    );
    expect(within(dialog).getByText(reviewMessages.textRequired)).toBeVisible();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
  });

  it('is a labelled radio group of five stars that the keyboard can operate', async () => {
    api('user', { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    const dialog = await openDialog();
    const stars = within(dialog).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(dialog).getByRole('radio', { name: '1 star' })).not.toBeChecked();
    within(dialog).getByRole('radio', { name: '2 stars' }).focus();
    await userEvent.keyboard(' ');
    expect(within(dialog).getByRole('radio', { name: '2 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it('sends rating and text, says "Review Submitted" and starts empty the next time', async () => {
    const calls = api('user', { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    let dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(dialog).getByLabelText('Your review'), 'Bright and quiet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Review Submitted')).toBeVisible();
    const post = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ rating: 4, text: 'Bright and quiet.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openDialog();
    expect(within(dialog).getByLabelText('Your review')).toHaveValue('');
    for (const star of within(dialog).getAllByRole('radio')) expect(star).not.toBeChecked();
  });

  it('shows the server’s refusal (already reviewed) as a toast and keeps the form', async () => {
    api('user', problem(409, reviewMessages.alreadyReviewed));
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(dialog).getByLabelText('Your review'), 'Lovely.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(reviewMessages.alreadyReviewed)).toBeVisible();
    expect(within(dialog).getByLabelText('Your review')).toHaveValue('Lovely.');
  });

  it('tells a buyer who already reviewed the property so, before they type, with the way to a new one', async () => {
    api('user', problem(409, reviewMessages.alreadyReviewed), created);
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    const notice = 'You reviewed this property on 01 Mar 2026; each buyer reviews a property once.';
    expect(await screen.findByText(notice)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'To write a new review, delete yours in My Reviews' }),
    ).toHaveAttribute('href', '/dashboard/my-reviews');
    const dialog = await openDialog();
    expect(within(dialog).getByText(notice)).toBeVisible();
  });

  it('asks nothing about earlier reviews of an agent or admin', async () => {
    const calls = api('agent', { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    await screen.findByText('Only buyer accounts can review properties.');
    expect(calls.some((call) => call.url.includes('/reviews/mine'))).toBe(false);
  });

  it('Cancel closes the dialog', async () => {
    api('user', { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['agent', 'admin'] as const)('is disabled for an %s', async (role) => {
    api(role, { status: 201, body: created });
    renderWithApp(<AddReviewButton listingId={LISTING_ID} />);
    expect(await screen.findByText('Only buyer accounts can review properties.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add A Review' })).toBeDisabled();
  });
});

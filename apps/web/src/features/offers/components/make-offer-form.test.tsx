import { latestOfferDeadline, type MyOffer, offerMessages, todayInDhaka } from '@basha/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aListingCard } from '../../../../testing/listings.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { MakeOfferForm } from './make-offer-form.tsx';

const ITEM_ID = '7b0c8f7e-2f4b-4c55-9a57-1f1f2b1f0d11';
const PRICE = { min: 50_000, max: 60_000 };
const inDays = (days: number) => todayInDhaka(new Date(Date.now() + days * 86_400_000));

const madeOffer: MyOffer = {
  id: 'f1d3c3a0-3b7d-4f39-9f44-0a6a3e6a8b01',
  listing: aListingCard({ price: PRICE }),
  priceAtOffer: PRICE,
  amount: 55_000,
  deadline: inDays(7),
  status: 'pending',
  lostToAnotherOffer: false,
  paymentReference: null,
  createdAt: '2026-01-02T00:00:00.000Z',
};

function renderForm(onOffered = vi.fn()) {
  renderWithApp(<MakeOfferForm wishlistItemId={ITEM_ID} price={PRICE} onOffered={onOffered} />);
  return onOffered;
}

async function offer({ amount, deadline }: { amount: string; deadline: string }) {
  if (amount) await userEvent.type(screen.getByLabelText('Offered price (TK)'), amount);
  fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: deadline } });
  await userEvent.click(screen.getByRole('button', { name: 'Send Offer' }));
}

describe('make-offer form', () => {
  it(`a deadline before today says "${offerMessages.deadlineInvalid}"`, async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    await offer({ amount: '55000', deadline: inDays(-1) });
    expect(await screen.findByText('Select A Valid Date')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it(`a price in words says "${offerMessages.amountNotNumeric}"`, async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    await offer({ amount: 'fifty thousand', deadline: inDays(3) });
    expect(await screen.findByText('Offered price cannot be a string')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it(`a price below the minimum says "${offerMessages.amountTooLow}"`, async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    await offer({ amount: '49999', deadline: inDays(3) });
    expect(await screen.findByText('Make a valid offer')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('limits the date picker to today in Dhaka up to a year ahead', () => {
    stubApi(() => undefined);
    renderForm();
    expect(screen.getByLabelText('Deadline')).toHaveAttribute('min', todayInDhaka());
    expect(screen.getByLabelText('Deadline')).toHaveAttribute('max', latestOfferDeadline());
  });

  it('asks before sending more than twice the top of the asking price (a zero too many?)', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(`/api/v1/wishlist/${ITEM_ID}/offer`) && init.method === 'POST'
        ? { status: 201, body: { ...madeOffer, amount: 600_000 } }
        : undefined,
    );
    const onOffered = renderForm();
    await offer({ amount: '600000', deadline: inDays(7) });
    const dialog = await screen.findByRole('dialog', { name: 'Is this the offer you meant?' });
    expect(dialog).toHaveTextContent(
      'You are offering 6,00,000 TK, more than twice the top of the asking price (60,000 TK).',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    expect(onOffered).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Send Offer' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, offer it' }),
    );
    await waitFor(() => expect(onOffered).toHaveBeenCalledOnce());
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ amount: 600_000 });
  });

  it('shows the server’s verdict on a field (e.g. the minimum price changed meanwhile)', async () => {
    stubApi((url) =>
      url.endsWith(`/api/v1/wishlist/${ITEM_ID}/offer`)
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              code: 'VALIDATION_FAILED',
              detail: offerMessages.amountTooLow,
              errors: [{ path: 'amount', message: offerMessages.amountTooLow }],
            },
          }
        : undefined,
    );
    const onOffered = renderForm();
    await offer({ amount: '50000', deadline: inDays(3) });
    expect(await screen.findByText('Make a valid offer')).toBeVisible();
    expect(onOffered).not.toHaveBeenCalled();
  });

  it('sends whole taka (Bangla digits too), toasts, and moves on', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(`/api/v1/wishlist/${ITEM_ID}/offer`) && init.method === 'POST'
        ? { status: 201, body: madeOffer }
        : undefined,
    );
    const onOffered = renderForm();
    await offer({ amount: '৫৫,০০০', deadline: inDays(7) });
    expect(
      await screen.findByText('Offer successfully made and property removed from wishlist!'),
    ).toBeVisible();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      amount: 55_000,
      deadline: inDays(7),
    });
    expect(onOffered).toHaveBeenCalledOnce();
  });
});

import { paymentMessages } from '@basha/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeStripe } from '../../../../testing/fake-stripe.ts';
import { aReceipt, OFFER_ID } from '../../../../testing/payments.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { PaymentPanel } from '../components/payment-panel.tsx';
import { type StripeLoader, StripeLoaderProvider } from './stripe-js.tsx';

// Stripe.js is served by Stripe's servers, which cannot run here: these tests hand the page
// a test double of it (testing/fake-stripe.ts). The server side of Stripe payments, webhook
// included, is tested in apps/api against the real SDK.

const SECRET = 'pi_3Pq_secret_4242';

const intent = {
  offerId: OFFER_ID,
  provider: 'stripe',
  clientSecret: SECRET,
  amount: 55_000,
  currency: 'BDT',
  publishableKey: 'pk_test_basha',
};

const receipt = aReceipt({ provider: 'stripe', reference: 'pi_3Pq' });

const intentUrl = `/api/v1/offers/${OFFER_ID}/payment-intent`;
const receiptsUrl = '/api/v1/receipts?limit=10';
const receiptsOf = (items: unknown[]) => ({ status: 200, body: { items, nextCursor: null } });

function renderPanel(loader: StripeLoader) {
  renderWithApp(
    <StripeLoaderProvider loader={loader}>
      <PaymentPanel offerId={OFFER_ID} amount={55_000} paid={false} />
    </StripeLoaderProvider>,
  );
}

const payButton = () => screen.getByRole('button', { name: /^Pay / });
const cardField = () => screen.findByLabelText('Stripe card number');

describe('paying with Stripe', () => {
  it("loads Stripe.js with the intent's publishable key and enables Pay once the card is complete", async () => {
    stubApi((url) => (url.endsWith(intentUrl) ? { status: 200, body: intent } : undefined));
    const fake = createFakeStripe();
    const loader = vi.fn(async () => fake.stripe);
    renderPanel(loader);

    await userEvent.type(await cardField(), '4242 4242 4242 424');
    expect(loader).toHaveBeenCalledWith('pk_test_basha');
    expect(screen.getByText('Payment provider: Stripe')).toBeVisible();
    expect(screen.queryByText(/^Test cards:/)).toBeNull();
    expect(screen.getByRole('group', { name: 'Card' })).toContainElement(await cardField());
    expect(payButton()).toBeDisabled();
    await userEvent.type(await cardField(), '2');
    expect(payButton()).toBeEnabled();
  });

  it("shows Stripe's decline in red under the form and records nothing", async () => {
    const calls = stubApi((url) =>
      url.endsWith(intentUrl) ? { status: 200, body: intent } : undefined,
    );
    const fake = createFakeStripe();
    renderPanel(async () => fake.stripe);

    await userEvent.type(await cardField(), '4000 0000 0000 0002');
    await userEvent.click(payButton());
    const message = await screen.findByText('Your card was declined.');
    expect(message).toHaveRole('alert');
    expect(message).toHaveClass('text-red-700');
    expect(fake.confirmations).toEqual([{ clientSecret: SECRET, cardNumber: '4000000000000002' }]);
    expect(payButton()).toBeEnabled();
    expect(calls.map((call) => call.url).filter((url) => url.includes('/receipts'))).toEqual([]);
  });

  it("waits for the server to hear from Stripe, then shows the receipt with Stripe's reference", async () => {
    let receiptRequests = 0;
    stubApi((url) => {
      if (url.endsWith(intentUrl)) return { status: 200, body: intent };
      if (url.endsWith(receiptsUrl)) {
        receiptRequests += 1;
        // The webhook lands after the first look.
        return receiptsOf(receiptRequests === 1 ? [] : [aReceipt({ offerId: 'older' }), receipt]);
      }
      return undefined;
    });
    const fake = createFakeStripe();
    renderPanel(async () => fake.stripe);

    await userEvent.type(await cardField(), '4242 4242 4242 4242');
    await userEvent.click(payButton());
    expect(
      await screen.findByText(
        'Stripe accepted your card. Waiting for the payment to be confirmed…',
      ),
    ).toBeVisible();
    expect(await screen.findByText('pi_3Pq', {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
    expect(await screen.findByText(paymentMessages.paid)).toBeVisible();
    expect(screen.queryByLabelText('Stripe card number')).toBeNull();
    expect(receiptRequests).toBe(2);
  });

  it('says so when Stripe.js cannot be loaded, and Try again loads it again', async () => {
    stubApi((url) => (url.endsWith(intentUrl) ? { status: 200, body: intent } : undefined));
    const fake = createFakeStripe();
    const loader = vi
      .fn<StripeLoader>()
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValue(fake.stripe);
    renderPanel(loader);

    const failure = await screen.findByText(/Stripe's card form could not be loaded/);
    expect(failure.closest('[role="alert"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardField()).toBeVisible();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

import { paymentMessages } from '@basha/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aReceipt, OFFER_ID } from '../../../../testing/payments.ts';
import { refusal, renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { CardPaymentForm } from './card-payment-form.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { ReceiptView } from './receipt-view.tsx';

const SECRET = 'sandbox_pi_123_secret_abc';
const receipt = aReceipt();

function renderForm(clientSecret: string | undefined, onPaid = vi.fn()) {
  renderWithApp(
    <CardPaymentForm
      offerId={OFFER_ID}
      amount={55_000}
      clientSecret={clientSecret}
      onPaid={onPaid}
    />,
  );
  return onPaid;
}

async function typeCard(number: string) {
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
}

const payButton = () => screen.getByRole('button', { name: /^Pay / });

describe('card payment form', () => {
  it('labels the card fields for autofill and keeps Pay disabled until the client secret exists', () => {
    stubApi(() => undefined);
    renderForm(undefined);
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(payButton()).toBeDisabled();
  });

  it('checks the card before sending it', async () => {
    const calls = stubApi(() => undefined);
    renderForm(SECRET);
    expect(payButton()).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.click(payButton());
    expect(await screen.findByText(paymentMessages.cardNumberInvalid)).toBeVisible();
    expect(screen.getByText(paymentMessages.expiryIncomplete)).toBeVisible();
    expect(screen.getByText(paymentMessages.cvcInvalid)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("shows a decline (402) in red under the form with the provider's message", async () => {
    stubApi(() => refusal(402, 'PAYMENT_FAILED', paymentMessages.declined));
    const onPaid = renderForm(SECRET);
    await typeCard('4000 0000 0000 0002');
    await userEvent.click(payButton());
    const message = await screen.findByText(paymentMessages.declined);
    expect(message).toHaveRole('alert');
    expect(message).toHaveClass('text-red-700');
    expect(onPaid).not.toHaveBeenCalled();
    expect(payButton()).toBeEnabled();
  });

  it('forgets the last decline when the next try is refused before it is sent', async () => {
    stubApi(() => refusal(402, 'PAYMENT_FAILED', paymentMessages.declined));
    renderForm(SECRET);
    await typeCard('4000 0000 0000 0002');
    await userEvent.click(payButton());
    expect(await screen.findByText(paymentMessages.declined)).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.click(payButton());
    expect(await screen.findByText(paymentMessages.cardNumberInvalid)).toBeVisible();
    expect(screen.queryByText(paymentMessages.declined)).toBeNull();
  });

  it('sends a card typed in Bangla digits, which the server reads as the same card', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(`/api/v1/offers/${OFFER_ID}/payment`) && init.method === 'POST'
        ? { status: 200, body: receipt }
        : undefined,
    );
    const onPaid = renderForm(SECRET);
    await userEvent.type(screen.getByLabelText('Card number'), '৪২৪২ ৪২৪২ ৪২৪২ ৪২৪২');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '১২/৪০');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '১২৩');
    await userEvent.click(payButton());
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(receipt));
    expect(calls).toHaveLength(1);
  });

  it('sends the client secret with the card and hands back the receipt', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(`/api/v1/offers/${OFFER_ID}/payment`) && init.method === 'POST'
        ? { status: 200, body: receipt }
        : undefined,
    );
    const onPaid = renderForm(SECRET);
    await typeCard('4242 4242 4242 4242');
    await userEvent.click(payButton());
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(receipt));
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      clientSecret: SECRET,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    // The form forgets the card once paid.
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(localStorage.length).toBe(0);
  });

  it('shows the receipt with its reference and a Print button', async () => {
    stubApi(() => undefined);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithApp(<ReceiptView receipt={receipt} />);
    expect(screen.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
    expect(screen.getByText('sbx_ch_0123456789')).toBeVisible();
    expect(screen.getByText('ending in 4242')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});

describe('payment panel', () => {
  it('asks for the payment intent on open, enables Pay with its secret, and shows the receipt after paying', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith(`/api/v1/offers/${OFFER_ID}/payment-intent`) && init.method === 'POST') {
        return {
          status: 200,
          body: {
            offerId: OFFER_ID,
            provider: 'sandbox',
            clientSecret: SECRET,
            amount: 55_000,
            currency: 'BDT',
            publishableKey: null,
          },
        };
      }
      if (url.endsWith(`/api/v1/offers/${OFFER_ID}/payment`) && init.method === 'POST') {
        return { status: 200, body: receipt };
      }
      return undefined;
    });
    renderWithApp(<PaymentPanel offerId={OFFER_ID} amount={55_000} paid={false} />);
    expect(payButton()).toBeDisabled();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await typeCard('4242 4242 4242 4242');
    await userEvent.click(payButton());
    expect(await screen.findByText('sbx_ch_0123456789')).toBeVisible();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(calls.map((call) => call.url)).toHaveLength(2);
  });
});

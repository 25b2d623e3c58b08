import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFER_ID } from '../../../../testing/payments.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { PaymentPanel } from './payment-panel.tsx';

const intentUrl = `/api/v1/offers/${OFFER_ID}/payment-intent`;
const sandboxIntent = {
  offerId: OFFER_ID,
  provider: 'sandbox',
  clientSecret: 'pi_sandbox_1_secret_x',
  amount: 55_000,
  currency: 'BDT',
  publishableKey: null,
};

afterEach(() => localStorage.removeItem('basha.locale'));

describe('choosing how to pay', () => {
  it('offers one choice per enabled method and starts nothing until the buyer continues', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(intentUrl) && init.method === 'POST'
        ? { status: 200, body: sandboxIntent }
        : undefined,
    );
    renderWithApp(
      <PaymentPanel
        offerId={OFFER_ID}
        amount={55_000}
        paid={false}
        methods={['stripe', 'sandbox']}
      />,
    );
    expect(screen.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Stripe' })).toBeChecked();
    const sandbox = screen.getByRole('radio', {
      name: 'Basha sandbox (test cards only, no real money)',
    });
    expect(calls).toHaveLength(0);

    await userEvent.click(sandbox);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Card number')).toBeVisible());
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ method: 'sandbox' });
  });

  it('goes straight to the only enabled method, naming it to the server', async () => {
    const calls = stubApi((url, init) =>
      url.endsWith(intentUrl) && init.method === 'POST'
        ? { status: 200, body: sandboxIntent }
        : undefined,
    );
    renderWithApp(
      <PaymentPanel offerId={OFFER_ID} amount={55_000} paid={false} methods={['sandbox']} />,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ method: 'sandbox' });
  });

  it('speaks Bangla', async () => {
    stubApi(() => undefined);
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    renderWithApp(
      <PaymentPanel
        offerId={OFFER_ID}
        amount={55_000}
        paid={false}
        methods={['stripe', 'sandbox']}
      />,
    );
    expect(screen.getByRole('heading', { name: 'কীভাবে পরিশোধ করতে চান?' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'স্ট্রাইপ' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'এগিয়ে যান' })).toBeVisible();
  });
});

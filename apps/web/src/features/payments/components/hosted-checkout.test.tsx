import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFER_ID } from '../../../../testing/payments.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { PaymentReturnNotice } from './payment-return-notice.tsx';

const GATEWAY = 'https://sandbox.sslcommerz.com/EasyCheckOut/testcde1234';

afterEach(() => localStorage.removeItem('basha.locale'));

describe('hosted checkouts', () => {
  it('sends the buyer to the gateway page of the payment under way, with no card form', async () => {
    stubApi((url, init) =>
      url.endsWith(`/api/v1/offers/${OFFER_ID}/payment-intent`) && init.method === 'POST'
        ? {
            status: 200,
            body: {
              offerId: OFFER_ID,
              provider: 'sslcommerz',
              clientSecret: GATEWAY,
              amount: 55_000,
              currency: 'BDT',
              publishableKey: null,
              redirectUrl: GATEWAY,
            },
          }
        : undefined,
    );
    renderWithApp(
      <PaymentPanel offerId={OFFER_ID} amount={55_000} paid={false} methods={['sslcommerz']} />,
    );
    const link = await screen.findByRole('link', { name: /^Pay .* with SSLCommerz/ });
    expect(link).toHaveAttribute('href', GATEWAY);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it.each([
    ['paid', 'Payment successful. Your receipt is below.', 'status'],
    ['failed', 'The payment failed. Nothing was taken; you can try again.', 'alert'],
    ['cancelled', 'You cancelled the payment. The offer is still yours to pay.', 'status'],
    ['confirming', /^We are confirming your payment\./, 'status'],
  ] as const)('says plainly what happened: %s', (result, text, role) => {
    stubApi(() => undefined);
    renderWithApp(<PaymentReturnNotice result={result} />);
    expect(screen.getByRole(role)).toHaveTextContent(text);
  });

  it('says it in Bangla too', async () => {
    stubApi(() => undefined);
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    renderWithApp(<PaymentReturnNotice result="confirming" />);
    expect(screen.getByRole('status')).toHaveTextContent('আমরা আপনার পেমেন্ট নিশ্চিত করছি।');
  });
});

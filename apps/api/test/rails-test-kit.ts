// One test app with every payment rail on, each against its local stand-in, and a way to
// pay an accepted offer through each rail the way its gateway reports it (tests only).
import Stripe from 'stripe';
import { expect } from 'vitest';
import { FAKE_BKASH_CREDENTIALS, type FakeBkash, startFakeBkash } from './fake-bkash-server.ts';
import {
  FAKE_SSLCOMMERZ_STORE,
  type FakeSslcommerz,
  startFakeSslcommerz,
} from './fake-sslcommerz-server.ts';
import { type FakeStripe, startFakeStripe, stripeEventPayload } from './fake-stripe-server.ts';
import { as, expiryIn, intentsOf } from './payments-test-kit.ts';
import { createTestApp, type TestAccount, type TestApp } from './test-app.ts';

export const RAILS = ['sandbox', 'stripe', 'sslcommerz', 'bkash'] as const;
export type Rail = (typeof RAILS)[number];

const STRIPE_WEBHOOK_SECRET = 'whsec_basha_rails';

export type RailsApp = {
  t: TestApp;
  stripe: FakeStripe;
  sslcommerz: FakeSslcommerz;
  bkash: FakeBkash;
  close(): Promise<void>;
};

/** The settings that turn every rail on against the given stand-ins. */
export function railsEnv(fakes: Pick<RailsApp, 'stripe' | 'sslcommerz' | 'bkash'>) {
  return {
    PAYMENT_PROVIDERS: RAILS.join(','),
    STRIPE_SECRET_KEY: 'sk_test_basha',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_basha',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fakes.stripe.url,
    SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
    SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
    SSLCOMMERZ_API_BASE: fakes.sslcommerz.url,
    BKASH_APP_KEY: FAKE_BKASH_CREDENTIALS.appKey,
    BKASH_APP_SECRET: FAKE_BKASH_CREDENTIALS.appSecret,
    BKASH_USERNAME: FAKE_BKASH_CREDENTIALS.username,
    BKASH_PASSWORD: FAKE_BKASH_CREDENTIALS.password,
    BKASH_API_BASE: fakes.bkash.url,
  };
}

export async function startRailsApp(extraEnv: Record<string, string> = {}): Promise<RailsApp> {
  const stripe = await startFakeStripe();
  // IPNs go nowhere by themselves: each test posts them, or leaves them missing.
  const sslcommerz = await startFakeSslcommerz({ sendIpn: false });
  const bkash = await startFakeBkash();
  const t = await createTestApp({ ...railsEnv({ stripe, sslcommerz, bkash }), ...extraEnv });
  return {
    t,
    stripe,
    sslcommerz,
    bkash,
    async close() {
      await t.close();
      await Promise.all([stripe.close(), sslcommerz.close(), bkash.close()]);
    },
  };
}

/** Starts paying `offerId` with `rail`; answers the intent's reference at the rail. */
export async function startRailPayment(
  t: TestApp,
  buyer: TestAccount,
  offerId: string,
  rail: Rail,
): Promise<{ reference: string; clientSecret: string }> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment-intent`,
    headers: as(buyer),
    payload: { method: rail },
  });
  expect(started.statusCode, started.body).toBe(200);
  const [intent] = await intentsOf(t, offerId);
  if (!intent) throw new Error('no intent stored');
  return { reference: intent.reference, clientSecret: intent.clientSecret };
}

/**
 * Pays an accepted offer through `rail`, the way a buyer and its gateway would: the
 * sandbox card form, Stripe's confirmation and signed webhook, SSLCommerz's IPN, bKash's
 * callback; the offer is then paid.
 */
export async function payThroughRail(
  rails: RailsApp,
  buyer: TestAccount,
  offerId: string,
  rail: Rail,
): Promise<void> {
  const { t } = rails;
  const { reference, clientSecret } = await startRailPayment(t, buyer, offerId, rail);
  const answered = await (async () => {
    switch (rail) {
      case 'sandbox':
        return t.app.inject({
          method: 'POST',
          url: `/api/v1/offers/${offerId}/payment`,
          headers: as(buyer),
          payload: {
            clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expiry: expiryIn(12),
            cvc: '123',
          },
        });
      case 'stripe': {
        const confirmed = await fetch(
          `${rails.stripe.url}/v1/payment_intents/${reference}/confirm`,
          {
            method: 'POST',
            body: new URLSearchParams({
              client_secret: clientSecret,
              'payment_method_data[card][number]': '4242424242424242',
            }),
          },
        );
        const intent = (await confirmed.json()) as Record<string, unknown>;
        const payload = stripeEventPayload('payment_intent.succeeded', {
          ...intent,
          amount_received: intent.amount,
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/stripe/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: STRIPE_WEBHOOK_SECRET,
            }),
          },
          payload,
        });
      }
      case 'sslcommerz':
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/sslcommerz/ipn',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(rails.sslcommerz.pay(reference)).toString(),
        });
      case 'bkash':
        rails.bkash.approve(reference);
        return t.app.inject({
          method: 'GET',
          url: `/api/v1/payments/bkash/callback?paymentID=${reference}&status=success`,
        });
    }
  })();
  expect(answered.statusCode, answered.body).toBeLessThan(400);
}

import { paymentMessages } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe-server.ts';
import { acceptedOffer, as, intentsOf } from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

/** Several rails at once (PAYMENT_PROVIDERS=stripe,sandbox): the buyer picks one per offer. */
let fake: FakeStripe;
let t: TestApp;
let sandboxOnly: TestApp;
let agent: TestAccount;
let buyer: TestAccount;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    PAYMENT_PROVIDERS: 'stripe,sandbox',
    STRIPE_SECRET_KEY: 'sk_test_basha',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_basha',
    STRIPE_WEBHOOK_SECRET: 'whsec_basha_methods',
    STRIPE_API_BASE: fake.url,
  });
  sandboxOnly = await createTestApp();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(async () => {
  await t.close();
  await sandboxOnly.close();
  await fake.close();
});

const start = (app: TestApp, account: TestAccount, offerId: string, payload?: object) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment-intent`,
    headers: as(account),
    ...(payload ? { payload } : {}),
  });

const stripeCreates = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;

describe('payment methods', () => {
  it('lists the enabled methods in the operator’s order, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment-methods' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ methods: ['stripe', 'sandbox'] });
    const one = await sandboxOnly.app.inject({ method: 'GET', url: '/api/v1/payment-methods' });
    expect(one.json()).toEqual({ methods: ['sandbox'] });
  });

  it('serves every enabled rail’s confirmation route', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/v1/offers/:id/payment (POST)');
    expect(routes).toContain('/api/v1/payments/stripe/webhook (POST)');
  });

  it('starts the payment with the method the buyer picked', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const response = await start(t, buyer, offerId, { method: 'sandbox' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'sandbox', publishableKey: null });
  });

  it('starts with the first enabled method when none is named', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const response = await start(t, buyer, offerId);
    expect(response.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_basha' });
  });

  it('resumes the first payment on a second Pay, even naming another method', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const before = stripeCreates();
    const first = await start(t, buyer, offerId, { method: 'stripe' });
    const again = await Promise.all([
      start(t, buyer, offerId, { method: 'stripe' }),
      start(t, buyer, offerId, { method: 'sandbox' }),
    ]);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(first.json());
    }
    expect(stripeCreates() - before).toBe(1);
    expect(await intentsOf(t, offerId)).toHaveLength(1);
  });

  it('refuses a method this site has not enabled, or one that does not exist, changing nothing', async () => {
    const buyerThere = await createAccount(sandboxOnly, 'user');
    const agentThere = await createAccount(sandboxOnly, 'agent');
    const { offerId } = await acceptedOffer(sandboxOnly, agentThere, buyerThere);
    const disabled = await start(sandboxOnly, buyerThere, offerId, { method: 'stripe' });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toMatchObject({ messageCode: 'payment.methodNotEnabled' });
    const unknown = await start(sandboxOnly, buyerThere, offerId, { method: 'paypal' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail ?? JSON.stringify(unknown.json())).toContain(
      paymentMessages.methodNotEnabled,
    );
    expect(await intentsOf(sandboxOnly, offerId)).toEqual([]);
  });
});

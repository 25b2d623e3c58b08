import { randomBytes } from 'node:crypto';
import { offerMessages, PaymentIntentSchema, paymentMessages } from '@basha/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  type FakeStripe,
  startFakeStripe,
  stripeEventPayload,
} from '../../../test/fake-stripe-server.ts';
import {
  acceptedOffer,
  as,
  expiryIn,
  insertOffer,
  intentsOf,
  paymentsOf,
  saleState,
  startPayment,
} from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { offer, paymentIntent } from '../../db/schema.ts';
import { SCRIPTS_AFTER_PHOTO_SOURCE } from '../../web/scripts-after-photo.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.routes.ts';

/**
 * Stripe, offline: the SDK talks to a local stand-in for api.stripe.com, and webhooks are
 * signed with the SDK's own test helper and the configured signing secret.
 */
const WEBHOOK_SECRET = 'whsec_basha_test_signing_secret';

let fake: FakeStripe;
let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    PAYMENT_PROVIDERS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_basha',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_basha',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const createsFor = (offerId: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      r.idempotencyKey === `offer-${offerId}`,
  );

/** An accepted offer whose payment has been started; returns the Stripe intent id too. */
async function startedOffer(values = {}) {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, values);
  const response = await startPayment(t, buyer, offerId);
  expect(response.statusCode, response.body).toBe(200);
  const clientSecret: string = response.json().clientSecret;
  return { listingId, offerId, intentId: clientSecret.split('_secret_')[0] as string };
}

type IntentFields = { id: string; amount: number; currency?: string };

function paymentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: IntentFields,
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  const succeeded = type === 'payment_intent.succeeded';
  return stripeEventPayload(
    type,
    {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: succeeded ? intent.amount : 0,
      currency: intent.currency ?? 'bdt',
      status: succeeded ? 'succeeded' : 'requires_payment_method',
      payment_method: succeeded ? 'pm_fake' : null,
      last_payment_error: succeeded
        ? null
        : { code: 'card_declined', message: 'Your card was declined.' },
    },
    eventId,
  );
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

/** A delivery as Stripe's servers make it: no browser origin, no cookie (the cross-site guard). */
function deliver(payload: string, signature: string | null = sign(payload)) {
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      origin: undefined,
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

describe('starting a payment with Stripe', () => {
  it('creates a PaymentIntent in BDT for the offered amount, keyed by the offer', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer, { amount: 5075 });
    const response = await startPayment(t, buyer, offerId);
    expect(response.statusCode, response.body).toBe(200);
    expect(PaymentIntentSchema.parse(response.json())).toEqual({
      offerId,
      provider: 'stripe',
      clientSecret: expect.stringMatching(/^pi_[0-9a-f]+_secret_/),
      amount: 5075,
      currency: 'BDT',
      publishableKey: 'pk_test_basha',
    });

    const [request] = createsFor(offerId);
    expect(request?.form.get('amount')).toBe('507500');
    expect(request?.form.get('currency')).toBe('bdt');
    expect(request?.form.get('metadata[offerId]')).toBe(offerId);
    expect(request?.form.get('allowed_payment_method_types[0]')).toBe('card');
  });

  it('asks Stripe once and stores one intent, whether called again or ten times at once', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const first = (await startPayment(t, buyer, offerId)).json();
    expect((await startPayment(t, buyer, offerId)).json()).toEqual(first);

    const racing = await acceptedOffer(t, agent, buyer);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => startPayment(t, buyer, racing.offerId)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().clientSecret)).size).toBe(1);
    expect(await intentsOf(t, racing.offerId)).toHaveLength(1);
    expect(createsFor(offerId)).toHaveLength(1);
    expect(createsFor(racing.offerId)).toHaveLength(1);
  });

  it('says so when Stripe refuses (409) or cannot be reached (503), and stores nothing', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    fake.failCreates(1, 400, 'invalid_request_error', 'Amount must be no more than ৳999,999.99.');
    const refused = await startPayment(t, buyer, offerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `${paymentMessages.providerRefused} Amount must be no more than ৳999,999.99.`,
    );

    fake.failCreates(3, 500, 'api_error', 'Something went wrong on our end.');
    const down = await startPayment(t, buyer, offerId);
    expect(down.statusCode).toBe(503);
    expect(down.json().detail).toBe(paymentMessages.providerUnavailable);
    expect(await intentsOf(t, offerId)).toHaveLength(0);
  });

  it('refuses an offer that is not accepted without asking Stripe', async () => {
    const listingId = await createListing(t, agent);
    const offerId = await insertOffer(t, listingId, buyer, { status: 'pending' });
    expect((await startPayment(t, buyer, offerId)).statusCode).toBe(409);
    expect((await startPayment(t, otherBuyer, offerId)).statusCode).toBe(404);
    expect(createsFor(offerId)).toHaveLength(0);
  });

  it('takes no card details itself: the sandbox confirmation route is not served', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offerId}/payment`,
      headers: as(buyer),
      payload: {
        clientSecret: 'x',
        cardNumber: '4242424242424242',
        expiry: expiryIn(3),
        cvc: '123',
      },
    });
    expect(response.statusCode).toBe(404);
  });

  it('replaces an intent opened while the sandbox was the provider', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    await t.database.db.insert(paymentIntent).values({
      offerId,
      provider: 'sandbox',
      reference: 'pi_sandbox_before_the_switch',
      clientSecret: 'pi_sandbox_before_the_switch_secret_x',
      amount: 5050,
      currency: 'BDT',
    });
    const response = await startPayment(t, buyer, offerId);
    expect(response.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_basha' });
    expect(await intentsOf(t, offerId)).toEqual([
      expect.objectContaining({ provider: 'stripe', clientSecret: response.json().clientSecret }),
    ]);
  });

  it("lets the browser load Stripe.js, its card frames and Stripe's API, and nothing else new", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(directives['script-src']).toEqual([
      "'self'",
      SCRIPTS_AFTER_PHOTO_SOURCE,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directives['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('describes the webhook in the OpenAPI document', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toContain(STRIPE_WEBHOOK_PATH);
    expect(Object.keys(spec.json().paths)).not.toContain('/api/v1/offers/{id}/payment');
  });

  it('still parses JSON everywhere else (the raw body is for the webhook only)', async () => {
    const listingId = await createListing(t, agent);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: as(buyer),
      payload: { listingId },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the Stripe webhook', () => {
  it('payment_intent.succeeded completes the sale: payment recorded, offer paid, listing sold', async () => {
    const { listingId, offerId, intentId } = await startedOffer({ amount: 5060 });
    const rival = await insertOffer(t, listingId, otherBuyer, { status: 'pending' });
    const eventId = 'evt_basha_success_1';
    const response = await deliver(
      paymentEvent('payment_intent.succeeded', { id: intentId, amount: 506000 }, eventId),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });

    expect(await paymentsOf(t, offerId)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        reference: intentId,
        eventId,
        amount: 5060,
        currency: 'BDT',
        cardLast4: '4242',
      }),
    ]);
    const state = await saleState(t, listingId);
    const statuses = Object.fromEntries(state.offers.map((o) => [o.id, o.status]));
    expect(statuses).toEqual({ [offerId]: 'paid', [rival]: 'rejected' });
    expect(state.soldAt).not.toBeNull();

    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/receipts/${offerId}`,
      headers: as(buyer),
    });
    expect(receipt.json()).toMatchObject({ provider: 'stripe', reference: intentId, amount: 5060 });
    expect((await startPayment(t, buyer, offerId)).json().detail).toBe(offerMessages.alreadyPaid);
  });

  it('changes state once when the same event arrives ten times at once', async () => {
    const { listingId, offerId, intentId } = await startedOffer();
    const payload = paymentEvent('payment_intent.succeeded', { id: intentId, amount: 505000 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
    const state = await saleState(t, listingId);
    expect(state.offers).toEqual([expect.objectContaining({ status: 'paid' })]);

    // A later redelivery, even under a new event id, changes nothing either.
    const paidAt = state.offers[0]?.paidAt;
    const again = paymentEvent('payment_intent.succeeded', { id: intentId, amount: 505000 });
    expect((await deliver(again)).statusCode).toBe(200);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
    expect((await saleState(t, listingId)).offers[0]?.paidAt).toEqual(paidAt);
  });

  it.each([
    ['a wrong signing secret', (p: string) => sign(p, { secret: 'whsec_someone_else' })],
    [
      'a stale timestamp',
      (p: string) => sign(p, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ],
    ['a signature of another body', (p: string) => sign(`${p} `)],
    ['garbage', () => 't=1,v1=00'],
    ['no signature at all', () => null],
  ])('refuses %s (400) and changes nothing', async (_name, signatureFor) => {
    const { listingId, offerId, intentId } = await startedOffer();
    const before = await saleState(t, listingId);
    const payload = paymentEvent('payment_intent.succeeded', { id: intentId, amount: 505000 });
    const response = await deliver(payload, signatureFor(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(400);
    expect(await saleState(t, listingId)).toEqual(before);
    expect(await paymentsOf(t, offerId)).toHaveLength(0);
  });

  it('refuses a body that is not a signed event, whatever its content type (400)', async () => {
    const payload = paymentEvent('payment_intent.succeeded', { id: 'pi_x', amount: 505000 });
    const cases = [
      { headers: { 'stripe-signature': sign(payload) }, payload: '' },
      {
        headers: { 'content-type': 'text/plain', 'stripe-signature': sign('hello') },
        payload: 'hello',
      },
      {
        headers: { 'content-type': 'application/json', 'stripe-signature': sign('{') },
        payload: '{',
      },
    ];
    for (const request of cases) {
      const response = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, ...request });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('acknowledges but does not act on a failed payment, a wrong amount or an unknown intent', async () => {
    const { listingId, intentId } = await startedOffer();
    const before = await saleState(t, listingId);
    const deliveries = [
      paymentEvent('payment_intent.payment_failed', { id: intentId, amount: 505000 }),
      paymentEvent('payment_intent.succeeded', { id: intentId, amount: 5050 }),
      paymentEvent('payment_intent.succeeded', { id: intentId, amount: 505000, currency: 'usd' }),
      paymentEvent('payment_intent.succeeded', { id: 'pi_not_ours', amount: 505000 }),
    ];
    for (const payload of deliveries) expect((await deliver(payload)).statusCode).toBe(200);
    expect(await saleState(t, listingId)).toEqual(before);
  });

  it('does not sell an offer rejected after the payment started (e.g. fraud marking)', async () => {
    const { listingId, offerId, intentId } = await startedOffer();
    await t.database.db.update(offer).set({ status: 'rejected' }).where(eq(offer.id, offerId));
    const before = await saleState(t, listingId);
    const payload = paymentEvent('payment_intent.succeeded', { id: intentId, amount: 505000 });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await saleState(t, listingId)).toEqual(before);
  });
});

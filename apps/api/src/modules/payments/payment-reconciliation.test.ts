import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOffer,
  intentsOf,
  paymentsOf,
  saleState,
} from '../../../test/payments-test-kit.ts';
import { type RailsApp, startRailPayment, startRailsApp } from '../../../test/rails-test-kit.ts';
import { createAccount, type TestAccount, type TestApp } from '../../../test/test-app.ts';
import { paymentIntent } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';

/**
 * Reconciliation asks each rail's stand-in about intents whose outcome never reached us
 * and settles them through the same paths as the callbacks.
 */
let rails: RailsApp;
let t: TestApp;
let providers: PaymentProvider[];
let agent: TestAccount;
let buyer: TestAccount;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  rails = await startRailsApp();
  t = rails.t;
  providers = createPaymentProviders(t.config.payments, log);
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(() => rails.close());

const reconcile = () => reconcilePayments(t.database.db, providers, log);

/** Makes an intent look started `minutes` ago. */
async function age(offerId: string, minutes = 16) {
  await t.database.db
    .update(paymentIntent)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(paymentIntent.offerId, offerId));
}

async function started(rail: 'stripe' | 'sslcommerz' | 'bkash') {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
  const { reference, clientSecret } = await startRailPayment(t, buyer, offerId, rail);
  return { listingId, offerId, reference, clientSecret };
}

/** Runs reconciliation until only the given offers matter: the outcomes for them. */
async function reconcileOnly(...offerIds: string[]) {
  // Other tests' intents are young or settled already; every aged one here is this test's.
  const outcomes = await reconcile();
  const intents = await Promise.all(offerIds.map((id) => intentsOf(t, id)));
  return { outcomes, intents: intents.map(([i]) => i) };
}

describe('reconciling SSLCommerz', () => {
  it('settles a payment whose IPN never came, once; a second run changes nothing', async () => {
    const { listingId, offerId, reference } = await started('sslcommerz');
    // The buyer paid on the gateway page, but neither the IPN nor the return reached us.
    const paid = rails.sslcommerz.pay(reference);
    await age(offerId);

    const { outcomes } = await reconcileOnly(offerId);
    expect(outcomes).toEqual(['paid']);
    const [payment] = await paymentsOf(t, offerId);
    expect(payment).toMatchObject({ provider: 'sslcommerz', reference: paid.bank_tran_id });
    const after = await saleState(t, listingId);
    expect(after.soldAt).not.toBeNull();
    expect(after.offers[0]?.status).toBe('paid');

    expect(await reconcile()).toEqual([]);
    expect(await saleState(t, listingId)).toEqual(after);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });

  it('closes a payment the gateway says failed; the offer stays payable and Pay starts anew', async () => {
    const { listingId, offerId, reference } = await started('sslcommerz');
    rails.sslcommerz.fail(reference);
    await age(offerId);
    const before = await saleState(t, listingId);

    const { outcomes, intents } = await reconcileOnly(offerId);
    expect(outcomes).toEqual(['failed']);
    expect(intents[0]?.closedAs).toBe('failed');
    expect(await saleState(t, listingId)).toEqual(before);
    expect(await reconcile()).toEqual([]);

    const again = await startRailPayment(t, buyer, offerId, 'sslcommerz');
    expect(again.reference).not.toBe(reference);
    expect((await intentsOf(t, offerId))[0]?.closedAs).toBeNull();
  });

  it('expires a session the buyer never paid, and leaves young intents alone', async () => {
    const old = await started('sslcommerz');
    const young = await started('sslcommerz');
    await age(old.offerId);
    await age(young.offerId, 14);

    const { outcomes, intents } = await reconcileOnly(old.offerId, young.offerId);
    expect(outcomes).toEqual(['expired']);
    expect(intents.map((i) => i?.closedAs)).toEqual(['expired', null]);
  });
});

describe('reconciling bKash and Stripe', () => {
  it('settles a bKash payment completed without its callback, closes a failed one and expires an unapproved one', async () => {
    const completed = await started('bkash');
    const failed = await started('bkash');
    const initiated = await started('bkash');
    rails.bkash.complete(completed.reference);
    rails.bkash.fail(failed.reference);
    for (const s of [completed, failed, initiated]) await age(s.offerId);

    const { outcomes, intents } = await reconcileOnly(
      completed.offerId,
      failed.offerId,
      initiated.offerId,
    );
    expect(outcomes).toEqual(['paid', 'failed', 'expired']);
    expect(intents.map((i) => i?.closedAs)).toEqual([null, 'failed', 'expired']);
    expect(await paymentsOf(t, completed.offerId)).toEqual([
      expect.objectContaining({
        provider: 'bkash',
        reference: rails.bkash.paymentOf(completed.reference)?.trxID,
      }),
    ]);
    expect(await paymentsOf(t, failed.offerId)).toEqual([]);
    expect(await reconcile()).toEqual([]);
    expect(await paymentsOf(t, completed.offerId)).toHaveLength(1);
  });

  it('settles a Stripe payment whose webhook never came', async () => {
    const { listingId, offerId, reference, clientSecret } = await started('stripe');
    const confirmed = await fetch(`${rails.stripe.url}/v1/payment_intents/${reference}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        client_secret: clientSecret,
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(confirmed.status).toBe(200);
    await age(offerId);

    expect((await reconcileOnly(offerId)).outcomes).toEqual(['paid']);
    expect((await saleState(t, listingId)).soldAt).not.toBeNull();
    expect(await reconcile()).toEqual([]);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_BKASH_CREDENTIALS,
  type FakeBkash,
  startFakeBkash,
} from '../../../test/fake-bkash-server.ts';
import {
  acceptedOffer,
  as,
  insertOffer,
  intentsOf,
  paymentsOf,
  saleState,
} from '../../../test/payments-test-kit.ts';
import {
  APP_ORIGIN,
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

/** bKash tokenized checkout, offline: the provider talks to test/fake-bkash-server.ts. */
const bkashEnv = (fake: FakeBkash) => ({
  PAYMENT_PROVIDERS: 'bkash',
  BKASH_APP_KEY: FAKE_BKASH_CREDENTIALS.appKey,
  BKASH_APP_SECRET: FAKE_BKASH_CREDENTIALS.appSecret,
  BKASH_USERNAME: FAKE_BKASH_CREDENTIALS.username,
  BKASH_PASSWORD: FAKE_BKASH_CREDENTIALS.password,
  BKASH_API_BASE: fake.url,
});

let fake: FakeBkash;
let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  fake = await startFakeBkash();
  t = await createTestApp(bkashEnv(fake));
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function startedOffer(app = t, who = { agent, buyer }) {
  const { listingId, offerId } = await acceptedOffer(app, who.agent, who.buyer, { amount: 5050 });
  const started = await app.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment-intent`,
    headers: as(who.buyer),
    payload: { method: 'bkash' },
  });
  expect(started.statusCode).toBe(200);
  const [intent] = await intentsOf(app, offerId);
  if (!intent) throw new Error('no intent');
  return { listingId, offerId, paymentID: intent.reference, started: started.json() };
}

const callback = (paymentID: string, status: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/payments/bkash/callback?paymentID=${paymentID}&status=${status}`,
  });

const grants = (f: FakeBkash) => f.calls.filter((c) => c.endsWith('/token/grant')).length;

describe('bKash tokenized checkout', () => {
  it('creates the payment with our callback and sends the buyer to bkashURL; one token serves many', async () => {
    const before = grants(fake);
    const { paymentID, started, offerId } = await startedOffer();
    await startedOffer();
    expect(grants(fake) - before).toBe(1);
    expect(fake.paymentOf(paymentID)).toMatchObject({
      amount: '5050',
      currency: 'BDT',
      invoice: offerId,
      callbackURL: `${APP_ORIGIN}/api/v1/payments/bkash/callback`,
    });
    expect(started).toMatchObject({
      provider: 'bkash',
      redirectUrl: `${fake.url.replace('/v1.2.0-beta/', '')}/checkout/${paymentID}`,
    });
  });

  it('executes on the success callback: paid once, listing sold, rivals rejected, receipt with the trxID', async () => {
    const { listingId, offerId, paymentID } = await startedOffer();
    const rivalId = await insertOffer(t, listingId, otherBuyer, {
      status: 'pending',
      decidedAt: null,
    });
    fake.approve(paymentID);
    const back = await callback(paymentID, 'success');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=paid`,
    );
    const again = await callback(paymentID, 'success');
    expect(again.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=paid`,
    );
    const state = await saleState(t, listingId);
    expect(state.payments).toBe(1);
    expect(state.soldAt).not.toBeNull();
    expect(state.offers).toContainEqual(
      expect.objectContaining({ id: rivalId, status: 'rejected' }),
    );
    const [paid] = await paymentsOf(t, offerId);
    expect(paid).toMatchObject({ provider: 'bkash', reference: fake.paymentOf(paymentID)?.trxID });
  });

  it('settles an uncertain execute (the answer never came) by asking the status: paid exactly once', async () => {
    const { listingId, offerId, paymentID } = await startedOffer();
    fake.approve(paymentID);
    fake.dropExecuteAnswers(1);
    const back = await callback(paymentID, 'success');
    expect(back.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=paid`,
    );
    expect(fake.calls.slice(-2)).toEqual([
      '/tokenized/checkout/execute',
      '/tokenized/checkout/payment/status',
    ]);
    expect((await saleState(t, listingId)).payments).toBe(1);
  });

  it('believes no status in the callback: a "success" bKash has not approved records nothing', async () => {
    const { listingId, offerId, paymentID } = await startedOffer();
    const back = await callback(paymentID, 'success');
    expect(back.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=confirming`,
    );
    expect((await saleState(t, listingId)).payments).toBe(0);
  });

  it('leaves the offer payable after cancel and failure', async () => {
    const { listingId, offerId, paymentID } = await startedOffer();
    const before = await saleState(t, listingId);
    const cancelled = await callback(paymentID, 'cancel');
    expect(cancelled.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=cancelled`,
    );
    const failed = await callback(paymentID, 'failure');
    expect(failed.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=failed`,
    );
    expect(await saleState(t, listingId)).toEqual(before);
  });

  it('refuses a paymentID that is not ours', async () => {
    const back = await callback('TRNOTOURS', 'success');
    expect(back.headers.location).toBe('/dashboard/property-bought?payment=failed');
  });
});

describe('bKash tokens', () => {
  it('renews the token before it expires, by refresh', async () => {
    const shortLived = await startFakeBkash({ tokenSeconds: 300 });
    const app = await createTestApp(bkashEnv(shortLived));
    try {
      const who = {
        agent: await createAccount(app, 'agent'),
        buyer: await createAccount(app, 'user'),
      };
      await startedOffer(app, who);
      await startedOffer(app, who);
      // 300 s is inside the five-minute margin: the second payment does not use it.
      expect(shortLived.calls.filter((c) => c.endsWith('/token/grant'))).toHaveLength(1);
      expect(shortLived.calls.filter((c) => c.endsWith('/token/refresh'))).toHaveLength(1);
    } finally {
      await app.close();
      await shortLived.close();
    }
  });
});

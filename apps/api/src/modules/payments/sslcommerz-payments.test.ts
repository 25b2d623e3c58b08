import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SSLCOMMERZ_STORE,
  type FakeSslcommerz,
  startFakeSslcommerz,
} from '../../../test/fake-sslcommerz-server.ts';
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
import { auditLog } from '../../db/schema.ts';

/**
 * SSLCommerz, offline: the provider talks to a local stand-in for its gateway
 * (test/fake-sslcommerz-server.ts); IPNs and returns are posted the way the gateway posts them.
 */
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let fake: FakeSslcommerz;
let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // The stand-in's IPNs go nowhere here: each test posts them itself, as often as it needs.
  fake = await startFakeSslcommerz({ sendIpn: false });
  t = await createTestApp(
    {
      PAYMENT_PROVIDERS: 'sslcommerz',
      SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
      SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
      SSLCOMMERZ_API_BASE: fake.url,
      LOG_LEVEL: 'warn',
    },
    { logStream },
  );
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
  admin = await createAccount(t, 'admin');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  lines.length = 0;
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function postIpn(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/sslcommerz/ipn',
    headers: FORM,
    payload: form(fields),
  });
}

function postReturn(outcome: 'success' | 'fail' | 'cancel', fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/sslcommerz/return/${outcome}`,
    // The gateway's page posts the browser back: another site, no session cookie.
    headers: { ...FORM, origin: 'https://sandbox.sslcommerz.com', 'sec-fetch-site': 'cross-site' },
    payload: form(fields),
  });
}

/** An accepted offer (with a rival offer on its listing) whose SSLCommerz payment started. */
async function startedOffer() {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
  const rivalId = await insertOffer(t, listingId, otherBuyer, {
    status: 'pending',
    decidedAt: null,
  });
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment-intent`,
    headers: as(buyer),
    payload: { method: 'sslcommerz' },
  });
  expect(started.statusCode).toBe(200);
  const [intent] = await intentsOf(t, offerId);
  if (!intent) throw new Error('no intent stored');
  return { listingId, offerId, rivalId, tranId: intent.reference, started: started.json() };
}

describe('SSLCommerz hosted checkout', () => {
  it('opens a session in BDT with our transaction id and our callback URLs, and sends the buyer to it', async () => {
    const { tranId, started } = await startedOffer();
    const session = fake.sessionOf(tranId);
    expect(session).toMatchObject({
      amount: '5050.00',
      currency: 'BDT',
      successUrl: `${APP_ORIGIN}/api/v1/payments/sslcommerz/return/success`,
      failUrl: `${APP_ORIGIN}/api/v1/payments/sslcommerz/return/fail`,
      cancelUrl: `${APP_ORIGIN}/api/v1/payments/sslcommerz/return/cancel`,
      ipnUrl: `${APP_ORIGIN}/api/v1/payments/sslcommerz/ipn`,
    });
    expect(started).toMatchObject({
      provider: 'sslcommerz',
      amount: 5050,
      redirectUrl: `${fake.url}/gwprocess/v4/pay/${session?.sessionKey}`,
    });
  });

  it('records one payment for an IPN replayed 10 times: offer paid, listing sold, rivals rejected', async () => {
    const { listingId, offerId, rivalId, tranId } = await startedOffer();
    const ipn = fake.pay(tranId);
    for (let i = 0; i < 10; i++) {
      const response = await postIpn(ipn);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    const state = await saleState(t, listingId);
    expect(state.payments).toBe(1);
    expect(state.soldAt).not.toBeNull();
    expect(state.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: offerId, status: 'paid' }),
        expect.objectContaining({ id: rivalId, status: 'rejected' }),
      ]),
    );
    const [paid] = await paymentsOf(t, offerId);
    expect(paid).toMatchObject({
      provider: 'sslcommerz',
      reference: ipn.bank_tran_id,
      eventId: ipn.val_id,
      amount: 5050,
      currency: 'BDT',
    });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/receipts/${offerId}`,
      headers: as(buyer),
    });
    expect(receipt.json()).toMatchObject({ provider: 'sslcommerz', reference: ipn.bank_tran_id });
  });

  it('records one payment for 50 concurrent IPNs and returns of one transaction', async () => {
    const { listingId, offerId, tranId } = await startedOffer();
    const ipn = fake.pay(tranId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? postIpn(ipn) : postReturn('success', ipn))),
    );
    for (const [i, response] of responses.entries()) {
      if (i % 2) expect(response.statusCode).toBe(200);
      else {
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(
          `/dashboard/property-bought/payment/${offerId}?payment=paid`,
        );
      }
    }
    expect((await saleState(t, listingId)).payments).toBe(1);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });

  it.each([
    ['a wrong amount', (tranId: string) => fake.pay(tranId, { amount: '50.00' })],
    ['another currency', (tranId: string) => fake.pay(tranId, { currency: 'USD' })],
    [
      'a val_id the validation API does not confirm',
      (tranId: string) => ({ ...fake.pay(tranId), val_id: 'val_made_up_by_someone' }),
    ],
  ])('refuses an IPN with %s, logs it, and changes nothing', async (_case, forge) => {
    const { listingId, tranId } = await startedOffer();
    const before = await saleState(t, listingId);
    const response = await postIpn(forge(tranId));
    expect(response.statusCode).toBe(200);
    expect(await saleState(t, listingId)).toEqual(before);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'SSLCommerz did not confirm this payment; nothing recorded' }),
    );
  });

  it('refuses an IPN for a transaction id that is not ours, and logs it', async () => {
    const { listingId, tranId } = await startedOffer();
    const before = await saleState(t, listingId);
    const ipn = fake.pay(tranId);
    const response = await postIpn({ ...ipn, tran_id: 'another_shop_tran_42' });
    expect(response.statusCode).toBe(200);
    expect(await saleState(t, listingId)).toEqual(before);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'an SSLCommerz transaction that is not ours; refused' }),
    );
  });

  it('sends the buyer back to the payment page: cancelled and failed leave the offer payable', async () => {
    const { listingId, offerId, tranId } = await startedOffer();
    const before = await saleState(t, listingId);
    const cancelled = await postReturn('cancel', { tran_id: tranId, status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=cancelled`,
    );
    const failed = await postReturn('fail', { tran_id: tranId, status: 'FAILED' });
    expect(failed.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=failed`,
    );
    expect(await saleState(t, listingId)).toEqual(before);
    // Paying again resumes the same session.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offerId}/payment-intent`,
      headers: as(buyer),
      payload: { method: 'sslcommerz' },
    });
    expect(again.json().redirectUrl).toContain(fake.sessionOf(tranId)?.sessionKey);
  });

  it('says "confirming" when the validation API cannot be reached, and records nothing', async () => {
    const { listingId, offerId, tranId } = await startedOffer();
    const ipn = fake.pay(tranId);
    fake.setValidationDown(true);
    try {
      const back = await postReturn('success', ipn);
      expect(back.headers.location).toBe(
        `/dashboard/property-bought/payment/${offerId}?payment=confirming`,
      );
      const ipnResponse = await postIpn(ipn);
      // 503: SSLCommerz retries an IPN that was not acknowledged.
      expect(ipnResponse.statusCode).toBe(503);
      expect((await saleState(t, listingId)).payments).toBe(0);
    } finally {
      fake.setValidationDown(false);
    }
    expect((await postIpn(ipn)).statusCode).toBe(200);
    expect((await saleState(t, listingId)).payments).toBe(1);
  });
});

describe('a payment SSLCommerz flags as risky', () => {
  const decide = (offerId: string, decision: 'approve' | 'refuse', account = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${offerId}/${decision}`,
      headers: as(account),
    });

  it('waits for an admin, who approves it: then the sale completes, and the audit log says so', async () => {
    const { listingId, offerId, tranId } = await startedOffer();
    const ipn = fake.pay(tranId, { riskLevel: '1' });
    await postIpn(ipn);
    const back = await postReturn('success', ipn);
    expect(back.headers.location).toBe(
      `/dashboard/property-bought/payment/${offerId}?payment=confirming`,
    );
    expect((await saleState(t, listingId)).payments).toBe(0);
    expect((await intentsOf(t, offerId))[0]?.heldEventId).toBe(ipn.val_id);

    // Only admins decide (the authorization matrix runs the default sandbox, without these routes).
    expect((await decide(offerId, 'approve', buyer)).statusCode).toBe(403);
    expect((await decide(offerId, 'approve', agent)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${offerId}/approve`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await saleState(t, listingId)).payments).toBe(0);
    const approved = await decide(offerId, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ offerId, decision: 'approve', paid: true });
    expect((await saleState(t, listingId)).payments).toBe(1);
    expect((await intentsOf(t, offerId))[0]?.heldEventId).toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, offerId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.approved',
        actorId: admin.id,
        targetType: 'offer',
      }),
    ]);
    // Nothing is held any more: a second decision is refused.
    expect((await decide(offerId, 'refuse')).statusCode).toBe(404);
  });

  it('stays unpaid when the admin refuses it, and the offer can be paid again', async () => {
    const { listingId, offerId, tranId } = await startedOffer();
    await postIpn(fake.pay(tranId, { riskLevel: '1' }));
    const refused = await decide(offerId, 'refuse');
    expect(refused.json()).toEqual({ offerId, decision: 'refuse', paid: false });
    const state = await saleState(t, listingId);
    expect(state.payments).toBe(0);
    expect(state.offers).toContainEqual(
      expect.objectContaining({ id: offerId, status: 'accepted' }),
    );
    await postIpn(fake.pay(tranId));
    expect((await saleState(t, listingId)).payments).toBe(1);
  });
});

import { offerMessages, paymentMessages, ReceiptSchema } from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  acceptedOffer,
  as,
  dhakaDate,
  expiryIn,
  insertOffer,
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

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent', { name: 'Agent Rafiq' });
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
});
afterAll(() => t.close());

const VISA = '4242 4242 4242 4242';

function cardDetails(clientSecret: string, overrides: Record<string, unknown> = {}) {
  return { clientSecret, cardNumber: VISA, expiry: expiryIn(12), cvc: '123', ...overrides };
}

function pay(account: TestAccount | null, offerId: string, payload: object | string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment`,
    headers: { ...as(account), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** An accepted offer with its payment started; returns its ids and the client secret. */
async function payableOffer(values = {}) {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, values);
  const intent = await startPayment(t, buyer, offerId);
  expect(intent.statusCode, intent.body).toBe(200);
  return { listingId, offerId, clientSecret: intent.json().clientSecret as string };
}

describe('paying with a sandbox test card', () => {
  it.each([
    ['Visa 4242 4242 4242 4242', VISA, '4242'],
    ['Mastercard 5555 5555 5555 4444', '5555555555554444', '4444'],
  ])('%s succeeds: the receipt comes back and the sale is complete', async (_n, number, last4) => {
    const { listingId, offerId, clientSecret } = await payableOffer({ amount: 5080 });
    const response = await pay(buyer, offerId, cardDetails(clientSecret, { cardNumber: number }));
    expect(response.statusCode, response.body).toBe(200);
    const receipt = ReceiptSchema.parse(response.json());
    expect(receipt).toEqual({
      offerId,
      listing: { id: listingId, title: expect.any(String), location: 'Gulshan 2, Dhaka' },
      agent: { name: 'Agent Rafiq', email: agent.email },
      amount: 5080,
      currency: 'BDT',
      provider: 'sandbox',
      reference: clientSecret.split('_secret_')[0],
      cardLast4: last4,
      paidAt: expect.any(String),
      refund: null,
    });

    const [stored] = await paymentsOf(t, offerId);
    expect(stored).toMatchObject({
      provider: 'sandbox',
      reference: receipt.reference,
      eventId: null,
      amount: 5080,
      currency: 'BDT',
      cardLast4: last4,
    });
    const state = await saleState(t, listingId);
    expect(state.offers).toEqual([expect.objectContaining({ id: offerId, status: 'paid' })]);
    expect(state.soldAt).not.toBeNull();
    expect(stored?.createdAt.toISOString()).toBe(receipt.paidAt);
  });

  it.each([
    ['4000 0000 0000 0002', paymentMessages.declined],
    ['4000 0000 0000 9995', paymentMessages.insufficientFunds],
    ['4111 1111 1111 1111', paymentMessages.liveCardInTestMode],
  ])(
    '%s is declined (402) with the processor message and nothing changes',
    async (number, message) => {
      const { listingId, offerId, clientSecret } = await payableOffer();
      const before = await saleState(t, listingId);
      const response = await pay(buyer, offerId, cardDetails(clientSecret, { cardNumber: number }));
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({
        status: 402,
        title: 'Payment Required',
        code: 'PAYMENT_DECLINED',
        detail: message,
      });
      expect(await saleState(t, listingId)).toEqual(before);

      // The offer stays payable: a good card afterwards goes through.
      expect((await pay(buyer, offerId, cardDetails(clientSecret))).statusCode).toBe(200);
    },
  );
});

describe('card details are checked before any charge', () => {
  it.each([
    ['an expired card', { expiry: expiryIn(-1) }, 'expiry', paymentMessages.expiryPast],
    ['a malformed expiry', { expiry: '13/30' }, 'expiry', paymentMessages.expiryInvalid],
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'cardNumber',
      paymentMessages.cardNumberInvalid,
    ],
    ['a short security code', { cvc: '12' }, 'cvc', paymentMessages.cvcInvalid],
    [
      'an empty card number',
      { cardNumber: '' },
      'cardNumber',
      paymentMessages.cardNumberIncomplete,
    ],
  ])(
    'refuses %s (400) naming the field, and nothing changes',
    async (_n, change, path, message) => {
      const { listingId, offerId, clientSecret } = await payableOffer();
      const before = await saleState(t, listingId);
      const response = await pay(buyer, offerId, cardDetails(clientSecret, change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message, errors: [{ path, message }] });
      expect(await saleState(t, listingId)).toEqual(before);
    },
  );

  it("refuses a client secret that is not this offer's, or a payment never started", async () => {
    const { listingId, offerId, clientSecret } = await payableOffer();
    const other = await payableOffer();
    const before = await saleState(t, listingId);
    for (const secret of [other.clientSecret, `${clientSecret}x`, 'pi_sandbox_guess_secret_x']) {
      const response = await pay(buyer, offerId, cardDetails(secret));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          path: 'clientSecret',
          message: paymentMessages.wrongPayment,
          messageCode: 'payment.wrongPayment',
        },
      ]);
    }
    const notStarted = await acceptedOffer(t, agent, buyer);
    const response = await pay(buyer, notStarted.offerId, cardDetails(clientSecret));
    expect(response.statusCode).toBe(400);
    expect(await saleState(t, listingId)).toEqual(before);
  });

  it('serves no Stripe webhook while the sandbox is the provider', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses unknown fields', async () => {
    const { offerId, clientSecret } = await payableOffer();
    const response = await pay(buyer, offerId, { ...cardDetails(clientSecret), name: 'Me' });
    expect(response.statusCode).toBe(400);
  });
});

describe('who may pay what', () => {
  it("someone else's offer does not exist (404), and stays unpaid", async () => {
    const { listingId, offerId, clientSecret } = await payableOffer();
    const before = await saleState(t, listingId);
    const response = await pay(otherBuyer, offerId, cardDetails(clientSecret));
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(offerMessages.offerNotFound);
    expect(await saleState(t, listingId)).toEqual(before);
  });

  it('an agent may not pay, and an anonymous caller is asked to log in', async () => {
    const { offerId, clientSecret } = await payableOffer();
    expect((await pay(agent, offerId, cardDetails(clientSecret))).statusCode).toBe(403);
    expect((await pay(null, offerId, cardDetails(clientSecret))).statusCode).toBe(401);
  });

  it('a paid offer cannot be paid again (409)', async () => {
    const { listingId, offerId, clientSecret } = await payableOffer();
    expect((await pay(buyer, offerId, cardDetails(clientSecret))).statusCode).toBe(200);
    const after = await saleState(t, listingId);
    const again = await pay(buyer, offerId, cardDetails(clientSecret));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(offerMessages.alreadyPaid);
    expect(await saleState(t, listingId)).toEqual(after);
    expect((await startPayment(t, buyer, offerId)).statusCode).toBe(409);
  });

  it.each([
    ['pending', { status: 'pending' as const }, offerMessages.notAccepted],
    ['expired', { status: 'pending' as const, deadline: dhakaDate(-1) }, offerMessages.expired],
    ['rejected', { status: 'rejected' as const }, offerMessages.alreadyRejected],
  ])('a %s offer cannot be paid (409)', async (_name, values, message) => {
    // Started while accepted, then moved on (e.g. rejected by fraud marking): still refused.
    const { listingId, offerId, clientSecret } = await payableOffer();
    await t.database.db.update(offer).set(values).where(eq(offer.id, offerId));
    const before = await saleState(t, listingId);
    const response = await pay(buyer, offerId, cardDetails(clientSecret));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(message);
    expect(await saleState(t, listingId)).toEqual(before);
  });
});

describe('a completed sale', () => {
  it('sells the listing (gone from browse, details say sold) and rejects the other open offers', async () => {
    const listingId = await createListing(t, agent, { title: 'Banani duplex' });
    const offerId = await insertOffer(t, listingId, buyer);
    const third = await createAccount(t, 'user');
    const openOffer = await insertOffer(t, listingId, otherBuyer, { status: 'pending' });
    const expiredOffer = await insertOffer(t, listingId, third, {
      status: 'pending',
      deadline: dhakaDate(-2),
    });
    const oldRejected = await insertOffer(t, listingId, third, { status: 'rejected' });
    const browseBefore = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings?limit=100',
      headers: as(otherBuyer),
    });
    expect(browseBefore.json().items.map((l: { id: string }) => l.id)).toContain(listingId);

    const { clientSecret } = (await startPayment(t, buyer, offerId)).json();
    expect((await pay(buyer, offerId, cardDetails(clientSecret))).statusCode).toBe(200);

    const state = await saleState(t, listingId);
    const statusOf = new Map(state.offers.map((o) => [o.id, o.status]));
    expect(Object.fromEntries(statusOf)).toEqual({
      [offerId]: 'paid',
      [openOffer]: 'rejected',
      [expiredOffer]: 'rejected',
      [oldRejected]: 'rejected',
    });
    expect(state.payments).toBe(1);

    const browse = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings?limit=100',
      headers: as(otherBuyer),
    });
    expect(browse.json().items.map((l: { id: string }) => l.id)).not.toContain(listingId);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/listings/${listingId}`,
      headers: as(agent),
    });
    expect(details.json()).toMatchObject({ id: listingId, sold: true });

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/offers/mine',
      headers: as(buyer),
    });
    const paid = mine.json().items.find((o: { id: string }) => o.id === offerId);
    expect(paid).toMatchObject({ status: 'paid', paymentReference: expect.any(String) });
    expect(clientSecret.startsWith(`${paid.paymentReference}_secret_`)).toBe(true);
  });

  it('of 50 concurrent confirmations exactly one pays; the others get 409', async () => {
    const { listingId, offerId, clientSecret } = await payableOffer();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay(buyer, offerId, cardDetails(clientSecret))),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
    const state = await saleState(t, listingId);
    expect(state.offers).toEqual([expect.objectContaining({ id: offerId, status: 'paid' })]);
    expect(state.payments).toBe(1);
  });

  it('keeps only the sandbox reference, never the secret or the card', async () => {
    const { offerId, clientSecret } = await payableOffer();
    await pay(buyer, offerId, cardDetails(clientSecret));
    const [stored] = await paymentsOf(t, offerId);
    expect(JSON.stringify(stored)).not.toContain('4242424242');
    expect(stored?.reference).not.toContain('secret');
    const [intent] = await t.database.db
      .select()
      .from(paymentIntent)
      .where(eq(paymentIntent.offerId, offerId));
    expect(JSON.stringify(intent)).not.toContain('4242424242');
  });
});

import { paymentMessages, ReceiptPageSchema, SalesPageSchema } from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTheClockTicks } from '../../../test/clock.ts';
import { createListing } from '../../../test/factories.ts';
import {
  acceptedOffer,
  as,
  expiryIn,
  insertOffer,
  startPayment,
} from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { user } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent', { name: 'Agent Selina' });
  otherAgent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user', { name: 'Buyer Kamal' });
  otherBuyer = await createAccount(t, 'user', { name: 'Buyer Nipa' });
});
afterAll(() => t.close());

function get(account: TestAccount | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: as(account) });
}

/** Buys a fresh listing of `seller` for `amount` through the real sandbox flow. */
async function buy(seller: TestAccount, shopper: TestAccount, amount: number, title?: string) {
  const listingId = await createListing(t, seller, title ? { title } : {});
  const offerId = await insertOffer(t, listingId, shopper, { amount });
  const { clientSecret } = (await startPayment(t, shopper, offerId)).json();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment`,
    headers: as(shopper),
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: expiryIn(2), cvc: '321' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { listingId, offerId, reference: paid.json().reference as string };
}

describe("the buyer's receipts", () => {
  it('lists paid offers newest first, page by page, and shows one in full', async () => {
    const shopper = await createAccount(t, 'user');
    const first = await buy(agent, shopper, 5010, 'Uttara flat');
    const second = await buy(otherAgent, shopper, 5020);
    const third = await buy(agent, shopper, 5030);
    await acceptedOffer(t, agent, shopper); // accepted, not paid: no receipt
    await buy(agent, otherBuyer, 5040); // someone else's

    const page = await get(shopper, '/api/v1/receipts?limit=2');
    expect(page.statusCode).toBe(200);
    const { items, nextCursor } = ReceiptPageSchema.parse(page.json());
    expect(items.map((r) => r.offerId)).toEqual([third.offerId, second.offerId]);
    const rest = await get(shopper, `/api/v1/receipts?limit=2&cursor=${nextCursor}`);
    expect(rest.json()).toEqual({
      items: [expect.objectContaining({ offerId: first.offerId })],
      nextCursor: null,
    });

    const one = await get(shopper, `/api/v1/receipts/${first.offerId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      offerId: first.offerId,
      listing: { id: first.listingId, title: 'Uttara flat', location: 'Gulshan 2, Dhaka' },
      agent: { name: 'Agent Selina', email: agent.email },
      amount: 5010,
      currency: 'BDT',
      provider: 'sandbox',
      reference: first.reference,
      cardLast4: '4242',
      paidAt: expect.any(String),
      refund: null,
    });
  });

  it('shows a sale on record without a payment row (demo data) with no reference', async () => {
    const listingId = await createListing(t, agent);
    const paidAt = new Date('2026-01-15T10:00:00.000Z');
    const offerId = await insertOffer(t, listingId, buyer, { status: 'paid', paidAt });
    const response = await get(buyer, `/api/v1/receipts/${offerId}`);
    expect(response.json()).toMatchObject({
      provider: null,
      reference: null,
      cardLast4: null,
      paidAt: paidAt.toISOString(),
    });
  });

  it("does not show someone else's receipt, or one for an unpaid offer (404)", async () => {
    const sale = await buy(agent, buyer, 5050);
    const stranger = await get(otherBuyer, `/api/v1/receipts/${sale.offerId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().detail).toBe(paymentMessages.receiptNotFound);
    const { offerId } = await acceptedOffer(t, agent, buyer);
    expect((await get(buyer, `/api/v1/receipts/${offerId}`)).statusCode).toBe(404);
    expect((await get(buyer, '/api/v1/receipts/not-an-id')).statusCode).toBe(400);
  });

  it('is for buyers only', async () => {
    expect((await get(null, '/api/v1/receipts')).statusCode).toBe(401);
    expect((await get(agent, '/api/v1/receipts')).statusCode).toBe(403);
  });
});

describe("the agent's sales", () => {
  it('lists sold listings with buyer, price paid and date, plus the total of every sale', async () => {
    const seller = await createAccount(t, 'agent');
    const leaving = await createAccount(t, 'user', { name: 'Buyer Leaving' });
    // Each sale paid after the one before: the list is newest first.
    const a = await buy(seller, buyer, 5100, 'Dhanmondi flat');
    await afterTheClockTicks();
    const b = await buy(seller, leaving, 5200);
    await afterTheClockTicks();
    const c = await buy(seller, otherBuyer, 5300);
    await buy(otherAgent, buyer, 9000); // another agent's sale
    await acceptedOffer(t, seller, buyer); // accepted, not paid
    // The buyer's account is deleted: the sale stays, without a buyer.
    await t.database.db.delete(user).where(eq(user.id, leaving.id));

    const page = await get(seller, '/api/v1/sales?limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const body = SalesPageSchema.parse(page.json());
    expect(body.total).toEqual({ count: 3, amount: 15_600 });
    expect(body.items).toEqual([
      {
        offerId: c.offerId,
        listing: { id: c.listingId, title: expect.any(String), location: 'Gulshan 2, Dhaka' },
        buyer: { name: 'Buyer Nipa', email: otherBuyer.email },
        amount: 5300,
        currency: 'BDT',
        reference: c.reference,
        paidAt: expect.any(String),
        refund: null,
      },
      expect.objectContaining({ offerId: b.offerId, buyer: null, amount: 5200 }),
    ]);
    const rest = SalesPageSchema.parse(
      (await get(seller, `/api/v1/sales?limit=2&cursor=${body.nextCursor}`)).json(),
    );
    expect(rest.items).toEqual([
      expect.objectContaining({
        offerId: a.offerId,
        listing: expect.objectContaining({ title: 'Dhanmondi flat' }),
        buyer: { name: 'Buyer Kamal', email: buyer.email },
      }),
    ]);
    expect(rest.nextCursor).toBeNull();
    expect(rest.total).toEqual(body.total);
  });

  it('is empty, with a zero total, before the first sale', async () => {
    const newcomer = await createAccount(t, 'agent');
    const response = await get(newcomer, '/api/v1/sales');
    expect(response.json()).toEqual({
      items: [],
      nextCursor: null,
      total: { count: 0, amount: 0 },
    });
  });

  it('is for agents only, and refuses a broken cursor', async () => {
    expect((await get(null, '/api/v1/sales')).statusCode).toBe(401);
    expect((await get(buyer, '/api/v1/sales')).statusCode).toBe(403);
    expect((await get(agent, '/api/v1/sales?cursor=abc')).statusCode).toBe(400);
  });
});

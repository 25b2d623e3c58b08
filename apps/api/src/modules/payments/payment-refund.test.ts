import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOffer,
  as,
  insertOffer,
  paymentsOf,
  saleState,
} from '../../../test/payments-test-kit.ts';
import {
  payThroughRail,
  RAILS,
  type Rail,
  type RailsApp,
  startRailsApp,
} from '../../../test/rails-test-kit.ts';
import { createAccount, type TestAccount, type TestApp } from '../../../test/test-app.ts';
import { auditLog, notification, paymentRefund } from '../../db/schema.ts';

/**
 * An admin refunds a paid offer through the rail that took the money, each against its
 * local stand-in; the sale is reversed once, and nothing changes when the rail refuses.
 */
let rails: RailsApp;
let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  rails = await startRailsApp();
  t = rails.t;
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
  admin = await createAccount(t, 'admin');
});
afterAll(() => rails.close());

const refund = (offerId: string, account: TestAccount | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payments/${offerId}/refund`,
    headers: as(account),
  });

/** An offer paid through `rail`, with a rival offer its sale rejected. */
async function paidOffer(rail: Rail) {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
  const rivalId = await insertOffer(t, listingId, otherBuyer, {
    status: 'pending',
    decidedAt: null,
  });
  await payThroughRail(rails, buyer, offerId, rail);
  const state = await saleState(t, listingId);
  expect(state.soldAt).not.toBeNull();
  expect(state.offers.find((o) => o.id === rivalId)?.status).toBe('rejected');
  const [paid] = await paymentsOf(t, offerId);
  if (!paid) throw new Error('no payment recorded');
  return { listingId, offerId, rivalId, paid };
}

/** How many refunds the rail's stand-in made. */
function refundsAtRail(rail: Rail): number {
  switch (rail) {
    case 'sandbox':
      return 0;
    case 'stripe':
      return rails.stripe.refundedIntents.size;
    case 'sslcommerz':
      return rails.sslcommerz.refunds.size;
    case 'bkash':
      return rails.bkash.refunds.size;
  }
}

describe.each(RAILS)('refunding a payment made with %s', (rail) => {
  it('gives the money back once and reverses the sale; the receipt, the sales, the buyer and the audit log show it', async () => {
    const { listingId, offerId, rivalId, paid } = await paidOffer(rail);
    const before = refundsAtRail(rail);

    const refunded = await refund(offerId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const body = refunded.json();
    expect(body).toEqual({
      offerId,
      refund: { amount: 5050, reference: expect.any(String), refundedAt: expect.any(String) },
    });
    if (rail !== 'sandbox') expect(refundsAtRail(rail)).toBe(before + 1);
    if (rail === 'sslcommerz') {
      expect(rails.sslcommerz.refunds.get(paid.reference)).toMatchObject({
        amount: '5050.00',
        refundRefId: body.refund.reference,
      });
    }
    if (rail === 'bkash') {
      const [intentRef] = [...rails.bkash.refunds.entries()].find(
        ([, r]) => r.refundTrxID === body.refund.reference,
      ) ?? [null];
      expect(intentRef).not.toBeNull();
    }

    // The sale is reversed: the listing is for sale again; the rival stays rejected.
    const state = await saleState(t, listingId);
    expect(state.soldAt).toBeNull();
    expect(state.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: offerId, status: 'refunded' }),
        expect.objectContaining({ id: rivalId, status: 'rejected' }),
      ]),
    );
    // The money record stays; the refund sits beside it.
    expect(state.payments).toBe(1);

    const receipt = await t.app.inject({ url: `/api/v1/receipts/${offerId}`, headers: as(buyer) });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      offerId,
      provider: rail,
      reference: paid.reference,
      refund: body.refund,
    });
    const sales = await t.app.inject({ url: '/api/v1/sales?limit=100', headers: as(agent) });
    const sale = sales.json().items.find((s: { offerId: string }) => s.offerId === offerId);
    // The agent's sales name the rail's own reference for the money, and the refund.
    expect(sale).toMatchObject({ reference: paid.reference, refund: body.refund });
    // Admins see every sale, with the rail that took the money and the refund.
    const all = await t.app.inject({ url: '/api/v1/admin/sales?limit=100', headers: as(admin) });
    expect(all.json().items.find((s: { offerId: string }) => s.offerId === offerId)).toMatchObject({
      provider: rail,
      reference: paid.reference,
      refund: body.refund,
    });

    const told = await t.database.db
      .select({ kind: notification.kind, params: notification.params })
      .from(notification)
      .where(and(eq(notification.recipientId, buyer.id), eq(notification.offerId, offerId)));
    expect(told).toContainEqual({
      kind: 'paymentRefunded',
      params: expect.objectContaining({ amount: 5050 }),
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, offerId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.refunded',
        actorId: admin.id,
        details: { provider: rail, reference: body.refund.reference, amount: 5050 },
      }),
    ]);

    // A second refund is refused and asks the rail nothing.
    const again = await refund(offerId);
    expect(again.statusCode).toBe(409);
    expect(again.json().messageCode).toBe('payment.alreadyRefunded');
    expect(refundsAtRail(rail)).toBe(before + (rail === 'sandbox' ? 0 : 1));
    expect(
      await t.database.db.select().from(paymentRefund).where(eq(paymentRefund.offerId, offerId)),
    ).toHaveLength(1);
  });
});

describe('refunds that must not happen', () => {
  it('a concurrent pair (a double click) refunds once', async () => {
    const { offerId, paid } = await paidOffer('sslcommerz');
    const answers = await Promise.all([refund(offerId), refund(offerId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(rails.sslcommerz.refunds.get(paid.reference)).toBeDefined();
    expect(
      await t.database.db.select().from(paymentRefund).where(eq(paymentRefund.offerId, offerId)),
    ).toHaveLength(1);
  });

  it.each(['stripe', 'sslcommerz', 'bkash'] as const)(
    'a refund %s refuses changes nothing, and can be tried again',
    async (rail) => {
      const { listingId, offerId } = await paidOffer(rail);
      const before = await saleState(t, listingId);
      const stand = rails[rail];
      stand.refuseRefunds('The merchant balance is too low.');
      const refused = await refund(offerId).finally(() => stand.refuseRefunds(null));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ messageCode: 'payment.refundRefusedBecause' });
      expect(await saleState(t, listingId)).toEqual(before);
      expect(
        await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, offerId)),
      ).toEqual([]);
      expect((await refund(offerId)).statusCode).toBe(200);
    },
  );

  it('only a paid offer can be refunded, and only by an admin', async () => {
    const { offerId: unpaid } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
    expect((await refund(unpaid)).json().messageCode).toBe('payment.notRefundable');
    const { offerId } = await paidOffer('sandbox');
    expect((await refund(offerId, buyer)).statusCode).toBe(403);
    expect((await refund(offerId, agent)).statusCode).toBe(403);
    expect((await refund(offerId, null)).statusCode).toBe(401);
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await paymentsOf(t, offerId)).length).toBe(1);
    expect(
      await t.database.db.select().from(paymentRefund).where(eq(paymentRefund.offerId, offerId)),
    ).toEqual([]);
  });

  it('a refunded buyer may make a new offer on the listing, which can be accepted again', async () => {
    const { listingId, offerId } = await paidOffer('sandbox');
    expect((await refund(offerId)).statusCode).toBe(200);
    // The one-winner rule no longer counts the refunded offer: a new sale can happen.
    const again = await insertOffer(t, listingId, buyer, { amount: 6000 });
    await payThroughRail(rails, buyer, again, 'sandbox');
    expect((await saleState(t, listingId)).soldAt).not.toBeNull();
  });
});

import { offerMessages, PaymentIntentSchema } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  acceptedOffer,
  dhakaDate,
  insertOffer,
  intentsOf,
  saleState,
  startPayment,
} from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
});
afterAll(() => t.close());

describe('starting a payment (sandbox)', () => {
  it("returns the provider, a client secret and the offer's amount in taka", async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer, { amount: 5075 });
    const response = await startPayment(t, buyer, offerId);
    expect(response.statusCode, response.body).toBe(200);
    const intent = PaymentIntentSchema.parse(response.json());
    expect(intent).toEqual({
      offerId,
      provider: 'sandbox',
      clientSecret: expect.stringMatching(/^pi_sandbox_[0-9a-f]{24}_secret_/),
      amount: 5075,
      currency: 'BDT',
      publishableKey: null,
    });
  });

  it('gives the same intent on every call', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const first = (await startPayment(t, buyer, offerId)).json();
    const again = (await startPayment(t, buyer, offerId)).json();
    expect(again).toEqual(first);
    expect(await intentsOf(t, offerId)).toHaveLength(1);
  });

  it('stores exactly one intent when ten first calls race', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => startPayment(t, buyer, offerId)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const secrets = new Set(responses.map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    const stored = await intentsOf(t, offerId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.clientSecret).toBe([...secrets][0]);
  });

  it("treats someone else's offer as not existing (404)", async () => {
    const { offerId, listingId } = await acceptedOffer(t, agent, buyer);
    const before = await saleState(t, listingId);
    const response = await startPayment(t, otherBuyer, offerId);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(offerMessages.offerNotFound);
    expect(await intentsOf(t, offerId)).toHaveLength(0);
    expect(await saleState(t, listingId)).toEqual(before);
  });

  it('answers 404 for an offer that does not exist and 400 for a malformed id', async () => {
    const missing = await startPayment(t, buyer, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await startPayment(t, buyer, 'not-a-uuid')).statusCode).toBe(400);
  });

  it.each([
    ['pending', { status: 'pending' as const }, offerMessages.notAccepted],
    ['expired', { status: 'pending' as const, deadline: dhakaDate(-1) }, offerMessages.expired],
    ['rejected', { status: 'rejected' as const }, offerMessages.alreadyRejected],
    ['paid', { status: 'paid' as const, paidAt: new Date() }, offerMessages.alreadyPaid],
  ])('refuses a %s offer (409) and opens nothing', async (_name, values, message) => {
    const listingId = await createListing(t, agent);
    const offerId = await insertOffer(t, listingId, buyer, values);
    const response = await startPayment(t, buyer, offerId);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(message);
    expect(await intentsOf(t, offerId)).toHaveLength(0);
  });

  it('is for buyers only', async () => {
    const { offerId } = await acceptedOffer(t, agent, buyer);
    expect((await startPayment(t, null, offerId)).statusCode).toBe(401);
    expect((await startPayment(t, agent, offerId)).statusCode).toBe(403);
  });
});

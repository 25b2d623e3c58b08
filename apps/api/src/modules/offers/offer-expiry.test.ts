import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { dhakaDate } from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { OFFER_EXPIRY_JOB } from './offer-expiry.job.ts';

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(() => t.close());

async function makeOffer(deadline = dhakaDate(7), listingId?: string): Promise<string> {
  listingId ??= await createListing(t, agent);
  const headers = { cookie: buyer.cookie };
  const wished = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wishlist',
    headers,
    payload: { listingId },
  });
  expect(wished.statusCode, wished.body).toBe(201);
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/v1/wishlist/${wished.json().id}/offer`,
    headers,
    payload: { amount: 5050, deadline },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id;
}

const expiryKey = (offerId: string) => `${OFFER_EXPIRY_JOB}:${offerId}`;

async function storedStatus(offerId: string): Promise<string> {
  const [row] = await t.database.jobQuery('select status from offers where id = $1', [offerId]);
  return row?.status as string;
}

/**
 * Makes the offer's deadline day end `inMs` from now, as time passing would: its deadline
 * becomes yesterday, and its expiry job falls due then.
 */
async function deadlinePassesIn(offerId: string, inMs: number): Promise<Date> {
  const [row] = await t.database.jobQuery(
    `with moved as (update offers set deadline = $2 where id = $1 returning id)
     update jobs set run_at = now() + $3 * interval '1 millisecond'
     where key = $4 returning run_at::text`,
    [offerId, dhakaDate(-1), inMs, expiryKey(offerId)],
  );
  return new Date(row?.run_at as string);
}

/** Lets the offer's deadline pass and waits until its job has stored it as expired. */
async function expired(offerId: string): Promise<void> {
  await deadlinePassesIn(offerId, 0);
  await until(async () => (await storedStatus(offerId)) === 'expired');
}

describe('offer expiry', () => {
  it('is scheduled when the offer is made, for the moment its deadline day ends in Dhaka', async () => {
    const deadline = dhakaDate(7);
    const offerId = await makeOffer(deadline);

    const jobs = await t.database.jobQuery(
      'select name, payload, run_at::text, completed_at from jobs where key = $1',
      [expiryKey(offerId)],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      name: OFFER_EXPIRY_JOB,
      payload: { offerId },
      completed_at: null,
    });
    // Bangladesh keeps UTC+6 all year.
    expect(new Date(jobs[0]?.run_at as string).toISOString()).toBe(
      new Date(`${dhakaDate(8)}T00:00:00+06:00`).toISOString(),
    );
  });

  it('stores an offer as expired within a second of its deadline passing, with nobody reading it', async () => {
    const offerId = await makeOffer();
    const due = await deadlinePassesIn(offerId, 300);
    expect(await storedStatus(offerId)).toBe('pending');

    while ((await storedStatus(offerId)) !== 'expired') {
      expect(Date.now() - due.getTime()).toBeLessThan(1000);
      await sleep(25);
    }
    expect(Date.now() - due.getTime()).toBeLessThan(1000);

    const mine = await t.app.inject({
      url: '/api/v1/offers/mine?status=expired',
      headers: { cookie: buyer.cookie },
    });
    expect(mine.json().items.map((item: { id: string }) => item.id)).toContain(offerId);
  });

  it('shows an offer past its deadline as expired before its job has run', async () => {
    const offerId = await makeOffer();
    await deadlinePassesIn(offerId, 60 * 60_000);

    const mine = await t.app.inject({
      url: '/api/v1/offers/mine',
      headers: { cookie: buyer.cookie },
    });
    const shown = mine.json().items.find((item: { id: string }) => item.id === offerId);
    expect(shown.status).toBe('expired');
    expect(await storedStatus(offerId)).toBe('pending');
  });

  it('leaves an offer the agent decided before its deadline as decided', async () => {
    const offerId = await makeOffer();
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offerId}/reject`,
      headers: { cookie: agent.cookie },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await deadlinePassesIn(offerId, 0);

    const jobDone = async () => {
      const [job] = await t.database.jobQuery(
        'select completed_at is not null as done from jobs where key = $1',
        [expiryKey(offerId)],
      );
      return job?.done === true;
    };
    await until(jobDone);
    expect(await storedStatus(offerId)).toBe('rejected');
  });

  it('lets the buyer offer again on the listing once the stored offer has expired', async () => {
    const listingId = await createListing(t, agent);
    const first = await makeOffer(dhakaDate(7), listingId);
    await expired(first);

    const second = await makeOffer(dhakaDate(7), listingId);
    expect(second).not.toBe(first);
  });

  it('does not keep the agent from deleting a listing whose offer was stored as expired', async () => {
    const listingId = await createListing(t, agent);
    await expired(await makeOffer(dhakaDate(7), listingId));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/listings/${listingId}`,
      headers: { cookie: agent.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
});

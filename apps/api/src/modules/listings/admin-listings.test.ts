import { listingMessages } from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { call } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, listing } from '../../db/schema.ts';

let t: TestApp;
let admin: TestAccount;
let otherAdmin: TestAccount;
let agent: TestAccount;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, agent, user] = await Promise.all([
    createAccount(t, 'admin', { name: 'Admin Ayesha' }),
    createAccount(t, 'admin'),
    createAccount(t, 'agent'),
    createAccount(t, 'user'),
  ]);
});
afterAll(() => t.close());

const pending = () => createListing(t, agent, { status: 'pending' });
const verify = (account: TestAccount, id: string) =>
  call(t, account, 'POST', `/api/v1/listings/${id}/verify`);
const reject = (account: TestAccount, id: string, body?: object) =>
  call(t, account, 'POST', `/api/v1/listings/${id}/reject`, body);

async function auditEntriesFor(id: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
}

describe('who may review listings', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['GET', '/api/v1/admin/listings'],
    ['POST', `/api/v1/listings/${anyId}/verify`],
    ['POST', `/api/v1/listings/${anyId}/reject`],
  ] as const)('%s %s: anonymous 401, user and agent 403', async (method, url) => {
    expect((await call(t, null, method, url)).statusCode).toBe(401);
    expect((await call(t, user, method, url)).statusCode).toBe(403);
    expect((await call(t, agent, method, url)).statusCode).toBe(403);
  });
});

describe('the admin’s list of every listing', () => {
  it('counts by status, filters by status and pages newest first', async () => {
    // This file's database starts empty, so the counts are exactly what is created here.
    const lister = await createAccount(t, 'agent');
    const created = {
      verified: [await createListing(t, lister), await createListing(t, lister)],
      pending: [
        await createListing(t, lister, { status: 'pending' }),
        await createListing(t, lister, { status: 'pending' }),
        await createListing(t, lister, { status: 'pending' }),
      ],
      rejected: [await createListing(t, lister, { status: 'rejected', rejectionReason: 'Blurry' })],
    };
    const sold = await createListing(t, lister, { soldAt: new Date() });
    const delisted = await createListing(t, lister, { delistedAt: new Date() });
    // The delisted (verified) listing counts as hidden, not as verified: it is out of reach.
    const counts = { total: 8, verified: 3, pending: 3, rejected: 1, hidden: 1 };

    const all = (await call(t, admin, 'GET', '/api/v1/admin/listings')).json();
    expect(all.counts).toEqual(counts);
    expect(all.items).toHaveLength(8);
    expect(all.nextCursor).toBeNull();
    expect(all.items.find((l: { id: string }) => l.id === sold)).toMatchObject({ sold: true });
    expect(all.items.find((l: { id: string }) => l.id === delisted)).toMatchObject({
      delisted: true,
    });
    expect(all.items.find((l: { id: string }) => l.id === created.rejected[0])).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Blurry',
    });

    const pendingIds: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?status=pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(t, admin, 'GET', `/api/v1/admin/listings${query}`)).json();
      expect(page.counts).toEqual(counts);
      pendingIds.push(...page.items.map((l: { id: string }) => l.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pendingIds).toEqual([...created.pending].reverse());

    const rejected = (await call(t, admin, 'GET', '/api/v1/admin/listings?status=rejected')).json();
    expect(rejected.items.map((l: { id: string }) => l.id)).toEqual(created.rejected);

    // Each status filter shows as many listings as its count: the hidden one is not verified.
    const verified = (await call(t, admin, 'GET', '/api/v1/admin/listings?status=verified')).json();
    expect(verified.items.map((l: { id: string }) => l.id)).toEqual(
      [...created.verified, sold].reverse(),
    );
  });

  it('refuses an unknown status, a bad limit and a bad cursor with 400', async () => {
    for (const query of ['status=sold', 'limit=0', 'cursor=nonsense']) {
      const response = await call(t, admin, 'GET', `/api/v1/admin/listings?${query}`);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('verifying and rejecting', () => {
  it('verifies a Pending listing once, with an audit entry', async () => {
    const id = await pending();
    const response = await verify(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'verified', rejectionReason: null });
    expect((await call(t, user, 'GET', `/api/v1/listings/${id}`)).statusCode).toBe(200);
    expect(await auditEntriesFor(id)).toMatchObject([
      {
        action: 'listing.verified',
        actorId: admin.id,
        actorName: 'Admin Ayesha',
        targetType: 'listing',
      },
    ]);
    const [row] = await t.database.db.select().from(listing).where(eq(listing.id, id));
    expect(row?.decidedAt).toBeInstanceOf(Date);

    const again = await verify(otherAdmin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This listing has already been verified.');
    // A code of its own, no English status in params: the reader's language says "verified".
    expect(again.json()).toMatchObject({ messageCode: 'listing.alreadyVerified' });
    expect(again.json().params).toBeUndefined();
    const rejectAfter = await reject(otherAdmin, id);
    expect(rejectAfter.statusCode).toBe(409);
    expect(await auditEntriesFor(id)).toHaveLength(1);
  });

  it('rejects with a reason the agent sees, and nobody else', async () => {
    const id = await pending();
    const response = await reject(admin, id, { reason: '  The photo shows another building.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo shows another building.',
    });
    const asAgent = (await call(t, agent, 'GET', `/api/v1/listings/${id}`)).json();
    expect(asAgent.rejectionReason).toBe('The photo shows another building.');
    expect((await call(t, user, 'GET', `/api/v1/listings/${id}`)).statusCode).toBe(404);
    expect(await auditEntriesFor(id)).toMatchObject([
      { action: 'listing.rejected', details: { reason: 'The photo shows another building.' } },
    ]);
    const again = await reject(otherAdmin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This listing has already been rejected.');
    expect(again.json()).toMatchObject({ messageCode: 'listing.alreadyRejected' });
    expect(again.json().params).toBeUndefined();
  });

  it('rejects without a reason, with or without a body', async () => {
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const id = await pending();
      const response = await reject(admin, id, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'rejected', rejectionReason: null });
    }
  });

  it('refuses a reason over 500 characters and unknown fields, changing nothing', async () => {
    const id = await pending();
    const tooLong = await reject(admin, id, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe('The reason must be at most 500 characters long.');
    expect((await reject(admin, id, { reason: 'Blurry', status: 'verified' })).statusCode).toBe(
      400,
    );
    expect(await auditEntriesFor(id)).toEqual([]);
    expect((await verify(admin, id)).statusCode).toBe(200);
  });

  it('refuses to verify or reject a fraud agent’s pending listing, changing nothing', async () => {
    const fraudster = await createAccount(t, 'agent');
    const id = await createListing(t, fraudster, { status: 'pending' });
    const marked = await call(t, admin, 'POST', `/api/v1/users/${fraudster.id}/fraud`);
    expect(marked.statusCode).toBe(200);
    const [before] = await t.database.db.select().from(listing).where(eq(listing.id, id));
    expect(before?.delistedAt).toBeInstanceOf(Date);

    for (const response of [await verify(admin, id), await reject(admin, id, { reason: 'No' })]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        status: 409,
        detail: listingMessages.hiddenCannotDecide,
      });
    }
    const [after] = await t.database.db.select().from(listing).where(eq(listing.id, id));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: 'pending', rejectionReason: null, decidedAt: null });
    expect(await auditEntriesFor(id)).toEqual([]);
    // Still there to look at, for the admin.
    const viewed = await call(t, admin, 'GET', `/api/v1/listings/${id}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ status: 'pending', delisted: true });
  });

  it('answers 404 for an unknown listing and 400 for a malformed id', async () => {
    const unknown = await verify(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This listing does not exist.');
    expect((await reject(admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('lets exactly one of two admins deciding at once win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await pending();
      const results = await Promise.all([
        verify(admin, id),
        reject(otherAdmin, id, { reason: 'No' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json();
      const [row] = await t.database.db.select().from(listing).where(eq(listing.id, id));
      expect(row?.status).toBe(winner.status);
      expect(await auditEntriesFor(id)).toHaveLength(1);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { reviewMessages } from '@basha/domain';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, listing, review, user as userTable } from '../../db/schema.ts';

// Its own database: the home strip is global, so other files' reviews must not leak in.
let t: TestApp;
let admin: TestAccount;
let otherAdmin: TestAccount;
let agent: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, agent] = await Promise.all([
    createAccount(t, 'admin', { name: 'Admin Ayesha' }),
    createAccount(t, 'admin', { name: 'Admin Belal' }),
    createAccount(t, 'agent'),
  ]);
});
afterAll(() => t.close());

function call(account: TestAccount | null, method: 'GET' | 'PUT' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {} });
}
const feature = (account: TestAccount, id: string) =>
  call(account, 'PUT', `/api/v1/reviews/${id}/featured`);
const unfeature = (account: TestAccount, id: string) =>
  call(account, 'DELETE', `/api/v1/reviews/${id}/featured`);
const strip = async () =>
  ((await call(null, 'GET', '/api/v1/reviews/featured')).json().items as { id: string }[]).map(
    (r) => r.id,
  );

let minutes = 0;
/** A review on its own public listing, each one a minute newer than the last. */
async function newReview(listingId?: string) {
  const [person] = await t.database.db
    .insert(userTable)
    .values({ name: 'Strip Reviewer', email: `${randomUUID()}@example.test` })
    .returning({ id: userTable.id });
  minutes += 1;
  const [row] = await t.database.db
    .insert(review)
    .values({
      listingId: listingId ?? (await createListing(t, agent)),
      reviewerId: person?.id as string,
      rating: 5,
      text: `Review ${minutes}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, minutes)),
    })
    .returning({ id: review.id });
  return row?.id as string;
}

async function unfeatureAll() {
  await t.database.db.update(review).set({ featuredAt: null }).where(isNotNull(review.featuredAt));
}
const featuredCount = async () =>
  (await t.database.db.select().from(review).where(isNotNull(review.featuredAt))).length;

describe('the home page review strip', () => {
  it('is empty with no reviews, then shows the latest three, newest first', async () => {
    expect(await strip()).toEqual([]);
    const first = await newReview();
    expect(await strip()).toEqual([first]);
    const [second, third, fourth] = [await newReview(), await newReview(), await newReview()];
    expect(await strip()).toEqual([fourth, third, second]);
    expect(first).toBeDefined();
  });

  it('puts featured reviews first and tops up with the latest others', async () => {
    const old = await newReview();
    const [a, b, c] = [await newReview(), await newReview(), await newReview()];
    expect((await feature(admin, old)).statusCode).toBe(200);
    expect(await strip()).toEqual([old, c, b]);

    await feature(admin, a);
    expect(await strip()).toEqual([a, old, c]);
    await feature(admin, b);
    // Three featured: exactly those, most recently featured first.
    expect(await strip()).toEqual([b, a, old]);
    await unfeatureAll();
  });

  it('carries what the strip shows: reviewer photo, rating, text, listing', async () => {
    const id = await newReview();
    const [item] = (await call(null, 'GET', '/api/v1/reviews/featured')).json().items;
    expect(item).toMatchObject({
      id,
      rating: 5,
      text: expect.stringMatching(/^Review /),
      featured: false,
      reviewer: { name: 'Strip Reviewer', photoUrl: null, role: 'user' },
      listing: { id: expect.any(String), title: expect.any(String) },
    });
  });

  it('leaves out reviews of listings that are no longer public, featured or not', async () => {
    const featuredThenSold = await newReview();
    await feature(admin, featuredThenSold);
    const latestThenDelisted = await newReview();
    const [sold] = await t.database.db
      .select({ id: review.listingId })
      .from(review)
      .where(eq(review.id, featuredThenSold));
    const [delisted] = await t.database.db
      .select({ id: review.listingId })
      .from(review)
      .where(eq(review.id, latestThenDelisted));
    await t.database.db
      .update(listing)
      .set({ soldAt: new Date() })
      .where(eq(listing.id, sold?.id as string));
    await t.database.db
      .update(listing)
      .set({ delistedAt: new Date() })
      .where(eq(listing.id, delisted?.id as string));
    const shown = await strip();
    expect(shown).toHaveLength(3);
    expect(shown).not.toContain(featuredThenSold);
    expect(shown).not.toContain(latestThenDelisted);
    await unfeatureAll();
  });
});

describe('featuring and unfeaturing', () => {
  const auditOf = (id: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));

  it('features and unfeatures on the audit record; repeating either changes nothing', async () => {
    const id = await newReview();
    const featured = await feature(admin, id);
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toMatchObject({ id, featured: true });
    expect((await feature(otherAdmin, id)).json().featured).toBe(true);

    const unfeatured = await unfeature(otherAdmin, id);
    expect(unfeatured.statusCode).toBe(200);
    expect(unfeatured.json()).toMatchObject({ id, featured: false });
    expect((await unfeature(admin, id)).json().featured).toBe(false);

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actorId, e.targetType])).toEqual(
      expect.arrayContaining([
        ['review.featured', admin.id, 'review'],
        ['review.unfeatured', otherAdmin.id, 'review'],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('refuses a fourth featured review with a clear message', async () => {
    const three = [await newReview(), await newReview(), await newReview()];
    for (const id of three) expect((await feature(admin, id)).statusCode).toBe(200);
    const fourth = await newReview();
    const refused = await feature(admin, fourth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      detail: '3 reviews are already featured on the home page. Unfeature one of them first.',
    });
    expect(await featuredCount()).toBe(3);
    expect(await auditOf(fourth)).toEqual([]);

    await unfeature(admin, three[0] as string);
    expect((await feature(admin, fourth)).statusCode).toBe(200);
    await unfeatureAll();
  });

  it('never lets two admins racing for the last slot make four', async () => {
    for (let round = 0; round < 5; round++) {
      await feature(admin, await newReview());
      await feature(admin, await newReview());
      const [x, y] = [await newReview(), await newReview()];
      const results = await Promise.all([feature(admin, x), feature(otherAdmin, y)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await featuredCount()).toBe(3);
      await unfeatureAll();
    }
  });

  it('refuses to feature a review of a listing that is not public', async () => {
    const hidden = await createListing(t, agent, { status: 'pending' });
    const id = await newReview(hidden);
    const refused = await feature(admin, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(reviewMessages.notFeaturable);
  });

  it('answers 404 for an unknown review and 400 for a malformed id', async () => {
    for (const send of [feature, unfeature]) {
      const unknown = await send(admin, randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe(reviewMessages.reviewNotFound);
      expect((await send(admin, 'x')).statusCode).toBe(400);
    }
  });

  it('the admin list shows which reviews are featured', async () => {
    const id = await newReview();
    await feature(admin, id);
    const page = (await call(admin, 'GET', '/api/v1/reviews?limit=1')).json();
    expect(page.items).toEqual([expect.objectContaining({ id, featured: true })]);
    await unfeatureAll();
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS, listingMessages, photoMessages } from '@basha/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTheClockTicks } from '../../../test/clock.ts';
import { createListing } from '../../../test/factories.ts';
import {
  addListing,
  as,
  call,
  listingForm,
  updateListing,
  validFacts,
  validFields,
} from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { listing, offer, review, user as userTable, wishlistItem } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;
let fraudAgent: TestAccount;
let user: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, otherAgent, fraudAgent, user, admin] = await Promise.all([
    createAccount(t, 'agent', { name: 'Agent Rahim' }),
    createAccount(t, 'agent'),
    createAccount(t, 'agent', { fraud: true }),
    createAccount(t, 'user'),
    createAccount(t, 'admin'),
  ]);
});
afterAll(() => t.close());

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#264653' } })
    .jpeg()
    .toBuffer();

async function listingPhotoFiles(): Promise<string[]> {
  return (await fs.readdir(path.join(t.dataDir, 'media', 'listing-photos')).catch(() => [])).sort();
}

async function fetchMedia(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function listingRow(id: string) {
  const [row] = await t.database.db.select().from(listing).where(eq(listing.id, id));
  return row;
}

describe('who may manage listings', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';

  it('adding is for agents only', async () => {
    for (const [account, status] of [
      [null, 401],
      [user, 403],
      [admin, 403],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        headers: as(account),
        payload: await listingForm(),
      });
      expect(response.statusCode).toBe(status);
    }
  });

  it.each([
    ['PUT', `/api/v1/listings/${anyId}`],
    ['DELETE', `/api/v1/listings/${anyId}`],
    ['GET', '/api/v1/listings/mine'],
  ] as const)('%s %s: anonymous 401, user and admin 403', async (method, url) => {
    expect((await call(t, null, method, url)).statusCode).toBe(401);
    expect((await call(t, user, method, url)).statusCode).toBe(403);
    expect((await call(t, admin, method, url)).statusCode).toBe(403);
  });
});

describe('adding a property', () => {
  it('creates a Pending listing with the agent joined from their account', async () => {
    const response = await addListing(t, agent);
    expect(response.statusCode).toBe(201);
    const listing = response.json();
    expect(listing).toMatchObject({
      title: validFields.title,
      location: validFields.location,
      description: validFields.description,
      price: { min: 5000, max: 5100 },
      status: 'pending',
      sold: false,
      delisted: false,
      rejectionReason: null,
      agent: { id: agent.id, name: 'Agent Rahim', email: agent.email },
    });
    expect(listing.agent.photoUrl).toMatch(/^\/media\/profile-photos\//);
    expect(await listingRow(listing.id)).toMatchObject({ agentId: agent.id, status: 'pending' });
  });

  it('trims text and accepts prices with spaces around them', async () => {
    const response = await addListing(t, agent, {
      ...validFields,
      title: '  Roof-top flat  ',
      priceMin: ' 7000 ',
      priceMax: '9000',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Roof-top flat',
      price: { min: 7000, max: 9000 },
    });
  });

  it('refuses a fraud agent with the spec message, even before looking at the form', async () => {
    const before = await listingPhotoFiles();
    for (const form of [await listingForm(), await listingForm({ title: '' }, null)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        headers: as(fraudAgent),
        payload: form,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe("You cannot add any property as you're marked as fraud");
    }
    expect(await listingPhotoFiles()).toEqual(before);
  });

  it('refuses an agent marked as fraud after logging in', async () => {
    const soonFraud = await createAccount(t, 'agent');
    await t.database.db
      .update(userTable)
      .set({ fraud: true })
      .where(eq(userTable.id, soonFraud.id));
    const response = await addListing(t, soonFraud);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(listingMessages.fraudAgent);
  });

  const tooLong = (n: number) => 'x'.repeat(n + 1);
  const invalidForms: [string, Record<string, string>, string, string][] = [
    ['no title', { title: '' }, 'title', 'Title is required.'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required.'],
    [
      'a 121-character title',
      { title: tooLong(120) },
      'title',
      'Title must be at most 120 characters long.',
    ],
    ['no location', { location: '' }, 'location', 'Location is required.'],
    [
      'a 121-character location',
      { location: tooLong(120) },
      'location',
      'Location must be at most 120 characters long.',
    ],
    ['no description', { description: '' }, 'description', 'Description is required.'],
    [
      'a 5001-character description',
      { description: tooLong(5000) },
      'description',
      'Description must be at most 5000 characters long.',
    ],
    ['no minimum price', { priceMin: '' }, 'priceMin', 'Minimum price is required.'],
    ['no maximum price', { priceMax: '' }, 'priceMax', 'Maximum price is required.'],
    ['a text minimum price', { priceMin: 'five thousand' }, 'priceMin', 'Price cannot be a string'],
    ['a text maximum price', { priceMax: '51OO' }, 'priceMax', 'Price cannot be a string'],
    ['a price with paisa', { priceMin: '5000.50' }, 'priceMin', 'Enter whole taka, without paisa.'],
    ['a zero price', { priceMin: '0' }, 'priceMin', 'The amount must be more than 0 TK.'],
    ['a negative price', { priceMin: '-5' }, 'priceMin', 'The amount must be more than 0 TK.'],
    [
      'minimum above maximum',
      { priceMin: '6000', priceMax: '5000' },
      'priceMin',
      'Minimum price must be less than maximum price',
    ],
    [
      'minimum equal to maximum',
      { priceMin: '5000', priceMax: '5000' },
      'priceMin',
      'Minimum price must be less than maximum price',
    ],
  ];

  it.each(invalidForms)(
    'refuses %s with a clear message',
    async (_label, change, field, message) => {
      const before = await listingPhotoFiles();
      const response = await addListing(t, otherAgent, { ...validFields, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: message,
        errors: [{ path: field, message }],
      });
      expect(await listingPhotoFiles()).toEqual(before);
    },
  );

  it('refuses a missing field, an unknown field and a missing photo', async () => {
    const { title: _omitted, ...withoutTitle } = validFields;
    const missing = await addListing(t, otherAgent, withoutTitle);
    expect(missing.json().errors).toEqual([
      { path: 'title', message: 'Title is required.', messageCode: 'listing.titleRequired' },
    ]);

    const sneaky = await addListing(t, otherAgent, { ...validFields, status: 'verified' });
    expect(sneaky.statusCode).toBe(400);

    const noPhoto = await addListing(t, otherAgent, validFields, null);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().errors).toEqual([
      {
        path: 'photo',
        message: 'A photo of the property is required.',
        messageCode: 'listing.photoRequired',
      },
    ]);
    const mine = (await call(t, otherAgent, 'GET', '/api/v1/listings/mine')).json();
    expect(mine.items).toEqual([]);
  });

  it('refuses JSON: a property needs its photo', async () => {
    const response = await call(t, agent, 'POST', '/api/v1/listings', {
      ...validFields,
      photo: 'https://example.test/flat.jpg',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('the listing photo', () => {
  it('stores WebP variants at 400, 800 and 1200 px wide, fitted and not cropped', async () => {
    const created = (
      await addListing(t, agent, validFields, { bytes: await jpeg(2000, 1500), type: 'image/jpeg' })
    ).json();
    const key = created.photo.url.match(/^\/media\/(listing-photos\/[0-9a-f-]+)-1200\.webp$/)?.[1];
    expect(key).toBeDefined();
    expect(created.photo).toEqual({
      url: `/media/${key}-1200.webp`,
      srcset: `/media/${key}-400.webp 400w, /media/${key}-800.webp 800w, /media/${key}-1200.webp 1200w`,
      width: 1200,
      height: 900,
    });
    for (const width of LISTING_PHOTO_WIDTHS) {
      const file = await fetchMedia(`/media/${key}-${width}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(file.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        'webp',
        width,
        (width * 3) / 4,
      ]);
    }
    expect(await listingRow(created.id)).toMatchObject({
      photoKey: key,
      photoWidth: 1200,
      photoHeight: 900,
    });
  });

  it('never enlarges a small photo, yet writes every variant so the srcset resolves', async () => {
    const created = (
      await addListing(t, agent, validFields, { bytes: await jpeg(300, 200) })
    ).json();
    expect([created.photo.width, created.photo.height]).toEqual([300, 200]);
    for (const url of created.photo.srcset
      .split(', ')
      .map((entry: string) => entry.split(' ')[0])) {
      const file = await fetchMedia(url);
      expect(file.statusCode).toBe(200);
      const metadata = await sharp(file.rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([300, 200]);
    }
  });

  it('strips EXIF (camera, copyright) and bakes the orientation into the pixels', async () => {
    const withExif = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#e9c46a' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret owner', Make: 'PhoneCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(withExif).metadata();
    expect([original.orientation, original.exif?.includes('Secret owner')]).toEqual([6, true]);

    const created = (
      await addListing(t, agent, validFields, { bytes: withExif, type: 'image/jpeg' })
    ).json();
    const stored = await fetchMedia(created.photo.url);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.rawPayload.includes('Secret owner')).toBe(false);
    // Orientation 6 means "rotate 90°": the 600×400 picture is stored upright as 400×600.
    expect([metadata.width, metadata.height]).toEqual([400, 600]);
  });

  it('answers 415 for a file that is not an image, and stores nothing', async () => {
    const before = await listingPhotoFiles();
    const response = await addListing(t, agent, validFields, {
      bytes: Buffer.from('%PDF-1.4 not a picture'),
      name: 'flat.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe(photoMessages.notAnImage);
    expect(await listingPhotoFiles()).toEqual(before);
  });

  it('answers 413 for a photo over 5 MB', async () => {
    const response = await addListing(t, agent, validFields, {
      bytes: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('updating a property', () => {
  const changed = {
    title: 'Renovated flat',
    location: 'Banani 11, Dhaka',
    description: 'New kitchen.',
    priceMin: '6000',
    priceMax: '6500',
    ...validFacts,
  };

  // A verified listing's edit waits for review instead (listing-revisions.test.ts, ADR 32).
  it('changes the fields of the agent’s own pending listing and keeps its status and photo', async () => {
    const id = await createListing(t, agent, { status: 'pending' });
    const before = await listingRow(id);
    await afterTheClockTicks(); // so the update's time differs from the insert's
    const response = await updateListing(t, agent, id, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'Renovated flat',
      location: 'Banani 11, Dhaka',
      description: 'New kitchen.',
      price: { min: 6000, max: 6500 },
      status: 'pending',
    });
    const after = await listingRow(id);
    expect(after?.photoKey).toBe(before?.photoKey);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
  });

  it('replaces the photo and removes the old files once the update is stored', async () => {
    const created = (await addListing(t, agent)).json();
    const oldKey = (await listingRow(created.id))?.photoKey;
    const response = await updateListing(t, agent, created.id, changed, {
      bytes: await jpeg(1000, 500),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.photo.url).not.toBe(created.photo.url);
    expect([updated.photo.width, updated.photo.height]).toEqual([1000, 500]);
    expect((await fetchMedia(updated.photo.url)).statusCode).toBe(200);
    const files = await listingPhotoFiles();
    expect(files.filter((file) => file.startsWith(String(oldKey).split('/')[1] ?? '?'))).toEqual(
      [],
    );
    expect((await fetchMedia(created.photo.url)).statusCode).toBe(404);
  });

  it('refuses rejected and sold listings with 409, and keeps no new photo', async () => {
    const rejected = await createListing(t, agent, {
      status: 'rejected',
      rejectionReason: 'Blurry',
    });
    const sold = await createListing(t, agent, { soldAt: new Date() });
    const before = await listingPhotoFiles();
    const onRejected = await updateListing(t, agent, rejected, changed, {
      bytes: await jpeg(500, 400),
    });
    expect(onRejected.statusCode).toBe(409);
    expect(onRejected.json().detail).toBe('This listing was rejected, so it cannot be updated.');
    const onSold = await updateListing(t, agent, sold, changed);
    expect(onSold.statusCode).toBe(409);
    expect(onSold.json().detail).toBe('This listing has been sold, so it cannot be updated.');
    expect(await listingPhotoFiles()).toEqual(before);
    expect((await listingRow(rejected))?.title).not.toBe(changed.title);
  });

  it('answers 404 for another agent’s listing or an unknown one, 400 for a malformed id', async () => {
    const theirs = await createListing(t, otherAgent);
    const response = await updateListing(t, agent, theirs, changed);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('This listing does not exist.');
    expect((await listingRow(theirs))?.title).not.toBe(changed.title);
    const unknown = await updateListing(t, agent, '00000000-0000-4000-8000-000000000000', changed);
    expect(unknown.statusCode).toBe(404);
    expect((await updateListing(t, agent, 'not-a-uuid', changed)).statusCode).toBe(400);
  });

  it('validates the fields like adding does', async () => {
    const id = await createListing(t, agent, { status: 'pending' });
    const response = await updateListing(t, agent, id, { ...changed, priceMin: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Price cannot be a string');
  });

  it('refuses a fraud agent', async () => {
    const id = await createListing(t, fraudAgent, { delistedAt: new Date() });
    const response = await updateListing(t, fraudAgent, id, changed);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(listingMessages.fraudAgentChange);
  });
});

describe('deleting a property', () => {
  const deadline = '2099-01-01';

  it('deletes the listing with its pending and rejected offers, wishlist items and reviews', async () => {
    const created = (await addListing(t, agent)).json();
    const buyer = await createAccount(t, 'user');
    const db = t.database.db;
    await db.insert(offer).values([
      { listingId: created.id, buyerId: buyer.id, amount: 5000, deadline, status: 'pending' },
      { listingId: created.id, buyerId: user.id, amount: 5000, deadline, status: 'rejected' },
    ]);
    await db.insert(wishlistItem).values({ userId: user.id, listingId: created.id });
    await db
      .insert(review)
      .values({ listingId: created.id, reviewerId: user.id, rating: 4, text: 'Nice' });

    const response = await call(t, agent, 'DELETE', `/api/v1/listings/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(await listingRow(created.id)).toBeUndefined();
    expect(await db.select().from(offer).where(eq(offer.listingId, created.id))).toEqual([]);
    expect(
      await db.select().from(wishlistItem).where(eq(wishlistItem.listingId, created.id)),
    ).toEqual([]);
    expect(await db.select().from(review).where(eq(review.listingId, created.id))).toEqual([]);
    expect((await fetchMedia(created.photo.url)).statusCode).toBe(404);
    expect((await call(t, agent, 'DELETE', `/api/v1/listings/${created.id}`)).statusCode).toBe(404);
  });

  it.each(['accepted', 'paid'] as const)(
    'refuses with 409 when an offer was %s',
    async (status) => {
      const id = await createListing(t, agent);
      await t.database.db
        .insert(offer)
        .values({ listingId: id, buyerId: user.id, amount: 5050, deadline, status });
      const response = await call(t, agent, 'DELETE', `/api/v1/listings/${id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        'This listing has an accepted or paid offer, so it cannot be deleted.',
      );
      expect(await listingRow(id)).toBeDefined();
      expect(await t.database.db.select().from(offer).where(eq(offer.listingId, id))).toHaveLength(
        1,
      );
    },
  );

  it('answers 404 for another agent’s listing and leaves it alone', async () => {
    const theirs = await createListing(t, otherAgent);
    expect((await call(t, agent, 'DELETE', `/api/v1/listings/${theirs}`)).statusCode).toBe(404);
    expect(await listingRow(theirs)).toBeDefined();
  });

  it('refuses a fraud agent: their listings stay on record', async () => {
    const id = await createListing(t, fraudAgent, { delistedAt: new Date() });
    const response = await call(t, fraudAgent, 'DELETE', `/api/v1/listings/${id}`);
    expect(response.statusCode).toBe(403);
    expect(await listingRow(id)).toBeDefined();
  });
});

describe('the agent’s own listings', () => {
  it('lists every status with the rejection reason, newest first, page by page', async () => {
    const lister = await createAccount(t, 'agent');
    const ids = [
      await createListing(t, lister, { status: 'pending' }),
      await createListing(t, lister, { status: 'verified' }),
      await createListing(t, lister, { status: 'rejected', rejectionReason: 'Photo is blurry.' }),
      await createListing(t, lister, { soldAt: new Date() }),
      await createListing(t, lister, { delistedAt: new Date() }),
    ];
    await createListing(t, otherAgent);

    const seen: { id: string; status: string; rejectionReason: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await call(t, lister, 'GET', `/api/v1/listings/mine${query}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((listing) => listing.id)).toEqual([...ids].reverse());
    expect(seen.find((listing) => listing.status === 'rejected')?.rejectionReason).toBe(
      'Photo is blurry.',
    );
    expect(seen.filter((listing) => (listing as { sold?: boolean }).sold)).toHaveLength(1);
    expect(seen.filter((listing) => (listing as { delisted?: boolean }).delisted)).toHaveLength(1);
  });
});

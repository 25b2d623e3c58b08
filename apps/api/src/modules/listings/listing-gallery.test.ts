import fs from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS, listingGalleryMessages, listingMessages } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, as, validFields } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { referencedMediaKeys } from '../../backup/snapshot-reads.ts';
import { listing, listingGalleryPhoto, listingPhotoUpload } from '../../db/schema.ts';
import { housekeepingJob } from '../../jobs/housekeeping.job.ts';
import { createLocalDiskStorage } from '../../media/disk-storage.ts';

// The gallery (ADR 31): photos uploaded one by one, then sent as an ordered list.

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, otherAgent] = await Promise.all([createAccount(t, 'agent'), createAccount(t, 'agent')]);
});
afterAll(() => t.close());

let shade = 0;
/** A distinct small JPEG each time, as a phone's photos are. */
async function photo(width = 640, height = 480): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();
}

function photoForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
  return form;
}

async function upload(account: TestAccount, bytes?: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/listing-photos',
    headers: as(account),
    payload: photoForm(bytes ?? (await photo())),
  });
}

async function uploadedKeys(account: TestAccount, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const response = await upload(account);
    expect(response.statusCode, response.body).toBe(201);
    keys.push(response.json().key);
  }
  return keys;
}

type Item = { key: string; caption?: string };

function galleryForm(photos: Item[] | string, fields: Record<string, string> = validFields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photos', typeof photos === 'string' ? photos : JSON.stringify(photos));
  return form;
}

const addWithGallery = async (account: TestAccount, photos: Item[] | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/listings',
    headers: as(account),
    payload: galleryForm(photos),
  });

const updateWithGallery = async (account: TestAccount, id: string, photos: Item[] | string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/listings/${id}`,
    headers: as(account),
    payload: galleryForm(photos),
  });

const fileOf = (key: string, width: number) =>
  path.join(t.dataDir, 'media', `${key}-${width}.webp`);
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
const allFilesExist = async (key: string) =>
  (await Promise.all(LISTING_PHOTO_WIDTHS.map((w) => exists(fileOf(key, w))))).every(Boolean);
const noFileExists = async (key: string) =>
  (await Promise.all(LISTING_PHOTO_WIDTHS.map((w) => exists(fileOf(key, w))))).every((e) => !e);

async function galleryRows(id: string) {
  return t.database.db
    .select()
    .from(listingGalleryPhoto)
    .where(eq(listingGalleryPhoto.listingId, id))
    .orderBy(listingGalleryPhoto.position);
}

async function unattachedKeys(account: TestAccount): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: listingPhotoUpload.photoKey })
    .from(listingPhotoUpload)
    .where(eq(listingPhotoUpload.agentId, account.id));
  return rows.map((row) => row.key);
}

async function listingCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(listing);
  return Number(row?.n);
}

describe('uploading a listing photo', () => {
  it('runs the image pipeline and answers the key and the image, stored for its uploader', async () => {
    const response = await upload(agent, await photo(1600, 900));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.key).toMatch(/^listing-photos\/[0-9a-f-]{36}$/);
    expect([body.photo.width, body.photo.height]).toEqual([1200, 675]);
    expect(await allFilesExist(body.key)).toBe(true);
    expect(await unattachedKeys(agent)).toContain(body.key);
  });

  it("answers a photo over 5 MB with the listing photo's message and stores nothing", async () => {
    const before = await unattachedKeys(agent);
    const response = await upload(agent, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      messageCode: 'listing.photoTooLarge',
      detail: listingMessages.photoTooLarge,
    });
    expect(await unattachedKeys(agent)).toEqual(before);
  });

  it('refuses a file that is not an image, and a form without a file', async () => {
    const before = await unattachedKeys(agent);
    const notImage = await upload(agent, Buffer.from('%PDF-1.4 not a picture'));
    expect(notImage.statusCode).toBe(415);
    expect(await unattachedKeys(agent)).toEqual(before);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listing-photos',
      headers: as(agent),
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      expect.objectContaining({ path: 'photo', messageCode: 'listing.photoRequired' }),
    ]);
  });
});

describe('adding a listing with a gallery', () => {
  it('stores the photos in order with captions; the first is the cover and cards count them', async () => {
    const keys = await uploadedKeys(agent, 5);
    const photos = keys.map((key, n) =>
      n === 1 ? { key, caption: '  Master bedroom ' } : { key },
    );
    const response = await addWithGallery(agent, photos);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.photos.map((p: { key: string }) => p.key)).toEqual(keys);
    expect(created.photos.map((p: { position: number }) => p.position)).toEqual([0, 1, 2, 3, 4]);
    expect(created.photos[1].caption).toBe('Master bedroom');
    expect(created.photos[0].caption).toBeNull();
    expect(created.photo.url).toBe(created.photos[0].url);
    expect(created.photoCount).toBe(5);
    const row = (await t.database.db.select().from(listing).where(eq(listing.id, created.id)))[0];
    expect([row?.photoKey, row?.photoCount]).toEqual([keys[0], 5]);
    // The uploads are now the listing's: nobody can use them again.
    expect(await unattachedKeys(agent)).not.toEqual(expect.arrayContaining([keys[0]]));
    const mine = await t.app.inject({ url: '/api/v1/listings/mine', headers: as(agent) });
    const card = mine.json().items.find((item: { id: string }) => item.id === created.id);
    expect(card.photoCount).toBe(5);
  });

  it('refuses 0 and 13 photos with a clear message and stores nothing', async () => {
    const keys = await uploadedKeys(agent, 13);
    const before = await listingCount();
    const none = await addWithGallery(agent, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      expect.objectContaining({ path: 'photos', messageCode: 'listingGallery.tooFew' }),
    ]);
    const tooMany = await addWithGallery(
      agent,
      keys.map((key) => ({ key })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      expect.objectContaining({
        path: 'photos',
        messageCode: 'listingGallery.tooMany',
        message: listingGalleryMessages.tooMany,
      }),
    ]);
    expect(await listingCount()).toBe(before);
    expect(await unattachedKeys(agent)).toEqual(expect.arrayContaining(keys));
  });

  it("refuses another agent's upload, keeps it theirs, and stores nothing", async () => {
    const [mine] = await uploadedKeys(agent, 1);
    const [theirs] = await uploadedKeys(otherAgent, 1);
    const before = await listingCount();
    const response = await addWithGallery(agent, [{ key: String(mine) }, { key: String(theirs) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'photos.1', messageCode: 'listingGallery.unknownPhoto' }),
    ]);
    expect(await listingCount()).toBe(before);
    // The refused request took nothing: both uploads are still their uploaders'.
    expect(await unattachedKeys(agent)).toContain(mine);
    expect(await unattachedKeys(otherAgent)).toContain(theirs);
    expect(await allFilesExist(String(theirs))).toBe(true);
  });

  it('refuses an upload already used by a listing, a repeated photo, a file with a list, and a list that is no list', async () => {
    const keys = await uploadedKeys(agent, 2);
    expect((await addWithGallery(agent, [{ key: String(keys[0]) }])).statusCode).toBe(201);
    const reused = await addWithGallery(agent, [{ key: String(keys[0]) }]);
    expect(reused.json().errors?.[0]?.messageCode).toBe('listingGallery.unknownPhoto');
    const twice = await addWithGallery(agent, [{ key: String(keys[1]) }, { key: String(keys[1]) }]);
    expect(twice.json().errors?.[0]?.messageCode).toBe('listingGallery.duplicatePhoto');
    const form = galleryForm([{ key: String(keys[1]) }]);
    form.append(
      'photo',
      new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: as(agent),
      payload: form,
    });
    expect(both.json().errors?.[0]?.messageCode).toBe('listingGallery.fileAndList');
    const garbled = await addWithGallery(agent, '{not json');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().errors?.[0]?.messageCode).toBe('listingGallery.notAList');
    const longCaption = await addWithGallery(agent, [
      { key: String(keys[1]), caption: 'x'.repeat(141) },
    ]);
    expect(longCaption.json().errors).toEqual([
      expect.objectContaining({
        path: 'photos.0.caption',
        messageCode: 'listingGallery.captionTooLong',
      }),
    ]);
    expect(await unattachedKeys(agent)).toContain(keys[1]);
  });

  it('keeps adding with one photo file working: it becomes a one-photo gallery', async () => {
    const response = await addListing(t, agent);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.photoCount).toBe(1);
    expect(created.photos).toEqual([
      expect.objectContaining({ url: created.photo.url, position: 0, caption: null }),
    ]);
  });
});

describe('updating a gallery', () => {
  it('reorders, removes and captions; the cover follows; removed files go after commit', async () => {
    const keys = (await uploadedKeys(agent, 4)) as [string, string, string, string];
    const created = (
      await addWithGallery(
        agent,
        keys.map((key) => ({ key })),
      )
    ).json();
    const [added] = (await uploadedKeys(agent, 1)) as [string];
    const response = await updateWithGallery(agent, created.id, [
      { key: keys[2], caption: 'Lake view' },
      { key: keys[0] },
      { key: added, caption: 'New kitchen' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json();
    expect(
      updated.photos.map((p: { key: string; caption: string | null }) => [p.key, p.caption]),
    ).toEqual([
      [keys[2], 'Lake view'],
      [keys[0], null],
      [added, 'New kitchen'],
    ]);
    expect(updated.photoCount).toBe(3);
    expect(updated.photo.url).toBe(updated.photos[0].url);
    expect((await galleryRows(created.id)).map((row) => row.position)).toEqual([0, 1, 2]);
    // Removed photos' files are gone; kept ones stay.
    expect(await noFileExists(keys[1])).toBe(true);
    expect(await noFileExists(keys[3])).toBe(true);
    expect(await allFilesExist(keys[0])).toBe(true);
    expect(await allFilesExist(added)).toBe(true);
    // The public details read the same gallery.
    const details = await t.app.inject({
      url: `/api/v1/listings/${created.id}`,
      headers: as(agent),
    });
    expect(details.json().photos).toEqual(updated.photos);
  });

  it('leaves the gallery, its files and the uploads untouched when the list is refused', async () => {
    const keys = await uploadedKeys(agent, 2);
    const created = (await addWithGallery(agent, [{ key: String(keys[0]) }])).json();
    const [spare] = await uploadedKeys(agent, 1);
    const [theirs] = await uploadedKeys(otherAgent, 1);
    const refused = await updateWithGallery(agent, created.id, [
      { key: String(spare) },
      { key: String(theirs) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect((await galleryRows(created.id)).map((row) => row.photoKey)).toEqual([keys[0]]);
    expect(await allFilesExist(String(keys[0]))).toBe(true);
    expect(await unattachedKeys(agent)).toContain(spare);
    // Another agent cannot take over this listing's photos either.
    const stranger = await addWithGallery(otherAgent, [{ key: String(keys[0]) }]);
    expect(stranger.json().errors?.[0]?.messageCode).toBe('listingGallery.unknownPhoto');
  });

  it('replaces only the cover when today’s single photo file is sent', async () => {
    const keys = (await uploadedKeys(agent, 3)) as [string, string, string];
    const created = (
      await addWithGallery(
        agent,
        keys.map((key) => ({ key })),
      )
    ).json();
    const form = galleryForm('[]');
    form.delete('photos');
    form.append(
      'photo',
      new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/listings/${created.id}`,
      headers: as(agent),
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    const photos = response.json().photos.map((p: { key: string }) => p.key);
    expect(photos).toHaveLength(3);
    expect(photos.slice(1)).toEqual([keys[1], keys[2]]);
    expect(photos[0]).not.toBe(keys[0]);
    expect(await noFileExists(keys[0])).toBe(true);
  });

  it("deletes every gallery photo's files with the listing", async () => {
    const keys = await uploadedKeys(agent, 3);
    const created = (
      await addWithGallery(
        agent,
        keys.map((key) => ({ key })),
      )
    ).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/listings/${created.id}`,
      headers: as(agent),
    });
    expect(deleted.statusCode).toBe(204);
    for (const key of keys) expect(await noFileExists(key)).toBe(true);
  });
});

describe('what is left behind', () => {
  it('housekeeping deletes uploads a day old and their files, and keeps recent ones', async () => {
    const [old, recent] = (await uploadedKeys(agent, 2)) as [string, string];
    await t.database.db
      .update(listingPhotoUpload)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(listingPhotoUpload.photoKey, old));
    await housekeepingJob(t.database.db, createLocalDiskStorage(path.join(t.dataDir, 'media')), {
      keepFinishedJobsDays: 7,
      counterLifetimeSeconds: 3600,
    })({});
    expect(await unattachedKeys(agent)).not.toContain(old);
    expect(await noFileExists(old)).toBe(true);
    expect(await unattachedKeys(agent)).toContain(recent);
    expect(await allFilesExist(recent)).toBe(true);
  });

  it("backs up every gallery photo's files and the uploads' files", async () => {
    const keys = await uploadedKeys(agent, 3);
    await addWithGallery(agent, [{ key: String(keys[0]) }, { key: String(keys[1]) }]);
    const referenced = await referencedMediaKeys((text) => t.database.jobQuery(text, []));
    for (const key of keys) {
      for (const width of LISTING_PHOTO_WIDTHS)
        expect(referenced).toContain(`${key}-${width}.webp`);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { handlerStatements } from '../../../test/handler-statements.ts';
import { call, validFacts } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { listingGalleryPhoto } from '../../db/schema.ts';

// The admins' list of pending revisions reads every gallery of the page in one query, and
// compares each revision with its own listing's gallery.

const statements = handlerStatements();
let t: TestApp;
let agent: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({}, statements.deps);
  [agent, admin] = await Promise.all([createAccount(t, 'agent'), createAccount(t, 'admin')]);
});
afterAll(() => t.close());

/** A verified listing whose gallery has three photos; returns its id and photo keys. */
async function verifiedListingWithThreePhotos() {
  const id = await createListing(t, agent);
  const extra = [1, 2].map((position) => ({
    listingId: id,
    position,
    photoKey: `listing-photos/${randomUUID()}`,
    photoWidth: 800,
    photoHeight: 600,
  }));
  await t.database.db.insert(listingGalleryPhoto).values(extra);
  const details = (await call(t, agent, 'GET', `/api/v1/listings/${id}`)).json();
  return { id, keys: details.photos.map((photo: { key: string }) => photo.key) as string[] };
}

/** The agent raises the price and sends the gallery in `order`; the edit waits for review. */
async function raisePrice(id: string, keys: readonly string[]) {
  const form = new FormData();
  const fields = {
    title: 'Lake-view flat',
    location: 'Gulshan 2, Dhaka',
    description: 'A bright three-bedroom flat near the lake.',
    priceMin: '9000',
    priceMax: '9500',
    ...validFacts,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photos', JSON.stringify(keys.map((key) => ({ key }))));
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/listings/${id}`,
    headers: { cookie: agent.cookie },
    payload: form,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the list of pending revisions', () => {
  it('compares each revision with its own gallery, in one query for the whole page', async () => {
    // Six listings: the even ones keep their photos in order, the odd ones swap the last two.
    const photosChanged = new Map<string, boolean>();
    for (let n = 0; n < 6; n += 1) {
      const { id, keys } = await verifiedListingWithThreePhotos();
      const [cover = '', second = '', third = ''] = keys;
      const swapped = n % 2 === 1;
      await raisePrice(id, swapped ? [cover, third, second] : keys);
      photosChanged.set(id, swapped);
    }

    const page = async (limit: number) => {
      const response = await call(
        t,
        admin,
        'GET',
        `/api/v1/admin/listing-revisions?limit=${limit}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return {
        items: response.json().items as { listing: { id: string }; changedFields: string[] }[],
        statements: statements.lastRequest().length,
      };
    };
    const one = await page(1);
    const all = await page(6);
    expect(all.items).toHaveLength(6);
    expect(
      Object.fromEntries(
        all.items.map((item) => [item.listing.id, item.changedFields.includes('photos')]),
      ),
    ).toEqual(Object.fromEntries(photosChanged));
    for (const item of all.items) expect(item.changedFields).toContain('priceMin');
    // A page of six costs what a page of one does: no query per revision.
    expect(one.items).toHaveLength(1);
    expect(one.statements, 'the handler ran no statement').toBeGreaterThan(0);
    expect(all.statements).toBe(one.statements);
  });
});

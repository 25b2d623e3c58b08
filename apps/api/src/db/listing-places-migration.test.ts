import { areaFromAddress } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnsOf,
  openDatabaseBefore,
  rowsOf,
  snapshotQuery,
} from '../../test/database-before-migration.ts';
import { referencedMediaKeys } from '../backup/snapshot-reads.ts';
import type { DatabaseHandle } from './client.ts';

// Migrations 0012 (facts, gallery) and 0013 (places from addresses) on a database as 0011
// left it: every listing and photo stays, and addresses naming a known area are placed as
// `areaFromAddress` places them (ADR 29).

const agent = '00000000-0000-4000-8000-0000000000a1';
const buyer = '00000000-0000-4000-8000-0000000000b1';

/** Addresses agents wrote before places were structured, in both languages and many forms. */
const addresses = [
  'Gulshan 2, Dhaka',
  'House 12, Road 5, Dhanmondi R/A, Dhaka-1205',
  'Banani DOHS, Dhaka Cantonment',
  'Mohakhali DOHS',
  'মহাখালী ডিওএইচএস, ঢাকা',
  'গুলশান-২, ঢাকা',
  'বসুন্ধরা আবাসিক এলাকা, ব্লক সি',
  'Bashundhara R/A, Block C',
  'Plot 7, Sector 15, Purbachal',
  'Agrabad C/A, Chittagong',
  'আগ্রাবাদ, চট্টগ্রাম',
  'Zindabazar, Sylhet',
  'Uposhohor, Sylhet',
  'Sonadanga, Khulna',
  'Shaheb Bazar, Rajshahi',
  'Uttara Sector 7; near the park',
  'UTTARA, DHAKA',
  'Mirpur-10 (near the roundabout)',
  "Cox's Bazar sea beach",
  'Somewhere near the river',
  'Road 3, Block B',
  'Lalmatia, Mohammadpur, Dhaka',
  'Old Dhaka, Wari',
  'Puran Dhaka',
  'Khulshi, Chattogram',
  'Nasirabad — Chattogram',
  'ধানমন্ডি ২৭',
  'Banani',
  'Baridhara Diplomatic Zone',
  '',
];
const idOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const rowsBefore = [
  `insert into users (id, name, email, email_verified, role) values
    ('${agent}', 'Agent', 'agent@example.com', true, 'agent'),
    ('${buyer}', 'Buyer', 'buyer@example.com', true, 'user')`,
  ...addresses.map(
    (address, index) =>
      `insert into listings (id, agent_id, title, location, description, photo_key,
         photo_width, photo_height, price_min, price_max, status) values
       ('${idOf(index)}', '${agent}', 'Listing ${index}', '${address.replaceAll("'", "''")}',
         'Before facts', 'listing-photos/p${index}', 1200, 800, 5000, 5100, 'verified')`,
  ),
  `insert into wishlist_items (user_id, listing_id) values ('${buyer}', '${idOf(0)}')`,
  `insert into offers (listing_id, buyer_id, amount, deadline, status) values
    ('${idOf(1)}', '${buyer}', 5000, '2026-12-01', 'pending')`,
];

describe('migrations 0012 and 0013 (facts, gallery, places from addresses)', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const before: Record<string, Record<string, unknown>[]> = {};
  let photoKeysBefore: string[];

  beforeAll(async () => {
    ({ database, drop } = await openDatabaseBefore('0012'));
    for (const statement of rowsBefore) await database.jobQuery(statement, []);
    for (const table of ['listings', 'wishlist_items', 'offers']) {
      before[table] = await rowsOf(database, table);
    }
    photoKeysBefore = await referencedMediaKeys(snapshotQuery(database));
    await database.migrate();
  });
  afterAll(() => drop());

  it.each(['listings', 'wishlist_items', 'offers'])('keeps every row of %s', async (table) => {
    expect(before[table]?.length).toBeGreaterThan(0);
    const after = await rowsOf(database, table);
    expect(columnsOf(after, before[table] ?? [])).toEqual(before[table]);
  });

  it('makes every listing’s photo the cover of its gallery, and loses no photo', async () => {
    const photos = await database.jobQuery(
      'select listing_id, position, photo_key from listing_photos order by listing_id',
      [],
    );
    expect(photos).toEqual(
      addresses.map((_address, index) => ({
        listing_id: idOf(index),
        position: 0,
        photo_key: `listing-photos/p${index}`,
      })),
    );
    expect(await referencedMediaKeys(snapshotQuery(database))).toEqual(
      expect.arrayContaining(photoKeysBefore),
    );
  });

  it('leaves every fact not stated', async () => {
    const stated = await database.jobQuery(
      `select id from listings where type is not null or bedrooms is not null
         or size_sqft is not null or amenities is not null`,
      [],
    );
    expect(stated).toEqual([]);
  });

  it('places each address as areaFromAddress does, and leaves the rest to complete', async () => {
    const rows = await database.jobQuery(
      'select id, location, division, district, area from listings order by id',
      [],
    );
    const expected = addresses.map((address, index) => {
      const place = areaFromAddress(address);
      return {
        id: idOf(index),
        location: address,
        division: place?.division ?? null,
        district: place?.district ?? null,
        area: place?.area ?? null,
      };
    });
    expect(rows).toEqual(expected);
    // The sample covers both outcomes, and Bangla, aliases and the tie-breaks among them.
    const placed = expected.filter((row) => row.area !== null);
    expect(placed.length).toBeGreaterThan(20);
    expect(expected.length - placed.length).toBeGreaterThanOrEqual(3);
    expect(expected[3]?.area).toBe('mohakhali-dohs');
    expect(expected[5]?.area).toBe('gulshan');
  });
});

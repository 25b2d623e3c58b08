import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnsOf,
  openDatabaseBefore,
  rowsOf,
  snapshotQuery,
} from '../../test/database-before-migration.ts';
import { referencedMediaKeys } from '../backup/snapshot-reads.ts';
import type { DatabaseHandle } from './client.ts';

const agent = '00000000-0000-4000-8000-0000000000a1';
const buyer = '00000000-0000-4000-8000-0000000000b1';
const [forSale, sold] = [
  '00000000-0000-4000-8000-0000000000c1',
  '00000000-0000-4000-8000-0000000000c2',
];

/** Rows as the tables were named before migration 0008, one in every renamed place. */
const rowsBefore = [
  `insert into users (id, name, email, email_verified, role) values
    ('${agent}', 'Agent', 'agent@example.com', true, 'agent'),
    ('${buyer}', 'Buyer', 'buyer@example.com', true, 'user')`,
  `insert into properties (id, agent_id, title, location, description, photo_key,
      photo_width, photo_height, price_min, price_max, status, sold_at) values
    ('${forSale}', '${agent}', 'Flat', 'Gulshan', 'A flat', 'listing-photos/flat',
      1200, 800, 5000, 5100, 'verified', null),
    ('${sold}', '${agent}', 'House', 'Banani', 'A house', 'listing-photos/house',
      1600, 900, 7000, 9000, 'verified', now())`,
  `insert into wishlist_items (user_id, property_id) values ('${buyer}', '${forSale}')`,
  `insert into offers (property_id, buyer_id, amount, deadline, status, paid_at) values
    ('${forSale}', '${buyer}', 5000, '2026-12-01', 'pending', null),
    ('${sold}', '${buyer}', 8000, '2026-12-01', 'paid', now())`,
  `insert into reviews (property_id, reviewer_id, rating, text) values
    ('${sold}', '${buyer}', 5, 'Lovely')`,
];

/** The same rows with the column that pointed at a listing under its new name. */
const renamed = (rows: Record<string, unknown>[]) =>
  rows.map(({ property_id, ...rest }) => ({ ...rest, listing_id: property_id }));

describe('migration 0008 (one name: listing)', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const before: Record<string, Record<string, unknown>[]> = {};
  let photoKeysBefore: string[];

  beforeAll(async () => {
    ({ database, drop } = await openDatabaseBefore('0008'));
    for (const statement of rowsBefore) await database.jobQuery(statement, []);
    before.properties = await rowsOf(database, 'properties');
    for (const table of ['wishlist_items', 'offers', 'reviews']) {
      before[table] = await rowsOf(database, table);
    }
    photoKeysBefore = await referencedMediaKeys(snapshotQuery(database));
    await database.migrate();
  });
  afterAll(() => drop());

  it('keeps every listing, photo key included, under the table listings', async () => {
    expect(before.properties).toHaveLength(2);
    const listings = await rowsOf(database, 'listings');
    expect(columnsOf(listings, before.properties ?? [])).toEqual(before.properties);
    expect(listings.map((row) => row.photo_key)).toEqual([
      'listing-photos/flat',
      'listing-photos/house',
    ]);
  });

  it('finds the same photos to back up and restore before and after it', async () => {
    expect(photoKeysBefore.length).toBeGreaterThan(0);
    expect(await referencedMediaKeys(snapshotQuery(database))).toEqual(photoKeysBefore);
  });

  it.each(['wishlist_items', 'offers', 'reviews'])(
    'keeps every row of %s, pointing at its listing through listing_id',
    async (table) => {
      expect(before[table]?.length).toBeGreaterThan(0);
      const expected = renamed(before[table] ?? []);
      expect(columnsOf(await rowsOf(database, table), expected)).toEqual(expected);
    },
  );

  it('leaves no table, column, index, constraint or trigger named after properties', async () => {
    const leftovers = await database.jobQuery(
      `select relname as name from pg_class
         where relnamespace = 'public'::regnamespace and relname like '%propert%'
       union all select c.relname || '.' || attname from pg_attribute a join pg_class c on c.oid = a.attrelid
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and attname like '%propert%'
       union all select conname from pg_constraint
         where connamespace = 'public'::regnamespace and conname like '%propert%'
       union all select tgname from pg_trigger where tgname like '%propert%'`,
      [],
    );
    expect(leftovers).toEqual([]);
  });

  it('still enforces what the renamed constraints say', async () => {
    // A listing with an offer cannot be deleted (restrict); a review cannot be written twice.
    await expect(
      database.jobQuery(`delete from listings where id = '${sold}'`, []),
    ).rejects.toThrow(/offers_listing_id_listings_id_fk/);
    await expect(
      database.jobQuery(
        `insert into reviews (listing_id, reviewer_id, rating, text)
           values ('${sold}', '${buyer}', 4, 'Again')`,
        [],
      ),
    ).rejects.toThrow(/reviews_one_per_reviewer_key/);
    await expect(
      database.jobQuery(`update listings set price_min = 0 where id = '${forSale}'`, []),
    ).rejects.toThrow(/listings_price_positive/);
  });
});

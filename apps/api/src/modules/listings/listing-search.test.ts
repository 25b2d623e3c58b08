import type { ListingType } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { call } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import type { listing } from '../../db/schema.ts';
import { countPublicListings } from './browse-listings.repository.ts';
import { readPriceFloors } from './price-floors.ts';

// The search of all properties (ADR 33): every filter on the facts and the structured place,
// the sorts on price per square foot and size with keyset pages, the typed location in either
// language, the counts, and refusals. Listings of a test share an address word no other test
// uses, so the filters are checked on a known set.

let t: TestApp;
let agent: TestAccount;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, user] = await Promise.all([createAccount(t, 'agent'), createAccount(t, 'user')]);
});
afterAll(() => t.close());

type Card = { id: string; price: { min: number; max: number } };
type ListingRow = Partial<typeof listing.$inferInsert>;

const browse = (query: string) => call(t, user, 'GET', `/api/v1/listings?${query}`);
const counts = (query: string) => call(t, user, 'GET', `/api/v1/listings/counts?${query}`);
const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** Follows nextCursor to the end, checking every page's size. */
async function walk(query: string, limit: number): Promise<Card[]> {
  const items: Card[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const response = await browse(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
    expect(page.items).toHaveLength(limit);
  }
  throw new Error('pagination did not end');
}

const flat = (overrides: ListingRow): ListingRow => ({
  type: 'apartment',
  bedrooms: 3,
  bathrooms: 3,
  sizeValue: 1500,
  sizeUnit: 'sqft',
  sizeSqft: 1500,
  floor: 4,
  totalFloors: 10,
  completion: 'ready',
  furnishing: 'unfurnished',
  amenities: ['lift', 'generator'],
  division: 'dhaka',
  district: 'dhaka',
  area: 'gulshan',
  ...overrides,
});

describe('filters on the facts and the structured place', () => {
  const address = 'Filterstrasse 1';
  const named: Record<string, string> = {};
  const find = async (filters: string) =>
    new Set(ids((await browse(`location=Filterstrasse&limit=100&${filters}`)).json().items));
  const only = (...names: string[]) => new Set(names.map((name) => named[name]));

  beforeAll(async () => {
    const rows: Record<string, ListingRow> = {
      gulshanFlat: flat({}),
      bananiBigFlat: flat({
        area: 'banani',
        bedrooms: 4,
        bathrooms: 4,
        sizeValue: 2400,
        sizeSqft: 2400,
        amenities: ['lift', 'generator', 'gym'],
      }),
      smallFlat: flat({ bedrooms: 1, bathrooms: 1, sizeValue: 650, sizeSqft: 650, amenities: [] }),
      newDuplex: {
        ...flat({ type: 'duplex', bedrooms: 5, bathrooms: 5, sizeValue: 3600, sizeSqft: 3600 }),
        completion: 'under_construction',
        handoverMonth: '2027-06',
        floor: null,
        totalFloors: null,
        amenities: ['generator', 'parking'],
      },
      purbachalPlot: {
        type: 'plot',
        sizeValue: 5,
        sizeUnit: 'katha',
        sizeSqft: 3600,
        amenities: [],
        division: 'dhaka',
        district: 'narayanganj',
        area: 'purbachal',
      },
      agrabadShop: {
        type: 'shop',
        bathrooms: 1,
        sizeValue: 300,
        sizeUnit: 'sqft',
        sizeSqft: 300,
        completion: 'ready',
        amenities: ['cctv'],
        division: 'chattogram',
        district: 'chattogram',
        area: 'agrabad',
      },
      // Listed before facts existed: every fact and the place null ("not stated").
      unstated: {},
    };
    for (const [name, row] of Object.entries(rows)) {
      named[name] = await createListing(t, agent, { location: `${address}, ${name}`, ...row });
    }
  });

  it('shows every listing when no fact is filtered, those without facts too', async () => {
    expect(await find('')).toEqual(new Set(Object.values(named)));
  });

  it('keeps the chosen types, several at once', async () => {
    expect(await find('types=apartment')).toEqual(
      only('gulshanFlat', 'bananiBigFlat', 'smallFlat'),
    );
    expect(await find('types=duplex&types=shop')).toEqual(only('newDuplex', 'agrabadShop'));
  });

  it('keeps a division, a district, an area', async () => {
    expect(await find('division=chattogram')).toEqual(only('agrabadShop'));
    expect(await find('division=dhaka&district=narayanganj')).toEqual(only('purbachalPlot'));
    expect(await find('area=banani')).toEqual(only('bananiBigFlat'));
    expect(await find('district=dhaka&area=gulshan')).toEqual(
      only('gulshanFlat', 'smallFlat', 'newDuplex'),
    );
  });

  it('keeps at least the bedrooms and bathrooms asked for; unstated rooms never match', async () => {
    expect(await find('minBedrooms=4')).toEqual(only('bananiBigFlat', 'newDuplex'));
    expect(await find('minBedrooms=0')).toEqual(
      only('gulshanFlat', 'bananiBigFlat', 'smallFlat', 'newDuplex'),
    );
    expect(await find('minBathrooms=1')).toEqual(
      only('gulshanFlat', 'bananiBigFlat', 'smallFlat', 'newDuplex', 'agrabadShop'),
    );
    expect(await find('minBathrooms=৪')).toEqual(only('bananiBigFlat', 'newDuplex'));
  });

  it('keeps a size window in the unit typed, compared in square feet', async () => {
    expect(await find('minSize=1200&maxSize=1800')).toEqual(only('gulshanFlat'));
    // 5 katha = 3 600 sq ft: the plot and the duplex.
    expect(await find('minSize=5&maxSize=5&sizeUnit=katha')).toEqual(
      only('newDuplex', 'purbachalPlot'),
    );
    expect(await find('maxSize=700')).toEqual(only('smallFlat', 'agrabadShop'));
  });

  it('keeps listings exactly on a price cap and a minimum size, whatever the unit', async () => {
    // The two imply a cap on the price per sq ft (5 000 TK over 1 500 sq ft), which the search
    // also sends: a listing on both bounds sits exactly on that cap, and stays.
    expect(await find('types=apartment&maxPrice=5000&minSize=1500')).toEqual(
      only('gulshanFlat', 'bananiBigFlat'),
    );
    // 5 katha = 3 600 sq ft.
    expect(await find('maxPrice=5000&minSize=5&sizeUnit=katha')).toEqual(
      only('newDuplex', 'purbachalPlot'),
    );
    expect(await find('maxPrice=4999&minSize=1500')).toEqual(new Set());
    // A cap too large for a number (a minimum size near zero) drops nothing and breaks nothing.
    const nearZero = `0.${'0'.repeat(309)}1`;
    expect(await find(`types=shop&maxPrice=5000&minSize=${nearZero}`)).toEqual(only('agrabadShop'));
    const counted = (
      await counts(`location=Filterstrasse&maxPrice=5000&minSize=${nearZero}`)
    ).json();
    expect(counted.total).toBe(6);
  });

  it('keeps listings with every chosen amenity', async () => {
    expect(await find('amenities=lift')).toEqual(only('gulshanFlat', 'bananiBigFlat'));
    expect(await find('amenities=generator&amenities=gym')).toEqual(only('bananiBigFlat'));
    expect(await find('amenities=swimming_pool')).toEqual(new Set());
  });

  it('keeps a completion status', async () => {
    expect(await find('completion=under_construction')).toEqual(only('newDuplex'));
    expect((await find('completion=ready')).has(named.purbachalPlot as string)).toBe(false);
  });

  it('combines filters: apartment, ≥ 3 bedrooms, 1 200–1 800 sq ft, lift, in Gulshan', async () => {
    expect(
      await find(
        'types=apartment&minBedrooms=3&minSize=1200&maxSize=1800&amenities=lift&area=gulshan',
      ),
    ).toEqual(only('gulshanFlat'));
  });

  it('counts the search, and per type with the type filter left out', async () => {
    const response = await counts('location=Filterstrasse&types=apartment&division=dhaka');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 3,
      byType: {
        apartment: 3,
        house: 0,
        duplex: 1,
        plot: 1,
        commercial: 0,
        office: 0,
        shop: 0,
      },
      capped: false,
      typesCapped: false,
    });
    // Without a type filter the listing without facts counts in the total, under no type.
    const all = (await counts('location=Filterstrasse')).json();
    expect(all.total).toBe(7);
    expect(all.byType.apartment).toBe(3);
    expect((await counts('location=Filterstrasse&amenities=gym')).json().total).toBe(1);
  });

  it('counts up to the cap, and says so when it stops there', async () => {
    // Dhaka at Filterstrasse: 3 apartments, a duplex and a plot (5 in all, whatever the type).
    const search = { location: 'Filterstrasse', division: 'dhaka' };
    const count = (types: ListingType[], cap: number) =>
      countPublicListings(t.database.db, { ...search, types }, cap);
    // Under the cap the chosen types' counts are the total, and every type's count is exact.
    const underCap = { capped: false, typesCapped: false };
    expect(await count(['apartment'], 6)).toMatchObject({ total: 3, ...underCap });
    expect(await count(['apartment', 'duplex'], 6)).toMatchObject({ total: 4, ...underCap });
    // When the matches of every type reach the cap, the total is counted on its own, up to
    // the cap, and is said to be capped only when it reached the cap itself: no "0+". The
    // types' counts were cut at the cap: lower bounds.
    expect(await count(['apartment'], 5)).toMatchObject({
      total: 3,
      capped: false,
      typesCapped: true,
    });
    expect(await count(['shop'], 2)).toMatchObject({ total: 0, capped: false, typesCapped: true });
    expect(await count(['apartment'], 2)).toMatchObject({
      total: 2,
      capped: true,
      typesCapped: true,
    });
    expect(await countPublicListings(t.database.db, search, 5)).toMatchObject({
      total: 5,
      capped: true,
      typesCapped: true,
    });
  });
});

describe('the typed location', () => {
  it('finds listings by their structured place in Bangla or English, and by the address', async () => {
    const address = 'Wordless Lane 9';
    const inGulshan = await createListing(t, agent, {
      location: address,
      ...flat({ area: 'gulshan' }),
    });
    const inBanani = await createListing(t, agent, {
      location: address,
      ...flat({ area: 'banani' }),
    });
    const named = await createListing(t, agent, { location: 'Road 3, Gulshan Avenue' });
    const found = async (text: string) =>
      ids((await browse(`location=${encodeURIComponent(text)}&limit=100`)).json().items);

    const bangla = await found('গুলশান');
    expect(bangla).toContain(inGulshan);
    expect(bangla).not.toContain(inBanani);
    const english = await found('gulshan');
    expect(english).toEqual(expect.arrayContaining([inGulshan, named]));
    expect(english).not.toContain(inBanani);
    expect(await found('Wordless Lane')).toEqual(expect.arrayContaining([inGulshan, inBanani]));
  });
});

type TypedRow = { type: ListingType; sqft: number | null; priceMin: number };

/** Creates one listing per row at the address, with the facts its type states, in order. */
async function createTypedListings<Row extends TypedRow>(location: string, rows: readonly Row[]) {
  const created: (Row & { id: string; order: number })[] = [];
  for (const [order, row] of rows.entries()) {
    const size =
      row.sqft === null
        ? { sizeValue: null, sizeUnit: null, sizeSqft: null }
        : { sizeValue: row.sqft, sizeSqft: row.sqft };
    const id = await createListing(t, agent, {
      location,
      priceMin: row.priceMin,
      priceMax: row.priceMin + 100_000,
      ...flat({ type: row.type, ...size }),
      ...(row.type === 'shop' || row.type === 'office'
        ? { bedrooms: null, bathrooms: null, floor: null, totalFloors: null }
        : {}),
    });
    created.push({ ...row, id, order });
  }
  return created;
}

describe('the sorts on a fact, page after page', () => {
  const address = 'Sortweg 5';
  const sizes = [1500, 900, null, 1500, 2400, null, 650];
  const created: { id: string; priceMin: number; sqft: number | null }[] = [];

  beforeAll(async () => {
    for (const [i, sqft] of sizes.entries()) {
      const priceMin = 6_000_000 + i * 750_000;
      const facts = sqft === null ? {} : flat({ sizeValue: sqft, sizeSqft: sqft });
      const id = await createListing(t, agent, {
        location: address,
        priceMin,
        priceMax: priceMin + 100_000,
        ...facts,
      });
      created.push({ id, priceMin, sqft });
    }
  });

  // Ties on the key go by id, in the sort's direction; listings without a size come last.
  const perSqft = (row: { priceMin: number; sqft: number | null }) =>
    row.sqft === null ? Number.POSITIVE_INFINITY : row.priceMin / row.sqft;
  const bySizeDesc = (a: (typeof created)[number], b: (typeof created)[number]) =>
    (b.sqft ?? Number.NEGATIVE_INFINITY) - (a.sqft ?? Number.NEGATIVE_INFINITY) ||
    b.id.localeCompare(a.id);
  const byPerSqftAsc = (a: (typeof created)[number], b: (typeof created)[number]) =>
    perSqft(a) - perSqft(b) || (perSqft(a) === perSqft(b) ? a.id.localeCompare(b.id) : 0);

  it.each([
    ['size', bySizeDesc],
    ['price_per_sqft', byPerSqftAsc],
  ] as const)('walks every %s page without duplicates or gaps', async (sort, order) => {
    for (const limit of [1, 2, 3]) {
      const walked = await walk(`location=Sortweg&sort=${sort}`, limit);
      expect(ids(walked)).toEqual(ids([...created].sort(order)));
    }
  });

  it.each(['newest', 'price_asc', 'price_desc'])(
    'walks %s pages of a filtered search without duplicates or gaps',
    async (sort) => {
      const whole = ids(await walk(`location=Sortweg&minBedrooms=3&sort=${sort}`, 100));
      expect(whole).toHaveLength(5);
      expect(ids(await walk(`location=Sortweg&minBedrooms=3&sort=${sort}`, 2))).toEqual(whole);
    },
  );

  it('refuses a forged fact-sort cursor with 400, and one from another sort', async () => {
    const first = (await browse('location=Sortweg&sort=size&limit=2')).json();
    const other = await browse(`location=Sortweg&sort=price_per_sqft&cursor=${first.nextCursor}`);
    expect(other.statusCode).toBe(400);
    for (const values of [
      ['size', 'big', '00000000-0000-4000-8000-000000000000'],
      ['size', '1e400', '00000000-0000-4000-8000-000000000000'],
      ['price_per_sqft', 12.5, 'not-an-id'],
    ]) {
      const forged = Buffer.from(JSON.stringify(values)).toString('base64url');
      const sort = values[0];
      expect((await browse(`sort=${sort}&cursor=${forged}`)).statusCode).toBe(400);
    }
  });
});

describe('several types, page after page', () => {
  // Each chosen type is walked on its own and the pages merged (ADR 33): the merged order
  // must be the one sort order across the types, ties on the key by id.
  const rows = [
    { type: 'apartment', sqft: 1500, priceMin: 7_000_000 },
    { type: 'house', sqft: 2400, priceMin: 5_000_000 },
    { type: 'shop', sqft: 650, priceMin: 7_000_000 },
    { type: 'house', sqft: 1500, priceMin: 9_500_000 },
    { type: 'apartment', sqft: 900, priceMin: 5_000_000 },
    { type: 'office', sqft: 1200, priceMin: 6_000_000 },
    { type: 'shop', sqft: 1500, priceMin: 4_000_000 },
  ] as const;
  let created: Awaited<ReturnType<typeof createTypedListings<(typeof rows)[number]>>>;

  beforeAll(async () => {
    created = await createTypedListings('Typenweg 3', rows);
  });

  type Created = (typeof created)[number];
  const byId = (a: Created, b: Created) => a.id.localeCompare(b.id);
  const orders: Record<string, (a: Created, b: Created) => number> = {
    newest: (a, b) => b.order - a.order,
    price_asc: (a, b) => a.priceMin - b.priceMin || byId(a, b),
    price_desc: (a, b) => b.priceMin - a.priceMin || byId(b, a),
    size: (a, b) => b.sqft - a.sqft || byId(b, a),
    price_per_sqft: (a, b) => a.priceMin / a.sqft - b.priceMin / b.sqft || byId(a, b),
  };

  it.each(Object.keys(orders))('walks %s pages across the types in one order', async (sort) => {
    const chosen = ['apartment', 'house', 'shop'];
    const expected = created.filter((row) => chosen.includes(row.type)).sort(orders[sort]);
    const query = `location=Typenweg&types=apartment&types=house&types=shop&sort=${sort}`;
    for (const limit of [1, 2, 4, 100]) {
      expect(ids(await walk(query, limit))).toEqual(ids(expected));
    }
  });
});

/**
 * Matches under a cap of 9 000 000 TK in several price bands, one exactly on it, dearer ones
 * in the cap's own band and above it, one without a size.
 */
const AROUND_A_CAP = [
  { type: 'apartment', sqft: 3000, priceMin: 24_000_000 },
  { type: 'apartment', sqft: 2500, priceMin: 9_000_000 },
  { type: 'house', sqft: 2200, priceMin: 8_999_999 },
  { type: 'apartment', sqft: 1800, priceMin: 4_000_000 },
  { type: 'apartment', sqft: 1800, priceMin: 600_000 },
  { type: 'house', sqft: 900, priceMin: 2_100_000 },
  { type: 'apartment', sqft: 700, priceMin: 9_100_000 },
  { type: 'apartment', sqft: null, priceMin: 1_000_000 },
] as const;
type AroundACap = Awaited<ReturnType<typeof createTypedListings<(typeof AROUND_A_CAP)[number]>>>;

describe('largest first within a budget, page after page', () => {
  // Walked one price band (power of two) at a time and merged (ADR 33).
  let created: AroundACap;

  beforeAll(async () => {
    created = await createTypedListings('Budgetweg 9', AROUND_A_CAP);
  });

  it.each([{ types: ['apartment'] }, { types: ['apartment', 'house'] }])(
    'walks $types under the cap, largest first, without duplicates or gaps',
    async ({ types }) => {
      const expected = created
        .filter((row) => types.includes(row.type) && row.priceMin <= 9_000_000)
        .sort(
          (a, b) =>
            (b.sqft ?? Number.NEGATIVE_INFINITY) - (a.sqft ?? Number.NEGATIVE_INFINITY) ||
            b.id.localeCompare(a.id),
        );
      const chosen = types.map((type) => `types=${type}`).join('&');
      for (const limit of [1, 2, 3, 100]) {
        const walked = await walk(`location=Budgetweg&${chosen}&maxPrice=9000000&sort=size`, limit);
        expect(ids(walked)).toEqual(ids(expected));
      }
    },
  );
});

describe('under a price cap few listings come under', () => {
  // Few listings of the chosen types under the cap are gathered through the price indexes
  // and sorted; many are walked in the sort's order (price-floors.ts, ADR 33). The floors are
  // read here with a gather limit of 1 (every cap above each type's cheapest listing: walked)
  // and of 10 000 (more than the database holds: gathered). The pages must be the same.
  let created: AroundACap;

  beforeAll(async () => {
    created = await createTypedListings('Capweg 4', AROUND_A_CAP);
  });
  afterAll(() => readPriceFloors(t.database.db));

  it.each(['newest', 'size', 'price_per_sqft'] as const)(
    'gives the same pages gathered as walked, sorted by %s',
    async (sort) => {
      const query = `location=Capweg&types=apartment&types=house&maxPrice=9000000&sort=${sort}`;
      const under = created.filter((row) => row.priceMin <= 9_000_000);
      // Page sizes of their own per road: answers are cached by address.
      const pagesBy = async (gatherLimit: number, limits: number[]) => {
        await readPriceFloors(t.database.db, gatherLimit);
        return Promise.all(limits.map(async (limit) => ids(await walk(query, limit))));
      };
      const [walked, ...walkedToo] = await pagesBy(1, [1, 3, 100]);
      const gathered = await pagesBy(10_000, [2, 4, 99]);
      expect([...(walked ?? [])].sort()).toEqual(ids(under).sort());
      for (const pages of [...walkedToo, ...gathered]) expect(pages).toEqual(walked);
    },
  );
});

describe('refused searches', () => {
  it.each([
    ['minBedrooms=-1', 'minBedrooms', 'listingSearch.minBedroomsInvalid'],
    ['minBathrooms=2.5', 'minBathrooms', 'listingSearch.minBathroomsInvalid'],
    ['minBedrooms=21', 'minBedrooms', 'listingSearch.minBedroomsInvalid'],
    ['types=castle', 'types.0', 'listingFacts.typeUnknown'],
    ['amenities=lift&amenities=jacuzzi', 'amenities.1', 'listingFacts.amenityUnknown'],
    ['minSize=0', 'minSize', 'listingSearch.sizeFilterInvalid'],
    ['minSize=big', 'minSize', 'listingSearch.sizeFilterInvalid'],
    ['minSize=10&maxSize=5', 'minSize', 'listingSearch.sizeFilterRange'],
    ['minSize=10&sizeUnit=acre', 'sizeUnit', 'listingFacts.sizeUnitUnknown'],
    ['completion=soon', 'completion', 'listingFacts.completionUnknown'],
    ['area=atlantis', 'area', 'listingLocation.areaUnknown'],
    ['division=sylhet&district=dhaka', 'district', 'listingLocation.districtOutsideDivision'],
    ['district=dhaka&area=agrabad', 'area', 'listingLocation.areaOutsideDistrict'],
  ])('answers 400 for %s, naming the field, on browse and counts', async (query, path, code) => {
    for (const response of [await browse(query), await counts(query)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, messageCode: code })]),
      );
    }
  });

  it('refuses an unknown sort on browse', async () => {
    const response = await browse('sort=biggest');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: 'sort' })]);
  });

  it('is for signed-in accounts, as browse is', async () => {
    expect((await call(t, null, 'GET', '/api/v1/listings/counts')).statusCode).toBe(401);
  });
});

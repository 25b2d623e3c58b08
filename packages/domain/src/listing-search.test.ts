import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  LISTING_SEARCH_COUNT_CAP,
  LISTING_SEARCH_SORTS,
  LISTING_TYPES,
  type ListingSearch,
  ListingSearchCountsSchema,
  ListingSearchQuerySchema,
  listingFactsMessages,
  listingLocationMessages,
  listingMessages,
  listingSearchFromParams,
  listingSearchParams,
  listingSearchMessages as messages,
  SIZE_UNITS,
  sizeWindowInSquareFeet,
} from './index.ts';

const issuesOf = (query: unknown) =>
  ListingSearchQuerySchema.safeParse(query).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

const fromLink = (query: string) => listingSearchFromParams(new URLSearchParams(query));

describe('the all-properties search query', () => {
  it('keeps the existing parameters with their meaning: empty means no filter, newest first', () => {
    expect(
      ListingSearchQuerySchema.parse({ location: ' ', minPrice: '', maxPrice: '', sort: '' }),
    ).toEqual({ limit: 20, sort: 'newest', sizeUnit: 'sqft' });
    expect(
      ListingSearchQuerySchema.parse({
        location: 'Gulshan',
        minPrice: '5000',
        maxPrice: '9000',
        sort: 'price_asc',
        cursor: 'abc',
        limit: '12',
      }),
    ).toEqual({
      location: 'Gulshan',
      minPrice: 5000,
      maxPrice: 9000,
      sort: 'price_asc',
      cursor: 'abc',
      limit: 12,
      sizeUnit: 'sqft',
    });
  });

  it('parses every new filter, repeated or comma-separated lists as sets in the catalog order', () => {
    expect(
      ListingSearchQuerySchema.parse({
        division: 'dhaka',
        district: 'dhaka',
        area: 'gulshan',
        types: ['duplex', 'apartment,duplex'],
        minBedrooms: '3',
        minBathrooms: '2',
        minSize: '1200',
        maxSize: '1800',
        amenities: 'parking,lift',
        completion: 'ready',
        sort: 'price_per_sqft',
      }),
    ).toMatchObject({
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
      types: ['apartment', 'duplex'],
      minBedrooms: 3,
      minBathrooms: 2,
      minSize: 1200,
      maxSize: 1800,
      sizeUnit: 'sqft',
      amenities: ['lift', 'parking'],
      completion: 'ready',
      sort: 'price_per_sqft',
    });
  });

  it('sorts by newest, price either way, price per square foot, or size', () => {
    expect(LISTING_SEARCH_SORTS).toEqual([
      'newest',
      'price_asc',
      'price_desc',
      'price_per_sqft',
      'size',
    ]);
    expect(ListingSearchQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });

  it.each([
    [{ minPrice: '9000', maxPrice: '5000' }, 'minPrice', listingMessages.filterPriceRange],
    [{ maxPrice: 'lots' }, 'maxPrice', listingMessages.filterMaxNotNumeric],
    [{ types: 'castle' }, 'types.0', listingFactsMessages.typeUnknown],
    [{ amenities: ['lift', 'helipad'] }, 'amenities.1', listingFactsMessages.amenityUnknown],
    [{ minBedrooms: '21' }, 'minBedrooms', messages.minBedroomsInvalid],
    [{ minBedrooms: 'two' }, 'minBedrooms', messages.minBedroomsInvalid],
    [{ minBathrooms: '1.5' }, 'minBathrooms', messages.minBathroomsInvalid],
    [{ minSize: '0' }, 'minSize', messages.sizeFilterInvalid],
    [{ maxSize: 'big' }, 'maxSize', messages.sizeFilterInvalid],
    [{ minSize: '10', maxSize: '5', sizeUnit: 'katha' }, 'minSize', messages.sizeFilterRange],
    [{ sizeUnit: 'acre' }, 'sizeUnit', listingFactsMessages.sizeUnitUnknown],
    [{ completion: 'soon' }, 'completion', listingFactsMessages.completionUnknown],
    [{ division: 'atlantis' }, 'division', listingLocationMessages.divisionUnknown],
    [{ district: 'atlantis' }, 'district', listingLocationMessages.districtUnknown],
    [{ area: 'atlantis' }, 'area', listingLocationMessages.areaUnknown],
    [{ area: 'x'.repeat(61) }, 'area', listingLocationMessages.areaUnknown],
    [
      { division: 'sylhet', district: 'dhaka' },
      'district',
      listingLocationMessages.districtOutsideDivision,
    ],
    [{ district: 'sylhet', area: 'gulshan' }, 'area', listingLocationMessages.areaOutsideDistrict],
  ])('refuses %j with a message on %s', (query, field, message) => {
    expect(issuesOf(query)?.[0]).toEqual([field, message]);
  });

  it('names both ends of an upside-down window', () => {
    expect(issuesOf({ minSize: '1800', maxSize: '1200' })).toEqual([
      ['minSize', messages.sizeFilterRange],
      ['maxSize', messages.sizeFilterRange],
    ]);
  });

  it('compares sizes in canonical square feet, whatever unit they were typed in', () => {
    expect(sizeWindowInSquareFeet({ minSize: 3, maxSize: 5, sizeUnit: 'katha' })).toEqual({
      min: 2160,
      max: 3600,
    });
    expect(sizeWindowInSquareFeet({ minSize: 1200, sizeUnit: 'sqft' })).toEqual({
      min: 1200,
      max: undefined,
    });
  });
});

describe('a search as a link', () => {
  it('writes the existing parameters exactly as before, so old links and new ones agree', () => {
    const link = 'location=Gulshan&minPrice=100&maxPrice=900&sort=price_asc';
    const { search, dropped } = fromLink(link);
    expect(dropped).toEqual([]);
    expect(listingSearchParams(search).toString()).toBe(link);
  });

  it('writes several values as repeated parameters and leaves defaults out', () => {
    const params = listingSearchParams({
      types: ['apartment', 'duplex'],
      minBedrooms: 3,
      minSize: 1200,
      maxSize: 1800,
      sizeUnit: 'sqft',
      amenities: ['lift'],
      area: 'gulshan',
      sort: 'newest',
    });
    expect(params.toString()).toBe(
      'area=gulshan&types=apartment&types=duplex&minBedrooms=3&minSize=1200&maxSize=1800&amenities=lift',
    );
    expect(listingSearchParams({ sizeUnit: 'katha' }).toString()).toBe('');
    expect(listingSearchParams({ minSize: 3, sizeUnit: 'katha' }).toString()).toBe(
      'minSize=3&sizeUnit=katha',
    );
  });

  it('reads back as the same search, for every filter', () => {
    const search: ListingSearch = {
      location: 'গুলশান',
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
      types: ['apartment', 'house'],
      minPrice: 10_000_000,
      maxPrice: 30_000_000,
      minBedrooms: 3,
      minBathrooms: 2,
      minSize: 2.5,
      maxSize: 10,
      sizeUnit: 'katha',
      amenities: ['lift', 'generator', 'cctv'],
      completion: 'under_construction',
      sort: 'size',
    };
    expect(fromLink(listingSearchParams(search).toString())).toEqual({ search, dropped: [] });
  });

  it('round-trips many random searches', () => {
    // A small deterministic generator: the same searches on every run.
    let seed = 19;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    const some = <T>(values: readonly T[]) => values.filter(() => next() < 0.3);
    for (let i = 0; i < 300; i++) {
      const minSize = next() < 0.5 ? Math.round(next() * 5000) + 1 : undefined;
      const types = some(LISTING_TYPES);
      const amenities = some(AMENITIES);
      const search = {
        ...(next() < 0.5 ? { location: pick(['Gulshan', 'Agrabad C/A', 'উত্তরা', 'a&b=c']) } : {}),
        ...(types.length ? { types } : {}),
        ...(amenities.length ? { amenities } : {}),
        ...(minSize ? { minSize, maxSize: minSize + 100 } : {}),
        ...(next() < 0.5 ? { minBedrooms: pick([0, 1, 3, 20]) } : {}),
        ...(next() < 0.5 ? { minPrice: 5000, maxPrice: pick([5000, 9_000_000]) } : {}),
        ...(next() < 0.3 ? { completion: pick(['ready', 'under_construction'] as const) } : {}),
        sizeUnit: minSize ? pick(SIZE_UNITS) : 'sqft',
        sort: pick(LISTING_SEARCH_SORTS),
      } as ListingSearch;
      expect(fromLink(listingSearchParams(search).toString()).search).toEqual(search);
    }
  });

  it('reads an old or hand-edited link leniently: a bad parameter is dropped and named', () => {
    expect(fromLink('location=Mirpur&minPrice=9000&maxPrice=5000&types=castle,flat')).toEqual({
      search: { location: 'Mirpur', sizeUnit: 'sqft', sort: 'newest' },
      dropped: ['types', 'minPrice', 'maxPrice'],
    });
    expect(fromLink('sort=cheapest&cursor=x&limit=5&utm_source=mail')).toEqual({
      search: { sizeUnit: 'sqft', sort: 'newest' },
      dropped: ['sort'],
    });
    expect(fromLink('district=sylhet&area=gulshan').dropped).toEqual(['area']);
  });
});

describe('search counts', () => {
  it('count every type, so a type nobody listed shows 0 rather than nothing', () => {
    const byType = Object.fromEntries(LISTING_TYPES.map((type, i) => [type, i * 10]));
    expect(ListingSearchCountsSchema.parse({ total: 1234, byType })).toEqual({
      total: 1234,
      byType,
    });
    const { plot: _plot, ...withoutPlots } = byType;
    expect(ListingSearchCountsSchema.safeParse({ total: 1, byType: withoutPlots }).success).toBe(
      false,
    );
  });

  it('says when counting stopped at the cap', () => {
    const byType = Object.fromEntries(LISTING_TYPES.map((type) => [type, 0]));
    expect(
      ListingSearchCountsSchema.parse({ total: LISTING_SEARCH_COUNT_CAP, byType, capped: true }),
    ).toMatchObject({ total: 10_000, capped: true });
    expect(ListingSearchCountsSchema.safeParse({ total: 1, byType, capped: 'yes' }).success).toBe(
      false,
    );
  });
});

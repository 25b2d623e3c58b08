import { describe, expect, it } from 'vitest';
import {
  isPublicListing,
  ListingBrowseQuerySchema,
  ListingFieldsSchema,
  listingFactsMessages,
  listingFactsOf,
  listingLocationMessages,
  listingMessages,
  listingPhoto,
  listingPlaceOf,
  RejectListingInputSchema,
} from './index.ts';

const valid = {
  title: 'Lake-view flat',
  location: 'Gulshan 2, Dhaka',
  description: 'Three bedrooms.',
  priceMin: '5000',
  priceMax: '5100',
  type: 'apartment',
  bedrooms: '3',
  bathrooms: '2',
  size: '1450',
  completion: 'ready',
  division: 'dhaka',
  district: 'dhaka',
  area: 'gulshan',
};
/** The facts of `valid` as the schema gives them. */
const parsedFacts = {
  type: 'apartment',
  bedrooms: 3,
  bathrooms: 2,
  size: 1450,
  sizeUnit: 'sqft',
  completion: 'ready',
  amenities: [],
  division: 'dhaka',
  district: 'dhaka',
  area: 'gulshan',
};
const messagesOf = (input: unknown) =>
  ListingFieldsSchema.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('listing fields', () => {
  it('parses form strings into trimmed text and whole taka', () => {
    expect(ListingFieldsSchema.parse({ ...valid, title: '  Flat  ', priceMin: ' 5000 ' })).toEqual({
      ...valid,
      ...parsedFacts,
      title: 'Flat',
      priceMin: 5000,
      priceMax: 5100,
    });
  });

  it('reads prices, rooms and sizes typed in Bangla digits, with lakh commas', () => {
    expect(
      ListingFieldsSchema.parse({
        ...valid,
        priceMin: '৫০,০০,০০০',
        priceMax: '৫৫,০০,০০০',
        bedrooms: '৩',
        size: '১,৪৫০',
      }),
    ).toEqual({ ...valid, ...parsedFacts, priceMin: 5_000_000, priceMax: 5_500_000 });
  });

  it('names every wrong fact and place in one answer, beside the other fields', () => {
    expect(
      messagesOf({
        ...valid,
        title: '',
        type: 'plot',
        sizeUnit: 'katha',
        district: 'sylhet',
        area: 'agrabad',
      }),
    ).toEqual([
      ['title', listingMessages.titleRequired],
      ['bedrooms', listingFactsMessages.bedroomsOnPlot],
      ['bathrooms', listingFactsMessages.bathroomsOnPlot],
      ['completion', listingFactsMessages.completionOnPlot],
      ['district', listingLocationMessages.districtOutsideDivision],
      ['area', listingLocationMessages.areaOutsideDistrict],
    ]);
  });

  it('reports the price range while facts are still missing', () => {
    const { type, ...noType } = valid;
    expect(messagesOf({ ...noType, priceMin: '6000' })).toEqual([
      ['type', listingFactsMessages.typeRequired],
      ['priceMin', listingMessages.priceRange],
    ]);
  });

  it('requires the facts and the place of every listing', () => {
    const { type, size, division, district, ...rest } = valid;
    expect(messagesOf(rest)).toEqual([
      ['type', listingFactsMessages.typeRequired],
      ['size', listingFactsMessages.sizeRequired],
      ['division', listingLocationMessages.divisionRequired],
      ['district', listingLocationMessages.districtRequired],
    ]);
  });

  it('takes a form stating no fact and no place: facts not stated, location to complete', () => {
    const { type, bedrooms, bathrooms, size, completion, division, district, area, ...spec } =
      valid;
    const parsed = ListingFieldsSchema.parse({ ...spec, sizeUnit: '', amenities: '', area: ' ' });
    expect(listingFactsOf(parsed)).toBeNull();
    expect(listingPlaceOf(parsed)).toBeNull();
    expect(listingFactsOf(ListingFieldsSchema.parse(valid))?.type).toBe('apartment');
    expect(listingPlaceOf(ListingFieldsSchema.parse(valid))).toEqual({
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
    });
  });

  it('requires the type and size as soon as any fact is stated, and the division and district as soon as any place is', () => {
    const { type, bedrooms, bathrooms, size, completion, division, district, area, ...spec } =
      valid;
    expect(messagesOf({ ...spec, bedrooms: '3' })).toEqual([
      ['type', listingFactsMessages.typeRequired],
      ['size', listingFactsMessages.sizeRequired],
    ]);
    expect(messagesOf({ ...spec, amenities: ['lift'], area: 'gulshan' })).toEqual([
      ['type', listingFactsMessages.typeRequired],
      ['size', listingFactsMessages.sizeRequired],
      ['division', listingLocationMessages.divisionRequired],
      ['district', listingLocationMessages.districtRequired],
    ]);
    // A fact given but refused on its own still states that facts are being given.
    expect(messagesOf({ ...spec, bedrooms: 'many', district: 'x'.repeat(61) })).toEqual([
      ['bedrooms', listingFactsMessages.bedroomsInvalid],
      ['district', listingLocationMessages.districtUnknown],
      ['type', listingFactsMessages.typeRequired],
      ['size', listingFactsMessages.sizeRequired],
      ['division', listingLocationMessages.divisionRequired],
    ]);
  });

  it.each([
    [{ title: ' ' }, 'title', listingMessages.titleRequired],
    [{ title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters long.'],
    [{ location: '' }, 'location', listingMessages.locationRequired],
    [{ location: 'x'.repeat(121) }, 'location', 'Location must be at most 120 characters long.'],
    [{ description: '' }, 'description', listingMessages.descriptionRequired],
    [
      { description: 'x'.repeat(5001) },
      'description',
      'Description must be at most 5000 characters long.',
    ],
    [{ priceMin: 'abc' }, 'priceMin', 'Price cannot be a string'],
    [{ priceMax: 'abc' }, 'priceMax', 'Price cannot be a string'],
    [{ priceMin: '' }, 'priceMin', 'Minimum price is required.'],
    [{ priceMax: undefined }, 'priceMax', 'Maximum price is required.'],
    [{ priceMin: '6000' }, 'priceMin', 'Minimum price must be less than maximum price'],
    [{ priceMin: '5100' }, 'priceMin', 'Minimum price must be less than maximum price'],
  ])('%j → %s: %s', (change, path, message) => {
    expect(messagesOf({ ...valid, ...change })).toEqual([[path, message]]);
  });

  it('reports the price range next to other field errors, and refuses unknown fields', () => {
    expect(messagesOf({ ...valid, title: '', priceMin: '6000' })).toEqual([
      ['title', listingMessages.titleRequired],
      ['priceMin', listingMessages.priceRange],
    ]);
    expect(ListingFieldsSchema.safeParse({ ...valid, status: 'verified' }).success).toBe(false);
  });
});

describe('browse query', () => {
  it('treats empty fields as no filter and defaults to newest first', () => {
    expect(ListingBrowseQuerySchema.parse({ location: ' ', minPrice: '', maxPrice: '' })).toEqual({
      limit: 20,
      sort: 'newest',
    });
  });

  it('refuses an upside-down price window and text prices', () => {
    const upsideDown = ListingBrowseQuerySchema.safeParse({ minPrice: '9000', maxPrice: '5000' });
    expect(upsideDown.error?.issues[0]?.message).toBe(
      'The minimum price must not be more than the maximum price.',
    );
    expect(ListingBrowseQuerySchema.safeParse({ maxPrice: 'lots' }).error?.issues[0]?.message).toBe(
      'Maximum price must be a number.',
    );
    expect(ListingBrowseQuerySchema.parse({ minPrice: '5000', maxPrice: '5000' })).toMatchObject({
      minPrice: 5000,
      maxPrice: 5000,
    });
  });
});

describe('rejection reason', () => {
  it('is optional, trimmed, blank means none, at most 500 characters', () => {
    expect(RejectListingInputSchema.parse({})).toEqual({});
    expect(RejectListingInputSchema.parse({ reason: '   ' }).reason).toBeUndefined();
    expect(RejectListingInputSchema.parse({ reason: ' Blurry ' }).reason).toBe('Blurry');
    expect(RejectListingInputSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('listing photo', () => {
  it('describes every variant for srcset and the largest as the default', () => {
    expect(listingPhoto('listing-photos/abc', 1200, 800)).toEqual({
      url: '/media/listing-photos/abc-1200.webp',
      srcset:
        '/media/listing-photos/abc-400.webp 400w, /media/listing-photos/abc-800.webp 800w, /media/listing-photos/abc-1200.webp 1200w',
      width: 1200,
      height: 800,
    });
  });
});

describe('public listing', () => {
  it('is verified, unsold and listed; anything else is not public', () => {
    const listing = { status: 'verified', sold: false, delisted: false } as const;
    expect(isPublicListing(listing)).toBe(true);
    expect(isPublicListing({ ...listing, status: 'pending' })).toBe(false);
    expect(isPublicListing({ ...listing, status: 'rejected' })).toBe(false);
    expect(isPublicListing({ ...listing, sold: true })).toBe(false);
    expect(isPublicListing({ ...listing, delisted: true })).toBe(false);
  });
});

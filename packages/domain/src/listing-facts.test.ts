import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  factApplies,
  LISTING_TYPES,
  ListingCardFactsSchema,
  ListingFactsInputSchema,
  ListingFactsSchema,
  listingFactsOf,
  messageCodeOf,
  listingFactsMessages as messages,
  NOT_STATED_FACTS,
  pricePerSquareFoot,
  sizeInUnit,
  squareFeetOf,
} from './index.ts';

const apartment = {
  type: 'apartment',
  bedrooms: '3',
  bathrooms: '3',
  size: '1450',
  sizeUnit: 'sqft',
  floor: '5',
  totalFloors: '9',
  facing: 'south',
  completion: 'ready',
  furnishing: 'semi_furnished',
  amenities: ['lift', 'generator'],
};
const plot = { type: 'plot', size: '5', sizeUnit: 'katha', facing: 'north_east' };

const issuesOf = (input: unknown) =>
  ListingFactsInputSchema.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('listing facts input', () => {
  it('parses form strings (and Bangla digits) into numbers, and keeps the chosen unit', () => {
    expect(ListingFactsInputSchema.parse({ ...apartment, bathrooms: '২' })).toEqual({
      type: 'apartment',
      bedrooms: 3,
      bathrooms: 2,
      size: 1450,
      sizeUnit: 'sqft',
      floor: 5,
      totalFloors: 9,
      facing: 'south',
      completion: 'ready',
      furnishing: 'semi_furnished',
      amenities: ['lift', 'generator'],
    });
    expect(ListingFactsInputSchema.parse(plot)).toEqual({
      type: 'plot',
      size: 5,
      sizeUnit: 'katha',
      facing: 'north_east',
      amenities: [],
    });
  });

  it('takes JSON numbers, defaults the unit to square feet and treats blank fields as not given', () => {
    const parsed = ListingFactsInputSchema.parse({
      type: 'shop',
      size: 320.5,
      sizeUnit: '',
      bedrooms: '',
      facing: ' ',
      completion: 'under_construction',
      handoverMonth: '2027-06',
    });
    expect(parsed).toEqual({
      type: 'shop',
      size: 320.5,
      sizeUnit: 'sqft',
      completion: 'under_construction',
      handoverMonth: '2027-06',
      amenities: [],
    });
  });

  it('reads amenities as a set from a list, a repeated field or one comma-separated field', () => {
    const amenitiesOf = (amenities: unknown) =>
      ListingFactsInputSchema.parse({ ...apartment, amenities }).amenities;
    expect(amenitiesOf('parking, lift,lift')).toEqual(['lift', 'parking']);
    expect(amenitiesOf(['cctv', 'gym', 'cctv'])).toEqual(['cctv', 'gym']);
    expect(amenitiesOf(undefined)).toEqual([]);
    expect(amenitiesOf([...AMENITIES].reverse())).toEqual([...AMENITIES]);
  });

  it.each([
    [{ type: undefined }, 'type', messages.typeRequired],
    [{ type: 'castle' }, 'type', messages.typeUnknown],
    [{ bedrooms: undefined }, 'bedrooms', messages.bedroomsRequired],
    [{ bathrooms: '' }, 'bathrooms', messages.bathroomsRequired],
    [{ bedrooms: '21' }, 'bedrooms', messages.bedroomsInvalid],
    [{ bedrooms: '-1' }, 'bedrooms', messages.bedroomsInvalid],
    [{ bedrooms: '2.5' }, 'bedrooms', messages.bedroomsInvalid],
    [{ bathrooms: 'two' }, 'bathrooms', messages.bathroomsInvalid],
    [{ size: '' }, 'size', messages.sizeRequired],
    [{ size: '0' }, 'size', messages.sizeInvalid],
    [{ size: '-40' }, 'size', messages.sizeInvalid],
    [{ size: '1450.125' }, 'size', messages.sizeInvalid],
    [{ size: 'large' }, 'size', messages.sizeInvalid],
    [{ size: '10000001' }, 'size', messages.sizeTooLarge],
    [{ sizeUnit: 'acre' }, 'sizeUnit', messages.sizeUnitUnknown],
    [{ sizeUnit: 'katha' }, 'sizeUnit', messages.landUnitOnBuiltSpace],
    [{ floor: '201', totalFloors: '9' }, 'floor', messages.floorInvalid],
    [{ totalFloors: '0' }, 'totalFloors', messages.totalFloorsInvalid],
    [{ floor: '10' }, 'floor', messages.floorAboveTotal],
    [{ totalFloors: undefined }, 'totalFloors', messages.totalFloorsRequired],
    [{ facing: 'up' }, 'facing', messages.facingUnknown],
    [{ completion: undefined }, 'completion', messages.completionRequired],
    [{ completion: 'soon' }, 'completion', messages.completionUnknown],
    [{ handoverMonth: '2027-06' }, 'handoverMonth', messages.handoverOnReady],
    [{ completion: 'under_construction' }, 'handoverMonth', messages.handoverRequired],
    [
      { completion: 'under_construction', handoverMonth: '2027-13' },
      'handoverMonth',
      messages.handoverInvalid,
    ],
    [
      { completion: 'under_construction', handoverMonth: 'June 2027' },
      'handoverMonth',
      messages.handoverInvalid,
    ],
    [{ furnishing: 'half' }, 'furnishing', messages.furnishingUnknown],
    [{ amenities: ['lift', 'helipad'] }, 'amenities', messages.amenityUnknown],
  ])('refuses an apartment with %j: %s', (change, field, message) => {
    expect(issuesOf({ ...apartment, ...change })).toEqual([[field, message]]);
  });

  it.each([
    [{ bedrooms: '2' }, 'bedrooms', messages.bedroomsOnPlot],
    [{ bathrooms: '0' }, 'bathrooms', messages.bathroomsOnPlot],
    [{ floor: '0', totalFloors: '1' }, 'floor', messages.floorNotApplicable],
    [{ completion: 'ready' }, 'completion', messages.completionOnPlot],
    [{ handoverMonth: '2027-01' }, 'handoverMonth', messages.handoverOnReady],
    [{ furnishing: 'furnished' }, 'furnishing', messages.furnishingOnPlot],
    [{ amenities: 'parking' }, 'amenities', messages.amenitiesOnPlot],
    [{ size: '1000', sizeUnit: 'bigha' }, 'size', messages.sizeTooLarge],
  ])('refuses a plot with %j: %s', (change, field, message) => {
    const issues = issuesOf({ ...plot, ...change }) ?? [];
    expect(issues[0]).toEqual([field, message]);
    // A floor without floors is refused on both fields; every other rule names one field.
    expect(issues.length).toBe(field === 'floor' ? 2 : 1);
  });

  it('lets a plot be measured in any unit, and refuses land units on every built type', () => {
    for (const sizeUnit of ['sqft', 'katha', 'decimal', 'bigha']) {
      expect(ListingFactsInputSchema.safeParse({ ...plot, sizeUnit }).success, sizeUnit).toBe(true);
    }
    for (const type of LISTING_TYPES.filter((type) => type !== 'plot')) {
      const built = { type, size: '2', sizeUnit: 'decimal', completion: 'ready' };
      expect(issuesOf({ ...built, bedrooms: '1', bathrooms: '1' }), type).toEqual([
        ['sizeUnit', messages.landUnitOnBuiltSpace],
      ]);
    }
  });

  it('asks bedrooms and bathrooms of homes only, and a floor of apartments and offices only', () => {
    for (const type of ['house', 'duplex']) {
      expect(issuesOf({ type, size: '2400', completion: 'ready' }), type).toEqual([
        ['bedrooms', messages.bedroomsRequired],
        ['bathrooms', messages.bathroomsRequired],
      ]);
    }
    for (const type of ['commercial', 'office', 'shop']) {
      expect(issuesOf({ type, size: '900', completion: 'ready' }), type).toBeUndefined();
    }
    const office = { type: 'office', size: '900', completion: 'ready' };
    expect(issuesOf({ ...office, floor: '0', totalFloors: '12' })).toBeUndefined();
    expect(issuesOf({ ...office, floor: '12', totalFloors: '12' })).toBeUndefined();
    expect(issuesOf({ type: 'shop', size: '300', completion: 'ready', floor: '1' })).toEqual([
      ['floor', messages.floorNotApplicable],
    ]);
  });

  it('names every wrong field at once, even next to a field that failed on its own', () => {
    expect(
      issuesOf({
        ...apartment,
        bedrooms: 'many',
        size: 'big',
        floor: '10',
        handoverMonth: '2027-06',
      }),
    ).toEqual([
      ['bedrooms', messages.bedroomsInvalid],
      ['size', messages.sizeInvalid],
      ['floor', messages.floorAboveTotal],
      ['handoverMonth', messages.handoverOnReady],
    ]);
  });

  it('refuses fields it does not know', () => {
    expect(issuesOf({ ...apartment, pricePerSqft: '9000' })?.[0]?.[0]).toBe('');
  });

  it('gives every message a listingFacts code', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(messageCodeOf(text)).toBe(`listingFacts.${key}`);
    }
  });
});

describe('sizes', () => {
  it('convert land units to canonical square feet: 1 katha = 720, 1 decimal = 435.6, 1 bigha = 20 katha', () => {
    expect(squareFeetOf(1450, 'sqft')).toBe(1450);
    expect(squareFeetOf(1, 'katha')).toBe(720);
    expect(squareFeetOf(5, 'katha')).toBe(3600);
    expect(squareFeetOf(1, 'decimal')).toBe(435.6);
    expect(squareFeetOf(3.5, 'decimal')).toBe(1524.6);
    expect(squareFeetOf(1, 'bigha')).toBe(14_400);
    expect(squareFeetOf(1, 'bigha')).toBe(squareFeetOf(20, 'katha'));
    expect(squareFeetOf(2.25, 'katha')).toBe(1620);
  });

  it('express square feet in a chosen unit, the way a filter typed in katha compares', () => {
    expect(sizeInUnit(3600, 'katha')).toBe(5);
    expect(sizeInUnit(1524.6, 'decimal')).toBe(3.5);
    expect(sizeInUnit(14_400, 'bigha')).toBe(1);
    expect(sizeInUnit(1000, 'katha')).toBe(1.39);
  });
});

describe('price per square foot', () => {
  it('divides the price range by the canonical size, in whole taka', () => {
    expect(pricePerSquareFoot({ min: 14_500_000, max: 16_000_000 }, 1450)).toEqual({
      min: 10_000,
      max: 11_034,
    });
    expect(
      pricePerSquareFoot({ min: 36_000_000, max: 40_000_000 }, squareFeetOf(5, 'katha')),
    ).toEqual({ min: 10_000, max: 11_111 });
  });

  it('is not stated when the size is not', () => {
    expect(pricePerSquareFoot({ min: 5000, max: 5100 }, null)).toBeNull();
    expect(pricePerSquareFoot({ min: 5000, max: 5100 }, 0)).toBeNull();
  });
});

describe('stored facts', () => {
  it('keep the unit the agent chose beside the canonical square feet, and null for what was not given', () => {
    const facts = listingFactsOf(ListingFactsInputSchema.parse(plot));
    expect(facts).toEqual({
      ...NOT_STATED_FACTS,
      type: 'plot',
      size: { value: 5, unit: 'katha', squareFeet: 3600 },
      facing: 'north_east',
      amenities: [],
    });
    expect(ListingFactsSchema.parse(facts)).toEqual(facts);
  });

  it('give a card the type, rooms and size, and nothing else', () => {
    const facts = listingFactsOf(ListingFactsInputSchema.parse(apartment));
    expect(ListingCardFactsSchema.parse(facts)).toEqual({
      type: 'apartment',
      bedrooms: 3,
      bathrooms: 3,
      size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
    });
  });

  it('mark every fact of a listing from before facts as not stated, which the API can answer', () => {
    expect(Object.values(NOT_STATED_FACTS).every((value) => value === null)).toBe(true);
    expect(ListingFactsSchema.parse(NOT_STATED_FACTS)).toEqual(NOT_STATED_FACTS);
    expect(Object.isFrozen(NOT_STATED_FACTS)).toBe(true);
  });

  it('say which facts a type shows: a plot shows no bedrooms, only apartments and offices a floor', () => {
    expect(factApplies('plot', 'bedrooms')).toBe(false);
    expect(factApplies('plot', 'size')).toBe(true);
    expect(factApplies('plot', 'facing')).toBe(true);
    expect(factApplies('plot', 'amenities')).toBe(false);
    expect(factApplies('apartment', 'floor')).toBe(true);
    expect(factApplies('office', 'totalFloors')).toBe(true);
    expect(factApplies('house', 'floor')).toBe(false);
    expect(factApplies('shop', 'bedrooms')).toBe(true);
    // With the type itself not stated, every fact is shown, as "not stated".
    expect(factApplies(null, 'floor')).toBe(true);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import {
  listingFactsMessages as facts,
  type ListingDetails,
  messageCodeOf,
  NOT_STATED_FACTS,
  listingLocationMessages as places,
} from '@basha/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { addListing, call, updateListing, validFields } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { listing } from '../../db/schema.ts';

// The property facts and the structured location through the add/update form (ADR 29).

let t: TestApp;
let agent: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, admin] = await Promise.all([createAccount(t, 'agent'), createAccount(t, 'admin')]);
});
afterAll(() => t.close());

/** What the agent has stored: rows of listings and photo files. */
async function stored() {
  const [rows] = await t.database.db
    .select({ n: count() })
    .from(listing)
    .where(eq(listing.agentId, agent.id));
  const files = await fs
    .readdir(path.join(t.dataDir, 'media', 'listing-photos'))
    .catch(() => [] as string[]);
  return { rows: rows?.n, files: files.length };
}

const plot = {
  ...validFields,
  type: 'plot',
  bedrooms: '',
  bathrooms: '',
  completion: '',
  size: '5',
  sizeUnit: 'katha',
  division: 'dhaka',
  district: 'narayanganj',
  area: 'purbachal',
};
/** The fields the spec's API contract knows: no fact, no place. */
const specFields = {
  title: validFields.title,
  location: validFields.location,
  description: validFields.description,
  priceMin: validFields.priceMin,
  priceMax: validFields.priceMax,
};
const office = { ...validFields, type: 'office', bedrooms: '', bathrooms: '' };

/** [what is wrong, form, field, message]: each alone on a form that is otherwise good. */
const refusals: [string, Record<string, string>, string, string][] = [
  ['no type', { ...validFields, type: '' }, 'type', facts.typeRequired],
  ['an unknown type', { ...validFields, type: 'castle' }, 'type', facts.typeUnknown],
  ['no bedrooms on a flat', { ...validFields, bedrooms: '' }, 'bedrooms', facts.bedroomsRequired],
  [
    'no bathrooms on a house',
    { ...validFields, type: 'house', bathrooms: '' },
    'bathrooms',
    facts.bathroomsRequired,
  ],
  ['21 bedrooms', { ...validFields, bedrooms: '21' }, 'bedrooms', facts.bedroomsInvalid],
  ['2.5 bathrooms', { ...validFields, bathrooms: '2.5' }, 'bathrooms', facts.bathroomsInvalid],
  ['negative bedrooms', { ...validFields, bedrooms: '-1' }, 'bedrooms', facts.bedroomsInvalid],
  ['bedrooms on a plot', { ...plot, bedrooms: '2' }, 'bedrooms', facts.bedroomsOnPlot],
  ['bathrooms on a plot', { ...plot, bathrooms: '1' }, 'bathrooms', facts.bathroomsOnPlot],
  ['no size', { ...validFields, size: '' }, 'size', facts.sizeRequired],
  ['a zero size', { ...validFields, size: '0' }, 'size', facts.sizeInvalid],
  ['a text size', { ...validFields, size: 'big' }, 'size', facts.sizeInvalid],
  ['three decimals', { ...validFields, size: '1450.125' }, 'size', facts.sizeInvalid],
  ['a huge plot', { ...plot, size: '1000', sizeUnit: 'bigha' }, 'size', facts.sizeTooLarge],
  ['an unknown unit', { ...validFields, sizeUnit: 'acre' }, 'sizeUnit', facts.sizeUnitUnknown],
  [
    'katha for a flat',
    { ...validFields, sizeUnit: 'katha' },
    'sizeUnit',
    facts.landUnitOnBuiltSpace,
  ],
  [
    'a floor above the building',
    { ...validFields, floor: '9', totalFloors: '8' },
    'floor',
    facts.floorAboveTotal,
  ],
  [
    'a floor without total floors',
    { ...office, floor: '3' },
    'totalFloors',
    facts.totalFloorsRequired,
  ],
  [
    'a floor on a house',
    { ...validFields, type: 'house', floor: '1' },
    'floor',
    facts.floorNotApplicable,
  ],
  ['a text floor', { ...validFields, floor: 'top', totalFloors: '8' }, 'floor', facts.floorInvalid],
  [
    'zero total floors',
    { ...validFields, totalFloors: '0' },
    'totalFloors',
    facts.totalFloorsInvalid,
  ],
  ['an unknown facing', { ...validFields, facing: 'up' }, 'facing', facts.facingUnknown],
  ['no completion', { ...validFields, completion: '' }, 'completion', facts.completionRequired],
  ['completion on a plot', { ...plot, completion: 'ready' }, 'completion', facts.completionOnPlot],
  [
    'a handover month on a ready building',
    { ...validFields, handoverMonth: '2027-06' },
    'handoverMonth',
    facts.handoverOnReady,
  ],
  [
    'no handover month under construction',
    { ...validFields, completion: 'under_construction' },
    'handoverMonth',
    facts.handoverRequired,
  ],
  [
    'a thirteenth month',
    { ...validFields, completion: 'under_construction', handoverMonth: '2027-13' },
    'handoverMonth',
    facts.handoverInvalid,
  ],
  [
    'an unknown furnishing',
    { ...validFields, furnishing: 'bare' },
    'furnishing',
    facts.furnishingUnknown,
  ],
  [
    'furnishing on a plot',
    { ...plot, furnishing: 'furnished' },
    'furnishing',
    facts.furnishingOnPlot,
  ],
  [
    'an unknown amenity',
    { ...validFields, amenities: 'lift,moat' },
    'amenities',
    facts.amenityUnknown,
  ],
  ['amenities on a plot', { ...plot, amenities: 'lift' }, 'amenities', facts.amenitiesOnPlot],
  ['no division', { ...validFields, division: '' }, 'division', places.divisionRequired],
  [
    'an unknown division',
    { ...validFields, division: 'atlantis' },
    'division',
    places.divisionUnknown,
  ],
  ['no district', { ...validFields, district: '' }, 'district', places.districtRequired],
  [
    'an unknown district',
    { ...validFields, district: 'gotham' },
    'district',
    places.districtUnknown,
  ],
  [
    'a district of another division',
    { ...validFields, district: 'sylhet', area: '' },
    'district',
    places.districtOutsideDivision,
  ],
  ['an unknown area', { ...validFields, area: 'narnia' }, 'area', places.areaUnknown],
  [
    'an area of another district',
    { ...validFields, area: 'agrabad' },
    'area',
    places.areaOutsideDistrict,
  ],
];

describe('a form with a wrong fact or place', () => {
  it.each(refusals)(
    'refuses %s with 400 and the field’s message code, storing nothing',
    async (_label, form, field, message) => {
      const before = await stored();
      const response = await addListing(t, agent, form);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: field, message, messageCode: messageCodeOf(message) },
      ]);
      expect(messageCodeOf(message)).toMatch(/^listing(Facts|Location)\./);
      expect(await stored()).toEqual(before);
    },
  );

  it('names every wrong field of an inconsistent plot in one answer', async () => {
    const before = await stored();
    const response = await addListing(t, agent, {
      ...plot,
      bedrooms: '3',
      completion: 'under_construction',
      handoverMonth: '2027-06',
      floor: '2',
      totalFloors: '4',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['bedrooms', 'completion', 'floor', 'totalFloors'].sort());
    expect(await stored()).toEqual(before);
  });

  it('refuses an update with a wrong fact and keeps the listing as it was', async () => {
    const created: ListingDetails = (await addListing(t, agent)).json();
    const response = await updateListing(t, agent, created.id, {
      ...validFields,
      title: 'Changed',
      bedrooms: '3',
      type: 'plot',
    });
    expect(response.statusCode).toBe(400);
    const after = await call(t, agent, 'GET', `/api/v1/listings/${created.id}`);
    expect(after.json()).toMatchObject({ title: created.title, facts: created.facts });
  });
});

describe('good facts', () => {
  it.each([
    ['sqft', { ...validFields, size: '1450' }, 1450, 'sqft', 1450],
    ['katha', plot, 5, 'katha', 3600],
    ['decimal', { ...plot, size: '16.5', sizeUnit: 'decimal' }, 16.5, 'decimal', 7187.4],
    ['bigha', { ...plot, size: '1.25', sizeUnit: 'bigha' }, 1.25, 'bigha', 18000],
    ['Bangla digits', { ...validFields, size: '১২৫০', bedrooms: '৩' }, 1250, 'sqft', 1250],
  ])(
    'keep the unit the agent chose (%s) and the canonical square feet',
    async (_unit, form, value, unit, squareFeet) => {
      const response = await addListing(t, agent, form);
      expect(response.statusCode).toBe(201);
      const created: ListingDetails = response.json();
      expect(created.facts.size).toEqual({ value, unit, squareFeet });
      const [row] = await t.database.db
        .select({
          sizeValue: listing.sizeValue,
          sizeUnit: listing.sizeUnit,
          sizeSqft: listing.sizeSqft,
        })
        .from(listing)
        .where(eq(listing.id, created.id));
      expect(row).toEqual({ sizeValue: value, sizeUnit: unit, sizeSqft: squareFeet });
    },
  );

  it('come back whole on the details, the managed lists and the cards', async () => {
    const form = {
      ...validFields,
      priceMin: '14500000',
      priceMax: '16000000',
      size: '1450',
      floor: '7',
      totalFloors: '12',
      facing: 'south_east',
      completion: 'under_construction',
      handoverMonth: '2027-06',
      furnishing: 'semi_furnished',
      amenities: 'generator,lift,lift,cctv',
    };
    const created: ListingDetails = (await addListing(t, agent, form)).json();
    const expectedFacts = {
      type: 'apartment',
      bedrooms: 3,
      bathrooms: 2,
      size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
      floor: 7,
      totalFloors: 12,
      facing: 'south_east',
      completion: 'under_construction',
      handoverMonth: '2027-06',
      furnishing: 'semi_furnished',
      // A set, in the catalog's order.
      amenities: ['lift', 'generator', 'cctv'],
    };
    const place = { division: 'dhaka', district: 'dhaka', area: 'gulshan' };
    // 14 500 000 / 1 450 = 10 000; 16 000 000 / 1 450 = 11 034.48…
    const pricePerSqft = { min: 10000, max: 11034 };
    expect(created).toMatchObject({ facts: expectedFacts, place, pricePerSqft });

    const mine = (await call(t, agent, 'GET', '/api/v1/listings/mine')).json();
    expect(mine.items.find((item: { id: string }) => item.id === created.id)).toMatchObject({
      facts: expectedFacts,
      place,
      pricePerSqft,
    });

    await call(t, admin, 'POST', `/api/v1/listings/${created.id}/verify`);
    const browse = (await call(t, admin, 'GET', '/api/v1/listings?limit=50')).json();
    const card = browse.items.find((item: { id: string }) => item.id === created.id);
    expect(card.facts).toEqual({
      type: 'apartment',
      bedrooms: 3,
      bathrooms: 2,
      size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
    });
  });

  it('a plot leaves its rooms and building out, and an update changes the facts', async () => {
    const created: ListingDetails = (await addListing(t, agent)).json();
    const response = await updateListing(t, agent, created.id, plot);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      facts: {
        type: 'plot',
        bedrooms: null,
        bathrooms: null,
        completion: null,
        size: { value: 5, unit: 'katha', squareFeet: 3600 },
        amenities: [],
      },
      place: { division: 'dhaka', district: 'narayanganj', area: 'purbachal' },
      // 5000 / 3600 and 5100 / 3600, rounded to whole taka.
      pricePerSqft: { min: 1, max: 1 },
    });
  });
});

describe('a listing from before facts existed', () => {
  it('answers every fact as not stated, no price per square foot and a place to complete', async () => {
    const id = await createListing(t, agent);
    const details = (await call(t, agent, 'GET', `/api/v1/listings/${id}`)).json();
    expect(details).toMatchObject({
      facts: {
        type: null,
        bedrooms: null,
        bathrooms: null,
        size: null,
        floor: null,
        totalFloors: null,
        facing: null,
        completion: null,
        handoverMonth: null,
        furnishing: null,
        amenities: null,
      },
      pricePerSqft: null,
      place: null,
    });
  });

  it('keeps its facts and place not stated through an update that states none, and takes them once given', async () => {
    // Pending: a verified listing's edits wait for review (ADR 32).
    const id = await createListing(t, agent, { status: 'pending' });
    const updated = await updateListing(t, agent, id, specFields);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ facts: NOT_STATED_FACTS, place: null });
    const completed = await updateListing(t, agent, id, validFields);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().place).toEqual({
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
    });
  });
});

// The spec's API contract knows only title, location, description and the price range:
// facts and place are optional as a whole (ADR 29).
describe('a client that sends no fact and no place', () => {
  it('adds a listing whose facts are not stated and whose location is to complete', async () => {
    const response = await addListing(t, agent, specFields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: specFields.title,
      facts: NOT_STATED_FACTS,
      pricePerSqft: null,
      place: null,
    });
    const details = await call(t, agent, 'GET', `/api/v1/listings/${response.json().id}`);
    expect(details.json()).toMatchObject({ facts: NOT_STATED_FACTS, place: null });
  });

  it('updates the text and prices and keeps the facts and place the listing has', async () => {
    const created: ListingDetails = (await addListing(t, agent)).json();
    const response = await updateListing(t, agent, created.id, {
      ...specFields,
      title: 'Renamed flat',
      priceMax: '5200',
    });
    expect(response.statusCode).toBe(200);
    const details = (await call(t, agent, 'GET', `/api/v1/listings/${created.id}`)).json();
    expect(details).toMatchObject({ title: 'Renamed flat', price: { min: 5000, max: 5200 } });
    expect(details.facts).toEqual(created.facts);
    expect(details.place).toEqual({ division: 'dhaka', district: 'dhaka', area: 'gulshan' });
    expect(details.facts).toMatchObject({ type: 'apartment', bedrooms: 3 });
  });

  it('is refused the type and size once it states any fact, and division and district once any place, changing nothing', async () => {
    const created: ListingDetails = (await addListing(t, agent)).json();
    const before = await stored();
    for (const [form, expected] of [
      [
        { ...specFields, bedrooms: '3' },
        [
          ['type', facts.typeRequired],
          ['size', facts.sizeRequired],
        ],
      ],
      [
        { ...specFields, area: 'gulshan' },
        [
          ['division', places.divisionRequired],
          ['district', places.districtRequired],
        ],
      ],
    ] as const) {
      for (const response of [
        await addListing(t, agent, form),
        await updateListing(t, agent, created.id, { ...form, title: 'Not saved' }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(
          response
            .json()
            .errors.map((error: { path: string; messageCode: string }) => [
              error.path,
              error.messageCode,
            ]),
        ).toEqual(expected.map(([path, message]) => [path, messageCodeOf(message)]));
      }
    }
    expect(await stored()).toEqual(before);
    const details = (await call(t, agent, 'GET', `/api/v1/listings/${created.id}`)).json();
    expect(details).toMatchObject({ title: created.title, facts: created.facts });
  });
});

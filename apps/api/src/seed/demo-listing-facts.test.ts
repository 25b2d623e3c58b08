import { ListingFactsInputSchema, ListingLocationInputSchema } from '@basha/domain';
import { describe, expect, it } from 'vitest';
import { demoListingFacts } from './demo-listing-facts.ts';
import { DEMO_LISTINGS } from './demo-listings.ts';

const asOf = new Date('2026-11-25T00:00:00Z');
const demo = DEMO_LISTINGS.map((listing, index) => ({
  listing,
  ...demoListingFacts(listing.key, listing.location, index, asOf),
}));

describe('the demo listings’ facts', () => {
  it.each(demo)(
    '$listing.key states facts and a place the add form would take',
    ({ facts, place }) => {
      const given = <T>(value: T | null) => value ?? undefined;
      const input = {
        type: facts.type,
        bedrooms: given(facts.bedrooms),
        bathrooms: given(facts.bathrooms),
        size: facts.size?.value,
        sizeUnit: facts.size?.unit,
        floor: given(facts.floor),
        totalFloors: given(facts.totalFloors),
        facing: given(facts.facing),
        completion: given(facts.completion),
        handoverMonth: given(facts.handoverMonth),
        furnishing: given(facts.furnishing),
        amenities: facts.amenities ?? [],
      };
      expect(ListingFactsInputSchema.safeParse(input).error?.issues ?? []).toEqual([]);
      expect(
        ListingLocationInputSchema.safeParse({ ...place, area: place?.area ?? undefined }).success,
      ).toBe(true);
    },
  );

  it('agree with what the listings say: Gulshan flats with lift and generator, shops in Farmgate, a Purbachal plot', () => {
    const of = (key: string) => demo.find(({ listing }) => listing.key === key);
    for (const key of ['gulshan-lake-view', 'gulshan-1-compact']) {
      expect(of(key)?.facts).toMatchObject({ type: 'apartment' });
      expect(of(key)?.facts.amenities).toEqual(expect.arrayContaining(['lift', 'generator']));
      expect(of(key)?.place?.area).toBe('gulshan');
    }
    expect(of('gulshan-lake-view')?.facts).toMatchObject({ bedrooms: 3, floor: 8 });
    expect(of('farmgate-shop')?.facts.size).toEqual({ value: 600, unit: 'sqft', squareFeet: 600 });
    expect(of('agrabad-commercial')?.place).toEqual({
      division: 'chattogram',
      district: 'chattogram',
      area: 'agrabad',
    });
    // Plots in katha in Purbachal (Narayanganj): no rooms, no building.
    expect(of('purbachal-plot')?.facts).toMatchObject({
      type: 'plot',
      bedrooms: null,
      completion: null,
      size: { value: 5, unit: 'katha', squareFeet: 3600 },
      amenities: [],
    });
    expect(of('purbachal-plot')?.place).toEqual({
      division: 'dhaka',
      district: 'narayanganj',
      area: 'purbachal',
    });
    // Its review says there is no lift.
    expect(of('sonadanga-flat')?.facts.amenities).not.toContain('lift');
    expect(new Set(demo.map(({ facts }) => facts.type)).size).toBeGreaterThanOrEqual(6);
  });
});

import {
  type ListingFacts,
  ListingFactsInputSchema,
  listingFactsOf,
  placeById,
  pricePerSquareFoot,
} from '@basha/domain';
import { describe, expect, it } from 'vitest';
import {
  AREA_MARKETS,
  type GeneratedListing,
  generatedTitle,
  generateListing,
  generateListings,
  TYPE_MIX,
} from './listing-facts-generator.ts';
import { seededRandom } from './seeded-random.ts';

const asOf = '2026-11';
const sample = generateListings(2026, 5000, { asOf });

/** The add-property form fields that would state these facts. */
function formOf(facts: ListingFacts): Record<string, unknown> {
  const given = (value: unknown) => (value === null ? undefined : value);
  return {
    type: given(facts.type),
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
}

const share = (listings: GeneratedListing[], test: (listing: GeneratedListing) => boolean) =>
  listings.filter(test).length / listings.length;

/** Pearson correlation. */
function correlation(xs: number[], ys: number[]): number {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    const y = ys[i] as number;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('the listing facts generator', () => {
  it('is deterministic: the same seed gives the same listings, another seed others', () => {
    expect(generateListings(7, 50, { asOf })).toEqual(generateListings(7, 50, { asOf }));
    expect(generateListings(8, 50, { asOf })).not.toEqual(generateListings(7, 50, { asOf }));
    const random = seededRandom(1);
    const draws = Array.from({ length: 1000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });

  it('only produces facts an agent could submit, stored exactly as the API would store them', () => {
    for (const listing of sample) {
      const parsed = ListingFactsInputSchema.safeParse(formOf(listing.facts));
      expect(parsed.error?.issues, JSON.stringify(listing.facts)).toBeUndefined();
      if (parsed.success) expect(listingFactsOf(parsed.data)).toEqual(listing.facts);
    }
  });

  it('mixes types like a portal: mostly flats, then plots, shops and the rest', () => {
    const total = TYPE_MIX.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [type, weight] of TYPE_MIX) {
      expect(
        share(sample, (l) => l.facts.type === type),
        type,
      ).toBeCloseTo(weight / total, 1);
    }
    const apartments = sample.filter((l) => l.facts.type === 'apartment');
    expect(share(apartments, (l) => l.facts.bedrooms === 3)).toBeGreaterThan(0.4);
  });

  it('prices follow size and area: bigger costs more, Gulshan more than Mirpur per sq ft', () => {
    const apartments = sample.filter((l) => l.facts.type === 'apartment');
    for (const area of ['gulshan', 'mirpur', 'agrabad']) {
      const here = apartments.filter((l) => l.location.area === area);
      const sizes = here.map((l) => l.facts.size?.squareFeet ?? 0);
      const prices = here.map((l) => l.price.min);
      expect(correlation(sizes, prices), area).toBeGreaterThan(0.8);
    }

    const medianRate = (area: string) => {
      const rates = apartments
        .filter((l) => l.location.area === area)
        .map((l) => pricePerSquareFoot(l.price, l.facts.size?.squareFeet ?? null)?.min ?? 0)
        .sort((a, b) => a - b);
      return rates[Math.floor(rates.length / 2)] ?? 0;
    };
    expect(medianRate('gulshan')).toBeGreaterThan(2 * medianRate('mirpur'));
    for (const { price } of sample) {
      expect(price.min % 10_000).toBe(0);
      expect(price.max).toBeGreaterThan(price.min);
    }
  });

  it('gives amenities by type: none on plots, lifts in tall blocks, no pools in shops', () => {
    const plots = sample.filter((l) => l.facts.type === 'plot');
    expect(plots.every((l) => l.facts.amenities?.length === 0 && l.facts.bedrooms === null)).toBe(
      true,
    );
    expect(plots.every((l) => l.facts.size?.unit !== 'sqft')).toBe(true);
    const tall = sample.filter(
      (l) => l.facts.type === 'apartment' && (l.facts.totalFloors ?? 0) >= 6,
    );
    expect(share(tall, (l) => l.facts.amenities?.includes('lift') ?? false)).toBeGreaterThan(0.9);
    const shops = sample.filter((l) => l.facts.type === 'shop');
    expect(shops.some((l) => l.facts.amenities?.includes('swimming_pool'))).toBe(false);
  });

  it('places listings in catalog areas, weighted like real searches', () => {
    for (const { area } of AREA_MARKETS) expect(placeById('area', area), area).toBeDefined();
    for (const { location } of sample) {
      expect(placeById('area', location.area ?? '')?.parent).toBe(location.district);
    }
    const inArea = (area: string) => share(sample, (l) => l.location.area === area);
    expect(inArea('gulshan')).toBeGreaterThan(5 * inArea('kolatoli'));
    expect(share(sample, (l) => l.location.division === 'dhaka')).toBeGreaterThan(0.5);
  });

  it('hands buildings under construction over in the months after asOf', () => {
    const building = sample.filter((l) => l.facts.completion === 'under_construction');
    expect(building.length / sample.length).toBeGreaterThan(0.1);
    for (const { facts } of building) {
      expect(facts.handoverMonth && facts.handoverMonth > asOf).toBe(true);
      expect(facts.handoverMonth && facts.handoverMonth <= '2029-11').toBe(true);
    }
  });

  it('makes the demo data’s chosen listings, with titles that agree with the facts', () => {
    const random = seededRandom(3);
    const flat = generateListing(random, { asOf, type: 'apartment', area: 'gulshan' });
    expect(flat.location).toEqual({ division: 'dhaka', district: 'dhaka', area: 'gulshan' });
    expect(generatedTitle(flat)).toBe(`${flat.facts.bedrooms}-bed apartment in Gulshan`);
    const plot = generateListing(random, { asOf, type: 'plot', area: 'purbachal' });
    expect(generatedTitle(plot)).toMatch(/^\d+(\.5)? (katha|decimal|bigha) plot in Purbachal$/);
    const shop = generateListing(random, { asOf, type: 'shop', area: 'agrabad' });
    expect(generatedTitle(shop)).toBe('Shop in Agrabad');
  });
});

import { type ListingSearch, ListingSearchQuerySchema } from '@basha/domain';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../../testing/i18n.ts';
import { searchSummaryParts } from './search-summary.ts';

/** A search as the API reads a saved one: through the search schema, defaults filled in. */
const searchOf = (query: Record<string, string>): ListingSearch =>
  ListingSearchQuerySchema.parse(query);

const gulshanFlats = searchOf({
  location: 'lake',
  division: 'dhaka',
  district: 'dhaka',
  area: 'gulshan',
  types: 'apartment,duplex',
  minBedrooms: '3',
  minSize: '1200',
  maxSize: '1800',
  minPrice: '5000000',
  amenities: 'lift,generator',
  completion: 'ready',
  sort: 'price_asc',
});

describe('a search in words', () => {
  it('names every filter, in the order of All Properties, with lakh grouping', () => {
    expect(searchSummaryParts(gulshanFlats, i18nFor('en'))).toEqual([
      'Matching "lake"',
      'Gulshan, Dhaka',
      'Apartment/Flat, Duplex',
      '3+ bedrooms',
      '1,200–1,800 sq ft',
      'from 50,00,000 TK',
      'with Lift, Generator',
      'Ready',
      'Price: low to high',
    ]);
  });

  it('says it in Bangla, with Bangla digits and units', () => {
    const parts = searchSummaryParts(gulshanFlats, i18nFor('bn'));
    expect(parts).toContain('গুলশান, ঢাকা');
    expect(parts).toContain('৩+ শোবার ঘর');
    expect(parts).toContain('১,২০০–১,৮০০ বর্গফুট');
    expect(parts).toContain('৫০,০০,০০০ টাকা থেকে');
    expect(parts.join(' ')).not.toMatch(/[0-9]/);
  });

  it('keeps the unit a size was searched in, and open ends', () => {
    const plots = searchOf({
      district: 'dhaka',
      maxSize: '5',
      sizeUnit: 'katha',
      maxPrice: '900000',
    });
    expect(searchSummaryParts(plots, i18nFor('en'))).toEqual([
      'Dhaka',
      'up to 5 katha',
      'up to 9,00,000 TK',
    ]);
  });

  it('says "Every property" for a search without filters', () => {
    expect(searchSummaryParts(searchOf({}), i18nFor('en'))).toEqual(['Every property']);
  });
});

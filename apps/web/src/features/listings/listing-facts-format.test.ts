import {
  AMENITIES,
  COMPLETION_STATUSES,
  FACINGS,
  FURNISHINGS,
  LISTING_SEARCH_SORTS,
  LISTING_TYPES,
  type ListingFacts,
  NOT_STATED_FACTS,
  SIZE_UNITS,
  squareFeetOf,
} from '@basha/domain';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../../testing/i18n.ts';
import { banglaCatalog } from '../../lib/i18n/bangla-catalog.ts';
import { englishCatalog } from '../../lib/i18n/english-catalog.ts';
import {
  amenitiesText,
  cardFactParts,
  completionText,
  floorText,
  listingFactRows,
  listingTypeText,
  pricePerSquareFootText,
  resultCountText,
  roomsText,
  sizeText,
  structuredLocationText,
} from './listing-facts-format.ts';

const en = i18nFor('en');
const bn = i18nFor('bn');

const ASCII_DIGIT = /[0-9]/;

const gulshanFlat: ListingFacts = {
  type: 'apartment',
  bedrooms: 3,
  bathrooms: 1,
  size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
  floor: 5,
  totalFloors: 9,
  facing: 'south',
  completion: 'ready',
  handoverMonth: null,
  furnishing: 'semi_furnished',
  amenities: ['lift', 'generator'],
};
const purbachalPlot: ListingFacts = {
  ...NOT_STATED_FACTS,
  type: 'plot',
  size: { value: 5, unit: 'katha', squareFeet: squareFeetOf(5, 'katha') },
  facing: 'north_east',
};

describe('labels of every fact value', () => {
  it('exist in English and Bangla for every enum value the domain has', () => {
    const keys = [
      ...LISTING_TYPES.map((v) => `facts.type.${v}`),
      ...SIZE_UNITS.map((v) => `facts.unit.${v}`),
      ...FACINGS.map((v) => `facts.facing.${v}`),
      ...COMPLETION_STATUSES.map((v) => `facts.completion.${v}`),
      ...FURNISHINGS.map((v) => `facts.furnishing.${v}`),
      ...AMENITIES.map((v) => `facts.amenity.${v}`),
      ...LISTING_SEARCH_SORTS.map((v) => `browse.sort.${v}`),
    ];
    for (const key of keys) {
      expect(englishCatalog, key).toHaveProperty([key]);
      expect((banglaCatalog as Record<string, string>)[key], key).not.toBe(
        (englishCatalog as Record<string, string>)[key],
      );
    }
  });

  it('write the units in Bangla as বর্গফুট, কাঠা, শতাংশ and বিঘা', () => {
    expect(SIZE_UNITS.map((unit) => bn.t(`facts.unit.${unit}`))).toEqual([
      'বর্গফুট',
      'কাঠা',
      'শতাংশ',
      'বিঘা',
    ]);
  });
});

describe('sizes', () => {
  it('show the unit the agent chose, with the square feet beside a land unit', () => {
    expect(sizeText(gulshanFlat.size, en)).toBe('1,450 sq ft');
    expect(sizeText(gulshanFlat.size, bn)).toBe('১,৪৫০ বর্গফুট');
    expect(sizeText(purbachalPlot.size, en)).toBe('5 katha (3,600 sq ft)');
    expect(sizeText(purbachalPlot.size, bn)).toBe('৫ কাঠা (৩,৬০০ বর্গফুট)');
    const decimals = {
      value: 3.5,
      unit: 'decimal',
      squareFeet: squareFeetOf(3.5, 'decimal'),
    } as const;
    expect(sizeText(decimals, en)).toBe('3.5 decimal (1,524.6 sq ft)');
    expect(sizeText(decimals, bn)).toBe('৩.৫ শতাংশ (১,৫২৪.৬ বর্গফুট)');
    expect(sizeText({ value: 2, unit: 'bigha', squareFeet: 28_800 }, bn)).toBe(
      '২ বিঘা (২৮,৮০০ বর্গফুট)',
    );
  });
});

describe('price per square foot', () => {
  it('is derived from the price range and the canonical size, in taka', () => {
    const price = { min: 14_500_000, max: 16_000_000 };
    expect(pricePerSquareFootText(price, gulshanFlat.size, en)).toBe('10,000–11,034 TK per sq ft');
    expect(pricePerSquareFootText(price, gulshanFlat.size, bn)).toBe('প্রতি বর্গফুট ১০,০০০–১১,০৩৪ টাকা');
    expect(pricePerSquareFootText({ min: 7_200_000, max: 7_200_000 }, purbachalPlot.size, en)).toBe(
      '2,000 TK per sq ft',
    );
    expect(pricePerSquareFootText(price, null, en)).toBe('Not stated');
    expect(pricePerSquareFootText(price, null, bn)).toBe('উল্লেখ নেই');
  });
});

describe('facts one by one', () => {
  it('count rooms in the reader’s digits, one in the singular', () => {
    expect(roomsText('bedrooms', 3, en)).toBe('3 bedrooms');
    expect(roomsText('bedrooms', 1, en)).toBe('1 bedroom');
    expect(roomsText('bathrooms', 0, en)).toBe('0 bathrooms');
    expect(roomsText('bedrooms', 3, bn)).toBe('৩টি শোবার ঘর');
    expect(roomsText('bathrooms', null, bn)).toBe('উল্লেখ নেই');
  });

  it('place a floor in its building, the ground floor by name', () => {
    expect(floorText(5, 9, en)).toBe('Floor 5 of 9');
    expect(floorText(0, 12, en)).toBe('Ground floor of 12');
    expect(floorText(null, 12, en)).toBe('12 floors in the building');
    expect(floorText(null, null, en)).toBe('Not stated');
    expect(floorText(5, 9, bn)).toBe('৯ তলার মধ্যে ৫ তলা');
  });

  it('give a building under construction its handover month', () => {
    expect(completionText('ready', null, en)).toBe('Ready');
    expect(completionText('under_construction', '2027-06', en)).toBe(
      'Under construction, handover Jun 2027',
    );
    expect(completionText('under_construction', '2027-06', bn)).toBe('নির্মাণাধীন, হস্তান্তর জুন ২০২৭');
    expect(completionText(null, null, en)).toBe('Not stated');
  });

  it('list amenities, tell none from not stated, and name the type', () => {
    expect(amenitiesText(['lift', 'cctv'], en)).toBe('Lift, CCTV');
    expect(amenitiesText(['lift', 'cctv'], bn)).toBe('লিফট, সিসিটিভি');
    expect(amenitiesText([], en)).toBe('None');
    expect(amenitiesText(null, en)).toBe('Not stated');
    expect(listingTypeText('plot', en)).toBe('Plot/Land');
    expect(listingTypeText('apartment', bn)).toBe('অ্যাপার্টমেন্ট/ফ্ল্যাট');
    expect(listingTypeText(null, bn)).toBe('উল্লেখ নেই');
  });

  it('count results with grouping and Bangla digits', () => {
    expect(resultCountText(1234, en)).toBe('1,234 properties');
    expect(resultCountText(1234, bn)).toBe('১,২৩৪টি প্রপার্টি');
    expect(resultCountText(1, en)).toBe('1 property');
    expect(resultCountText(0, en)).toBe('0 properties');
  });
});

describe('the facts of a details page', () => {
  const price = { min: 14_500_000, max: 16_000_000 };

  it('show every fact of an apartment, in reading order', () => {
    expect(listingFactRows(gulshanFlat, price, en).map((row) => [row.label, row.value])).toEqual([
      ['Type', 'Apartment/Flat'],
      ['Bedrooms', '3 bedrooms'],
      ['Bathrooms', '1 bathroom'],
      ['Size', '1,450 sq ft'],
      ['Price per sq ft', '10,000–11,034 TK per sq ft'],
      ['Floor', 'Floor 5 of 9'],
      ['Facing', 'South'],
      ['Completion', 'Ready'],
      ['Furnishing', 'Semi-furnished'],
      ['Amenities', 'Lift, Generator'],
    ]);
  });

  it('show every fact in Bangla, with no Latin digits, for a reader of Bangla', () => {
    const rows = listingFactRows(gulshanFlat, price, bn);
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.value, row.label).not.toMatch(ASCII_DIGIT);
      expect(row.value, row.label).not.toMatch(/[A-Za-z]/);
    }
  });

  it('leave out what a plot cannot have', () => {
    expect(listingFactRows(purbachalPlot, price, en).map((row) => row.fact)).toEqual([
      'type',
      'size',
      'pricePerSqft',
      'facing',
    ]);
  });

  it('show a listing from before facts as not stated throughout', () => {
    const rows = listingFactRows(NOT_STATED_FACTS, price, bn);
    expect(rows.map((row) => row.fact)).toEqual([
      'type',
      'bedrooms',
      'bathrooms',
      'size',
      'pricePerSqft',
      'floor',
      'facing',
      'completion',
      'furnishing',
      'amenities',
    ]);
    for (const row of rows) expect(row.value).toBe('উল্লেখ নেই');
  });
});

describe('a structured location', () => {
  it('reads area and district, or district and division, in the reader’s language', () => {
    const gulshan = { division: 'dhaka', district: 'dhaka', area: 'gulshan' } as const;
    expect(structuredLocationText(gulshan, en)).toBe('Gulshan, Dhaka');
    expect(structuredLocationText(gulshan, bn)).toBe('গুলশান, ঢাকা');
    const bogura = { division: 'rajshahi', district: 'bogura', area: null } as const;
    expect(structuredLocationText(bogura, en)).toBe('Bogura, Rajshahi');
    expect(structuredLocationText(bogura, bn)).toBe('বগুড়া, রাজশাহী');
    expect(structuredLocationText(null, en)).toBeNull();
  });
});

describe('a card’s facts', () => {
  it('are short parts in the reader’s language, leaving out what is not stated', () => {
    expect(cardFactParts(gulshanFlat, en)).toEqual([
      'Apartment/Flat',
      '3 bed',
      '1 bath',
      '1,450 sq ft',
    ]);
    expect(cardFactParts(gulshanFlat, bn)).toEqual([
      'অ্যাপার্টমেন্ট/ফ্ল্যাট',
      '৩ বেড',
      '১ বাথ',
      '১,৪৫০ বর্গফুট',
    ]);
    expect(cardFactParts(purbachalPlot, bn)).toEqual(['প্লট/জমি', '৫ কাঠা']);
    expect(cardFactParts(NOT_STATED_FACTS, en)).toEqual([]);
  });
});

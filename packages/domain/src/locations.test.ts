import { describe, expect, it } from 'vitest';
import {
  AREAS,
  areaFromAddress,
  childrenOf,
  DISTRICTS,
  DIVISIONS,
  ListingLocationInputSchema,
  LOCATION_LEVELS,
  locationsMatching,
  messageCodeOf,
  listingLocationMessages as messages,
  normalizePlaceText,
  placeById,
  placeName,
  structuredLocationOf,
} from './index.ts';

const idsOf = (places: { id: string }[]) => places.map((p) => p.id);
const BANGLA = /^[\u0980-\u09FF\s]+$/u;

describe('the location catalog', () => {
  it('has the 8 divisions and 64 districts of Bangladesh, each district in its division', () => {
    expect(idsOf([...DIVISIONS])).toEqual([
      'barishal',
      'chattogram',
      'dhaka',
      'khulna',
      'mymensingh',
      'rajshahi',
      'rangpur',
      'sylhet',
    ]);
    expect(DISTRICTS).toHaveLength(64);
    const districtsPerDivision = Object.fromEntries(
      DIVISIONS.map((division) => [division.id, childrenOf('division', division.id).length]),
    );
    expect(districtsPerDivision).toEqual({
      barishal: 6,
      chattogram: 11,
      dhaka: 13,
      khulna: 10,
      mymensingh: 4,
      rajshahi: 8,
      rangpur: 8,
      sylhet: 4,
    });
  });

  it('uses the official transliterations adopted in 2018, and knows the older spellings', () => {
    for (const [id, en, old] of [
      ['barishal', 'Barishal', 'Barisal'],
      ['bogura', 'Bogura', 'Bogra'],
      ['chattogram', 'Chattogram', 'Chittagong'],
      ['cumilla', 'Cumilla', 'Comilla'],
      ['jashore', 'Jashore', 'Jessore'],
    ] as const) {
      const district = placeById('district', id);
      expect(district?.en).toBe(en);
      expect(district?.aliases).toContain(old);
    }
    expect(placeById('district', 'coxs-bazar')?.bn).toBe('কক্সবাজার');
    expect(placeById('district', 'netrokona')?.bn).toBe('নেত্রকোণা');
    expect(placeById('division', 'mymensingh')?.bn).toBe('ময়মনসিংহ');
  });

  it('names every place in English and in Bangla script, with ids unique in each level', () => {
    for (const level of LOCATION_LEVELS) {
      const places = { division: DIVISIONS, district: DISTRICTS, area: AREAS }[level];
      expect(new Set(idsOf([...places])).size, level).toBe(places.length);
      for (const p of places) {
        expect(p.id, p.en).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(p.en.trim(), p.id).not.toBe('');
        expect(p.bn, p.id).toMatch(BANGLA);
      }
    }
  });

  it('has the areas of Dhaka, Chattogram, Sylhet, Khulna and Rajshahi cities, each in a known district', () => {
    const dhaka = idsOf(childrenOf('district', 'dhaka'));
    for (const area of [
      'gulshan',
      'banani',
      'baridhara',
      'dhanmondi',
      'uttara',
      'mirpur',
      'mohammadpur',
      'bashundhara',
      'motijheel',
      'tejgaon',
      'badda',
      'rampura',
      'khilgaon',
      'lalmatia',
      'niketan',
      'wari',
      'old-dhaka',
    ]) {
      expect(dhaka, area).toContain(area);
    }
    expect(idsOf(childrenOf('district', 'chattogram'))).toEqual(
      expect.arrayContaining([
        'agrabad',
        'khulshi',
        'nasirabad',
        'panchlaish',
        'halishahar',
        'gec-circle',
      ]),
    );
    for (const city of ['sylhet', 'khulna', 'rajshahi']) {
      expect(childrenOf('district', city).length, city).toBeGreaterThanOrEqual(8);
    }
    expect(placeById('area', 'purbachal')?.parent).toBe('narayanganj');
    for (const area of AREAS)
      expect(placeById('district', area.parent ?? ''), area.id).toBeDefined();
  });

  it('looks places up by level and id, and gives an area its district and division', () => {
    expect(placeById('area', 'gulshan')).toMatchObject({
      en: 'Gulshan',
      bn: 'গুলশান',
      parent: 'dhaka',
    });
    expect(placeById('division', 'dhaka')?.parent).toBeNull();
    expect(placeById('district', 'gulshan')).toBeUndefined();
    expect(structuredLocationOf('area', 'agrabad')).toEqual({
      division: 'chattogram',
      district: 'chattogram',
      area: 'agrabad',
    });
    expect(structuredLocationOf('district', 'bogura')).toEqual({
      division: 'rajshahi',
      district: 'bogura',
      area: null,
    });
    expect(structuredLocationOf('area', 'atlantis')).toBeNull();
    expect(structuredLocationOf('district', 'atlantis')).toBeNull();
    expect(placeName(placeById('area', 'khulshi') ?? { en: '', bn: '' }, 'bn')).toBe('খুলশী');
  });
});

describe('locations matching typed text', () => {
  it('finds Gulshan from English or Bangla, whatever the case and spacing', () => {
    for (const typed of ['gulshan', 'Gulshan', '  GULSHAN ', 'gul', 'গুলশান', 'গুল']) {
      expect(idsOf(locationsMatching(typed)), typed).toContain('gulshan');
    }
  });

  it('puts exact names first, divisions before districts before areas', () => {
    const found = locationsMatching('dhaka');
    expect(found.slice(0, 2).map((p) => [p.level, p.id])).toEqual([
      ['division', 'dhaka'],
      ['district', 'dhaka'],
    ]);
    // "Old Dhaka" and "Dhaka Cantonment" have a word starting with it.
    expect(idsOf(found)).toEqual(expect.arrayContaining(['old-dhaka', 'cantonment']));
    expect(locationsMatching('ঢাকা')[0]).toMatchObject({ level: 'division', id: 'dhaka' });
  });

  it('matches prefixes of names and of their words, and older spellings', () => {
    expect(idsOf(locationsMatching('bana'))).toEqual(['banani', 'banani-dohs', 'banasree']);
    expect(idsOf(locationsMatching('bazar'))).toContain('coxs-bazar');
    expect(idsOf(locationsMatching("cox's"))).toEqual(['coxs-bazar']);
    expect(idsOf(locationsMatching('coxs baz'))).toEqual(['coxs-bazar']);
    expect(idsOf(locationsMatching('chittagong'))).toEqual(['chattogram', 'chattogram']);
    expect(idsOf(locationsMatching('r/a'))).toEqual(['bashundhara']);
  });

  it('finds nothing for blank or unknown text, and never matches inside a word', () => {
    expect(locationsMatching('')).toEqual([]);
    expect(locationsMatching('  ')).toEqual([]);
    expect(locationsMatching('atlantis')).toEqual([]);
    expect(idsOf(locationsMatching('shan'))).not.toContain('gulshan');
  });

  it('treats the two encodings of Bangla letters like ড় alike', () => {
    const composed = 'বগুড়া'; // ড় as one code point (U+09DC)
    const decomposed = 'বগুড\u09bcা'; // ড + nukta
    expect(normalizePlaceText(composed)).toBe(normalizePlaceText(decomposed));
    expect(idsOf(locationsMatching(decomposed))).toEqual(['bogura']);
  });
});

describe('area from an address', () => {
  it.each([
    ['Gulshan 2, Dhaka', 'gulshan'],
    ['Road 27, Dhanmondi, Dhaka', 'dhanmondi'],
    ['Sector 7, Uttara, Dhaka', 'uttara'],
    ['House 12, Block C, Bashundhara R/A', 'bashundhara'],
    ['Bashundhara Residential Area, Dhaka', 'bashundhara'],
    ['Road 5, Mohakhali DOHS', 'mohakhali-dohs'],
    ['Agrabad C/A, Chittagong', 'agrabad'],
    ['বাড়ি ৫, গুলশান ২, ঢাকা', 'gulshan'],
    ['Uposhohor, Sylhet', 'uposhohor-sylhet'],
    ['Uposhohor, Rajshahi', 'upashahar-rajshahi'],
    ['Near Banani, behind Gulshan 1', 'banani'],
  ])('%s → %s', (address, area) => {
    expect(areaFromAddress(address)?.area).toBe(area);
  });

  it('gives the area with its district and division', () => {
    expect(areaFromAddress('Kolatoli Road, Cox’s Bazar')).toEqual({
      division: 'chattogram',
      district: 'coxs-bazar',
      area: 'kolatoli',
    });
  });

  it('is null when the address names no known area, even a known district', () => {
    expect(areaFromAddress('Sylhet')).toBeNull();
    expect(areaFromAddress('Somewhere nice')).toBeNull();
    expect(areaFromAddress('')).toBeNull();
    expect(areaFromAddress('Gulshanabad Road')).toBeNull();
  });
});

describe('a listing location input', () => {
  const issuesOf = (input: unknown) =>
    ListingLocationInputSchema.safeParse(input).error?.issues.map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('takes a division, a district in it and optionally an area in that district', () => {
    expect(
      ListingLocationInputSchema.parse({ division: 'dhaka', district: 'dhaka', area: 'gulshan' }),
    ).toEqual({ division: 'dhaka', district: 'dhaka', area: 'gulshan' });
    expect(
      ListingLocationInputSchema.parse({ division: 'sylhet', district: 'sunamganj', area: ' ' }),
    ).toEqual({ division: 'sylhet', district: 'sunamganj' });
  });

  it.each([
    [{ division: '' }, 'division', messages.divisionRequired],
    [{ division: 'atlantis' }, 'division', messages.divisionUnknown],
    [{ district: undefined }, 'district', messages.districtRequired],
    [{ district: 'atlantis' }, 'district', messages.districtUnknown],
    [{ district: 'x'.repeat(61) }, 'district', messages.districtUnknown],
    [{ district: 'sylhet' }, 'district', messages.districtOutsideDivision],
    [{ area: 'atlantis' }, 'area', messages.areaUnknown],
    [{ area: 'agrabad' }, 'area', messages.areaOutsideDistrict],
  ])('refuses %j: %s', (change, field, message) => {
    const valid = { division: 'dhaka', district: 'dhaka', area: 'gulshan' };
    expect(issuesOf({ ...valid, ...change })).toContainEqual([field, message]);
  });

  it('gives every message a listingLocation code', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(messageCodeOf(text)).toBe(`listingLocation.${key}`);
    }
  });
});

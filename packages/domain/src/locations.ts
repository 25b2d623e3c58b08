import { AREA_ROWS, DISTRICT_ROWS, DIVISION_ROWS, type DivisionId } from './locations-data.ts';

export type { DivisionId } from './locations-data.ts';

export const LOCATION_LEVELS = ['division', 'district', 'area'] as const;
export type LocationLevel = (typeof LOCATION_LEVELS)[number];

/** A place of the catalog; `parent` is the division of a district and the district of an area. */
export type Place = {
  level: LocationLevel;
  id: string;
  en: string;
  bn: string;
  /** Other spellings people type and write (Chittagong, Bogra, Bashundhara). */
  aliases: readonly string[];
  parent: string | null;
};

/** Where a listing is, as ids: what a listing stores and a browse link carries. */
export type StructuredLocation = { division: DivisionId; district: string; area: string | null };

const place = (
  level: LocationLevel,
  [id, en, bn, aliases = []]: readonly [string, string, string, (readonly string[])?],
  parent: string | null,
): Place => ({ level, id, en, bn, aliases, parent });

export const DIVISIONS: readonly Place[] = DIVISION_ROWS.map((row) => place('division', row, null));
export const DISTRICTS: readonly Place[] = Object.entries(DISTRICT_ROWS).flatMap(
  ([division, rows]) => rows.map((row) => place('district', row, division)),
);
export const AREAS: readonly Place[] = Object.entries(AREA_ROWS).flatMap(([district, rows]) =>
  rows.map((row) => place('area', row, district)),
);

const byLevel: Record<LocationLevel, ReadonlyMap<string, Place>> = {
  division: new Map(DIVISIONS.map((p) => [p.id, p])),
  district: new Map(DISTRICTS.map((p) => [p.id, p])),
  area: new Map(AREAS.map((p) => [p.id, p])),
};

/** A place by its level and id (ids are unique within a level: Dhaka is a division and a district). */
export function placeById(level: LocationLevel, id: string): Place | undefined {
  return byLevel[level].get(id);
}

/** The districts of a division, or the areas of a district, in the catalog's order. */
export function childrenOf(level: 'division' | 'district', id: string): Place[] {
  const children = level === 'division' ? DISTRICTS : AREAS;
  return children.filter((child) => child.parent === id);
}

/** The division and district of an area, or the division of a district. */
export function structuredLocationOf(
  level: 'district' | 'area',
  id: string,
): StructuredLocation | null {
  const area = level === 'area' ? placeById('area', id) : undefined;
  const district = placeById('district', area ? (area.parent as string) : id);
  if (!district || (level === 'area' && !area)) return null;
  return {
    division: district.parent as DivisionId,
    district: district.id,
    area: area?.id ?? null,
  };
}

/**
 * Text as search compares it: Unicode-normalized (Bangla letters like ড় have two encodings),
 * lower case, joiners dropped, punctuation as spaces ("R/A", "Cox's"), single spaces.
 */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200c\u200d]/g, '')
    .replace(/['’`.]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Every place's names as search compares them, worked out at the first search: the browser
 * loads this module as the app starts, where normalizing all 365 names of 167 places (Unicode property
 * classes) was a fifth of the domain's start-up, on a page that may never search places.
 */
let namesOfPlaces: ReadonlyMap<Place, string[]> | undefined;
function placeNames(): ReadonlyMap<Place, string[]> {
  namesOfPlaces ??= new Map(
    [...DIVISIONS, ...DISTRICTS, ...AREAS].map((p) => [
      p,
      [p.en, p.bn, ...p.aliases].map(normalizePlaceText),
    ]),
  );
  return namesOfPlaces;
}

/**
 * Places whose English, Bangla or other name starts with the typed text, or has it from the
 * start of a word on ("gulshan", "গুলশান" and " GUL " find Gulshan; "bazar" finds Cox's
 * Bazar; "shan" finds nothing). Exact names first, then names that start with the text,
 * then the rest; divisions before districts before areas within each.
 */
export function locationsMatching(typed: string): Place[] {
  const query = normalizePlaceText(typed);
  if (!query) return [];
  const rankOf = (names: string[]) => {
    if (names.some((name) => name === query)) return 0;
    if (names.some((name) => name.startsWith(query))) return 1;
    if (names.some((name) => ` ${name}`.includes(` ${query}`))) return 2;
    return undefined;
  };
  return [...placeNames()]
    .flatMap(([p, names]) => {
      const rank = rankOf(names);
      return rank === undefined ? [] : [{ place: p, rank }];
    })
    .sort((a, b) => a.rank - b.rank)
    .map(({ place: p }) => p);
}

/** Where a normalized name occurs in a normalized text as whole words, or -1. */
const wordPosition = (text: string, name: string) => ` ${text} `.indexOf(` ${name} `);

/**
 * The structured location an address names, for listings written before locations were
 * structured: the area it names (in English, Bangla or another spelling, as whole words),
 * with its district and division. When several areas are named, one whose district or
 * division the address names too wins ("Uposhohor, Sylhet"), then the first named, then the
 * longest name ("Mohakhali DOHS" over "Mohakhali"). Null when it names no known area: those
 * listings are left for their agent to complete.
 */
export function areaFromAddress(address: string): StructuredLocation | null {
  const text = normalizePlaceText(address);
  if (!text) return null;
  const namedAt = (p: Place) => {
    const positions = (placeNames().get(p) ?? [])
      .map((name) => ({ at: wordPosition(text, name), length: name.length }))
      .filter(({ at }) => at >= 0);
    return positions.sort((a, b) => a.at - b.at || b.length - a.length)[0];
  };
  const named = (p: Place | undefined) => p !== undefined && namedAt(p) !== undefined;

  const candidates = AREAS.flatMap((area) => {
    const found = namedAt(area);
    if (!found) return [];
    const district = placeById('district', area.parent as string);
    const division = district && placeById('division', district.parent as string);
    const confirmed = named(district) || named(division) ? 0 : 1;
    return [{ area, confirmed, ...found }];
  });
  candidates.sort((a, b) => a.confirmed - b.confirmed || a.at - b.at || b.length - a.length);
  const best = candidates[0];
  return best ? structuredLocationOf('area', best.area.id) : null;
}

/** The name of a place in a language. */
export function placeName(p: Pick<Place, 'en' | 'bn'>, locale: 'en' | 'bn'): string {
  return locale === 'bn' ? p.bn : p.en;
}

import { z } from 'zod/mini';
import { listingLocationMessages as messages } from './listing-location-messages.ts';
import { placeById } from './locations.ts';
import { blankAsMissing, text } from './text.ts';

/** Ids are short slugs; anything longer is not one, and is not looked up. */
const PLACE_ID_MAX = 60;

const placeId = (unknown: string) =>
  z.pipe(
    z.transform(blankAsMissing),
    z.optional(text().check(z.trim(), z.maxLength(PLACE_ID_MAX, unknown))),
  );

/**
 * The structured location's fields, for a form schema that spreads them beside others.
 * Optional one by one: none given means "location to complete" (ADR 29); the rules require
 * the division and district once any is given.
 */
export const listingLocationShape = {
  division: placeId(messages.divisionUnknown),
  district: placeId(messages.districtUnknown),
  area: placeId(messages.areaUnknown),
};

type LocationField = 'division' | 'district' | 'area';
type LocationIssue = { field: LocationField; message: string };
const LOCATION_FIELDS: readonly LocationField[] = ['division', 'district', 'area'];

/** Whether a form gives any place id; none means the listing's location is to complete. */
export function statesAnyPlace(location: Partial<Record<LocationField, unknown>>): boolean {
  return LOCATION_FIELDS.some((field) => location[field] !== undefined);
}

/**
 * The stored place of what an agent submitted; null when the form gives none (the rules
 * require the division and district once any id is given).
 */
export function listingPlaceOf(location: Partial<Record<LocationField, string>>): ListingPlace {
  const { division, district, area } = location;
  if (division === undefined || district === undefined) return null;
  return { division, district, area: area ?? null };
}

/**
 * Once any place id is given (`anyRefused`: one was given but refused on its own), the
 * division and district are required; each id must exist and sit under the one before it.
 * Fields absent here failed on their own or were not given.
 */
export function listingLocationIssues(
  location: Partial<Record<LocationField, string>>,
  anyRefused = false,
): LocationIssue[] {
  const issues: LocationIssue[] = [];
  const refuse = (field: LocationField, message: string) => issues.push({ field, message });
  if (anyRefused || statesAnyPlace(location)) {
    if (location.division === undefined) refuse('division', messages.divisionRequired);
    if (location.district === undefined) refuse('district', messages.districtRequired);
  }
  const division =
    location.division === undefined ? undefined : placeById('division', location.division);
  const district =
    location.district === undefined ? undefined : placeById('district', location.district);
  if (location.division !== undefined && !division) refuse('division', messages.divisionUnknown);
  if (location.district !== undefined && !district) refuse('district', messages.districtUnknown);
  else if (division && district && district.parent !== division.id) {
    refuse('district', messages.districtOutsideDivision);
  }
  if (location.area === undefined) return issues;
  const area = placeById('area', location.area);
  if (!area) refuse('area', messages.areaUnknown);
  else if (district && area.parent !== district.id) refuse('area', messages.areaOutsideDistrict);
  return issues;
}

/**
 * `listingLocationIssues` as a zod check for any schema spreading the shape. Like the facts'
 * rules it runs even when another field failed, so one answer names every wrong field.
 */
export const listingLocationRules = z.check<Partial<Record<LocationField, unknown>>>(
  (payload) => {
    if (typeof payload.value !== 'object' || payload.value === null) return;
    const failed = new Set(payload.issues.map((issue) => issue.path?.[0]));
    const given = (field: LocationField) => {
      const value = payload.value[field];
      return !failed.has(field) && typeof value === 'string' ? value : undefined;
    };
    const location = {
      division: given('division'),
      district: given('district'),
      area: given('area'),
    };
    const anyRefused = LOCATION_FIELDS.some((field) => failed.has(field));
    for (const issue of listingLocationIssues(location, anyRefused)) {
      // A field already refused keeps its own message alone.
      if (failed.has(issue.field)) continue;
      payload.issues.push({
        code: 'custom',
        message: issue.message,
        path: [issue.field],
        input: payload.value,
      });
    }
  },
  { when: () => true },
);

/**
 * Where a listing is, chosen from the catalog: a division, a district in it and, where the
 * catalog knows the district's areas, optionally an area in that district. The free-text
 * address line stays beside it. Every id must exist and sit under the one before it.
 */
export const ListingLocationInputSchema = z
  .strictObject(listingLocationShape)
  .check(listingLocationRules);
export type ListingLocationInput = z.infer<typeof ListingLocationInputSchema>;

/**
 * A listing's structured location as the API answers: catalog ids (pages name them from the
 * catalog in their language), or null while its agent has it to complete.
 */
export const ListingPlaceSchema = z.nullable(
  z.object({ division: z.string(), district: z.string(), area: z.nullable(z.string()) }),
);
export type ListingPlace = z.infer<typeof ListingPlaceSchema>;

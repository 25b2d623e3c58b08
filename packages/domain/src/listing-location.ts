import { z } from 'zod/mini';
import { listingLocationMessages as messages } from './listing-location-messages.ts';
import { placeById } from './locations.ts';
import { blankAsMissing, text } from './text.ts';

/** Ids are short slugs; anything longer is not one, and is not looked up. */
const PLACE_ID_MAX = 60;

const placeId = (required: string, unknown: string) =>
  z.pipe(
    z.transform(blankAsMissing),
    text({ error: required }).check(z.trim(), z.maxLength(PLACE_ID_MAX, unknown)),
  );

/**
 * Where a listing is, chosen from the catalog: a division, a district in it and, where the
 * catalog knows the district's areas, optionally an area in that district. The free-text
 * address line stays beside it. Every id must exist and sit under the one before it.
 */
export const ListingLocationInputSchema = z
  .strictObject({
    division: placeId(messages.divisionRequired, messages.divisionUnknown),
    district: placeId(messages.districtRequired, messages.districtUnknown),
    area: z.pipe(
      z.transform(blankAsMissing),
      z.optional(text().check(z.trim(), z.maxLength(PLACE_ID_MAX, messages.areaUnknown))),
    ),
  })
  .check(
    z.superRefine((location, context) => {
      const refuse = (field: 'division' | 'district' | 'area', message: string) =>
        context.addIssue({ code: 'custom', message, path: [field], input: location });
      const division = placeById('division', location.division);
      const district = placeById('district', location.district);
      if (!division) refuse('division', messages.divisionUnknown);
      if (!district) refuse('district', messages.districtUnknown);
      else if (division && district.parent !== division.id) {
        refuse('district', messages.districtOutsideDivision);
      }
      if (location.area === undefined) return;
      const area = placeById('area', location.area);
      if (!area) refuse('area', messages.areaUnknown);
      else if (district && area.parent !== district.id)
        refuse('area', messages.areaOutsideDistrict);
    }),
  );
export type ListingLocationInput = z.infer<typeof ListingLocationInputSchema>;

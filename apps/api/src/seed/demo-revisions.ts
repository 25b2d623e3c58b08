import type { ListingFields } from '@basha/domain';
import type { listingRevision } from '../db/schema.ts';
import type { ListingEdit } from '../modules/listings/listing-edit.ts';
import type { ListingRow } from './demo-marketplace-rows.ts';
import { daysBefore } from './demo-time.ts';

type RevisionRow = typeof listingRevision.$inferInsert;

/** How many public demo listings have an edit waiting for the demo admin (ADR 32). */
export const DEMO_PENDING_REVISIONS = 3;

/**
 * Edits of public demo listings waiting for review: their agents raised the price and added
 * a line to the description, as agents do, and the demo admin has them to approve or reject.
 * No new photos, so the seed stores no extra media. Pure: no I/O.
 */
export function buildDemoRevisions(listings: readonly ListingRow[], now: Date): RevisionRow[] {
  const public_ = listings.filter(
    (row) => row.status === 'verified' && !row.soldAt && !row.delistedAt,
  );
  return public_.slice(0, DEMO_PENDING_REVISIONS).map((row, index) => {
    const raise = (price: number) => Math.round((price * 1.08) / 1000) * 1000;
    const edit: ListingEdit = {
      fields: {
        ...fieldsOf(row),
        description: `${row.description}\n\nNewly painted throughout; the price reflects the work done.`,
        priceMin: raise(row.priceMin),
        priceMax: raise(row.priceMax),
      },
      gallery: null,
    };
    return {
      listingId: row.id,
      agentId: row.agentId,
      edit,
      createdAt: daysBefore(now, 0, index + 1),
    };
  });
}

/** The update form's fields as the listing row holds them: an edit that changes nothing. */
function fieldsOf(row: ListingRow): ListingFields {
  return {
    title: row.title,
    location: row.location,
    description: row.description,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    type: row.type ?? undefined,
    bedrooms: row.bedrooms ?? undefined,
    bathrooms: row.bathrooms ?? undefined,
    size: row.sizeValue ?? undefined,
    sizeUnit: row.sizeUnit ?? 'sqft',
    floor: row.floor ?? undefined,
    totalFloors: row.totalFloors ?? undefined,
    facing: row.facing ?? undefined,
    completion: row.completion ?? undefined,
    handoverMonth: row.handoverMonth ?? undefined,
    furnishing: row.furnishing ?? undefined,
    amenities: row.amenities ?? [],
    division: row.division ?? undefined,
    district: row.district ?? undefined,
    area: row.area ?? undefined,
  } as ListingFields;
}

import {
  type ListingDetails,
  type ListingGalleryPhoto,
  type ListingSale,
  type ManagedListing,
  NO_REVISION_STATE,
  type PendingListingEdit,
} from '@basha/domain';
import { type ListingCardRow, toListingCard } from './listing-card.ts';
import { listingUpdateColumnsOf } from './listing-changes.repository.ts';
import type { ListingEdit } from './listing-edit.ts';
import { type FactsRow, factsOf, placeOf, pricePerSqftOf } from './listing-facts-columns.ts';
import { toGalleryPhoto } from './listing-gallery.ts';

export type ManagedListingRow = ListingCardRow &
  FactsRow & {
    rejectionReason: string | null;
    delisted: boolean;
    /** created_at in UTC with microseconds, for cursors. */
    createdAtKey: string;
  };

export type ListingDetailsRow = ManagedListingRow & {
  agentPhone: string | null;
  description: string;
  updatedAt: Date;
};

export function toManagedListing(row: ManagedListingRow): ManagedListing {
  return {
    ...toListingCard(row),
    rejectionReason: row.rejectionReason,
    delisted: Boolean(row.delisted),
    ...NO_REVISION_STATE,
    facts: factsOf(row),
    pricePerSqft: pricePerSqftOf(row),
    place: placeOf(row),
  };
}

/**
 * Only the owner agent and admins learn why a listing was rejected; only signed-in readers
 * get the agent's phone number (issue 21).
 */
export function toListingDetails(
  row: ListingDetailsRow,
  photos: ListingGalleryPhoto[],
  sale: ListingSale | null,
  {
    showRejectionReason,
    showAgentPhone,
  }: { showRejectionReason: boolean; showAgentPhone: boolean },
): ListingDetails {
  const managed = toManagedListing(row);
  return {
    ...managed,
    rejectionReason: showRejectionReason ? managed.rejectionReason : null,
    agentPhone: showAgentPhone ? row.agentPhone : null,
    description: row.description,
    photos,
    updatedAt: row.updatedAt.toISOString(),
    sale,
    pendingEdit: null,
  };
}

/** The listing as `edit` would make it: its fields over the row's, its gallery if it has one. */
export function toPendingListingEdit(
  row: ListingDetailsRow,
  photos: ListingGalleryPhoto[],
  edit: ListingEdit,
): PendingListingEdit {
  // The edit's columns are the row's, by name: the diff of a revision compares them so too.
  const edited = { ...row, ...listingUpdateColumnsOf(edit.fields) } as ListingDetailsRow;
  return {
    title: edited.title,
    location: edited.location,
    description: edited.description,
    price: { min: Number(edited.priceMin), max: Number(edited.priceMax) },
    facts: factsOf(edited),
    place: placeOf(edited),
    photos: edit.gallery ? edit.gallery.map(toGalleryPhoto) : photos,
  };
}

import {
  type ListingDetails,
  type ListingGalleryPhoto,
  type ListingSale,
  type ManagedListing,
  NO_REVISION_STATE,
} from '@basha/domain';
import { type ListingCardRow, toListingCard } from './listing-card.ts';
import { type FactsRow, factsOf, placeOf, pricePerSqftOf } from './listing-facts-columns.ts';

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
  };
}

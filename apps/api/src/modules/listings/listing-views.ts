import type { ListingDetails, ListingSale, ManagedListing } from '@basha/domain';
import { type ListingCardRow, toListingCard } from './listing-card.ts';

export type ManagedListingRow = ListingCardRow & {
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
  };
}

/** Only the owner agent and admins learn why a listing was rejected. */
export function toListingDetails(
  row: ListingDetailsRow,
  sale: ListingSale | null,
  { showRejectionReason }: { showRejectionReason: boolean },
): ListingDetails {
  const managed = toManagedListing(row);
  return {
    ...managed,
    rejectionReason: showRejectionReason ? managed.rejectionReason : null,
    agentPhone: row.agentPhone,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
    sale,
  };
}

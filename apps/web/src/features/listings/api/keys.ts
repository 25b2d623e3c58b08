import type { ListingBrowseFilters, ListingStatus } from '@basha/domain';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the listings feature; every change invalidates `listingKeys.all`. */
export const listingKeys = {
  all: queryRoots.listings,
  latest: () => [...listingKeys.all, 'latest'] as const,
  browse: (filters: BrowseFilters) => [...listingKeys.all, 'browse', filters] as const,
  searchCounts: (filters: BrowseFilters) => [...listingKeys.all, 'searchCounts', filters] as const,
  details: (id: string) => [...listingKeys.all, 'details', id] as const,
  mine: () => [...listingKeys.all, 'mine'] as const,
  admin: (status: ListingStatus | undefined) =>
    [...listingKeys.all, 'admin', status ?? 'all'] as const,
};

/** What the all-properties page filters by (the domain's, read from the address there). */
export type BrowseFilters = ListingBrowseFilters;

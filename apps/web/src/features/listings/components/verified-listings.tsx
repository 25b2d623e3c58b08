import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useBrowseListings } from '../api/browse-listings.ts';
import type { BrowseFilters } from '../api/keys.ts';
import { DetailsLink } from './details-link.tsx';
import { useFirstPhotoFirst } from './first-photo-first.ts';
import { ListingCard } from './listing-card.tsx';

/** The grid of verified properties matching the filters, one API page at a time. */
export function VerifiedListings({ filters }: { filters: BrowseFilters }) {
  const { t } = useI18n();
  const browse = useBrowseListings(filters);
  const photoLoadingAt = useFirstPhotoFirst();
  const refreshing = browse.isPlaceholderData && browse.isFetching;
  return (
    <QueryState query={browse}>
      {({ pages }) => {
        const listings = pages.flatMap((page) => page.items);
        return (
          <div className="flex flex-col gap-6">
            {refreshing ? (
              <p role="status" className="text-sm text-slate-700">
                {t('browse.updating')}
              </p>
            ) : null}
            {listings.length === 0 ? (
              <p className="rounded-lg bg-white p-10 text-center text-xl font-semibold text-slate-800 shadow-sm">
                {t('browse.empty')}
              </p>
            ) : (
              <ul
                aria-label={t('browse.results')}
                aria-busy={refreshing || undefined}
                className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
              >
                {listings.map((listing, index) => (
                  <li key={listing.id} className="flex">
                    <ListingCard
                      listing={listing}
                      headingLevel={2}
                      {...photoLoadingAt(index)}
                      actions={<DetailsLink id={listing.id} title={listing.title} />}
                    />
                  </li>
                ))}
              </ul>
            )}
            {browse.isFetchingNextPage ? <Spinner /> : null}
            <LoadMoreButton query={browse} />
          </div>
        );
      }}
    </QueryState>
  );
}

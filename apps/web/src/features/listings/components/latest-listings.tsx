import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useLatestListings } from '../api/get-latest-listings.ts';
import { DetailsLink } from './details-link.tsx';
import { useFirstPhotoFirst } from './first-photo-first.ts';
import { ListingCard } from './listing-card.tsx';

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

/** The home page's "All New Properties": the newest verified listings as cards. */
export function LatestListings() {
  const { t } = useI18n();
  const latest = useLatestListings();
  const photoLoadingAt = useFirstPhotoFirst();
  return (
    <section aria-labelledby="new-properties-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="new-properties-heading" className="mb-6 text-3xl font-bold text-slate-900">
        {t('home.newProperties')}
      </h2>
      <QueryState query={latest} pending={<CardsLoading />}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-700">{t('home.noProperties')}</p>
          ) : (
            <ul className={GRID}>
              {items.map((listing, index) => (
                <li key={listing.id} className="flex">
                  <ListingCard
                    listing={listing}
                    {...photoLoadingAt(index)}
                    actions={<DetailsLink id={listing.id} title={listing.title} />}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * Card-sized placeholders while the listings load, so the cards take their place instead of
 * pushing the reviews below them down the page (a layout shift).
 */
function CardsLoading() {
  const { t } = useI18n();
  return (
    <ul className={GRID} aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((slot) => (
        <li
          key={slot}
          className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          <div className="aspect-[3/2] w-full animate-pulse bg-slate-200" />
          <div className="h-64" />
        </li>
      ))}
    </ul>
  );
}

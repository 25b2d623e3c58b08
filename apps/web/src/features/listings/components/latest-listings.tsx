import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useLatestListings } from '../api/get-latest-listings.ts';
import { DetailsLink } from './details-link.tsx';
import { PropertyCard } from './property-card.tsx';

/** The home page's "All New Properties": the newest verified listings as cards. */
export function LatestListings() {
  const { t } = useI18n();
  const latest = useLatestListings();
  return (
    <section aria-labelledby="new-properties-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="new-properties-heading" className="mb-6 text-3xl font-bold text-slate-900">
        {t('home.newProperties')}
      </h2>
      <QueryState query={latest}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-700">{t('home.noProperties')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {items.map((listing) => (
                <li key={listing.id} className="flex">
                  <PropertyCard
                    listing={listing}
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

import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useSearchCounts } from '../../features/listings/api/get-search-counts.ts';
import { ListingFilters } from '../../features/listings/components/listing-filters.tsx';
import { SearchFactFilters } from '../../features/listings/components/search-fact-filters.tsx';
import { SearchResultCount } from '../../features/listings/components/search-result-count.tsx';
import { VerifiedListings } from '../../features/listings/components/verified-listings.tsx';
import { SearchWriterScope } from '../../features/listings/hooks/search-writer.tsx';
import { useBrowseFilters } from '../../features/listings/hooks/use-browse-filters.ts';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';

export default function AllPropertiesPage() {
  const { t } = useI18n();
  const { filters, priceOrderWrong, priceProblems, sizeOrderWrong, sizeProblems } =
    useBrowseFilters();
  const counts = useSearchCounts(filters);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <PageHeading className="text-3xl font-bold text-slate-900">{t('browse.title')}</PageHeading>
      <SearchWriterScope>
        <ListingFilters priceOrderWrong={priceOrderWrong} priceProblems={priceProblems} />
        <SearchFactFilters
          filters={filters}
          counts={counts.data}
          sizeOrderWrong={sizeOrderWrong}
          sizeProblems={sizeProblems}
        />
      </SearchWriterScope>
      <SaveSearchButton />
      <SearchResultCount counts={counts.data} />
      <VerifiedListings filters={filters} />
    </div>
  );
}

import type { ListingSearchCounts } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { resultCountText } from '../listing-facts-format.ts';

/**
 * "1,234 properties" ("১,২৩৪টি প্রপার্টি" in Bangla), or "10,000+ properties" when counting
 * stopped at its cap. Announced politely, as it changes with every search. Its line's height
 * is kept before the count arrives (text-lg is 1.75rem high), so nothing below it moves.
 */
export function SearchResultCount({ counts }: { counts: ListingSearchCounts | undefined }) {
  const i18n = useI18n();
  return (
    <p role="status" className="min-h-7 text-lg font-semibold text-slate-900">
      {counts === undefined
        ? null
        : counts.capped
          ? i18n.t('search.resultCountAtLeast', { count: i18n.number(counts.total) })
          : resultCountText(counts.total, i18n)}
    </p>
  );
}

import { LISTING_SEARCH_SORTS } from '@basha/domain';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ROW_ALIGNED } from '../../../components/ui/field-frame.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import {
  FILTER_PARAMS,
  useDebouncedSearchParam,
  usePushSearchParams,
} from '../hooks/use-browse-filters.ts';

/**
 * The all-properties search: "Search by Location..." plus an optional price window and sort,
 * all kept in the address. Typing searches after a short pause; Reset clears everything.
 */
export function ListingFilters({
  priceOrderWrong = false,
  priceProblems = {},
}: {
  priceOrderWrong?: boolean;
  /** Why a typed price was left out of the search ("-500", "lots"), by parameter. */
  priceProblems?: Partial<Record<'minPrice' | 'maxPrice', string>>;
}) {
  const { t, serverText } = useI18n();
  const [params] = useSearchParams();
  const pushParams = usePushSearchParams();
  const [location, setLocation] = useDebouncedSearchParam('location');
  const [minPrice, setMinPrice] = useDebouncedSearchParam('minPrice');
  const [maxPrice, setMaxPrice] = useDebouncedSearchParam('maxPrice');
  const sort = params.get('sort') ?? 'newest';

  const reset = () => {
    setLocation('');
    setMinPrice('');
    setMaxPrice('');
    pushParams(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null])));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and for jsdom)
    <form
      role="search"
      aria-label={t('browse.filters')}
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <TextField
        label={t('browse.searchLabel')}
        type="search"
        placeholder={t('browse.searchPlaceholder')}
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        autoComplete="off"
        rowAligned
        className="col-span-2 lg:col-span-1"
      />
      {/* Text, not type="number": a number box refuses Bangla digits and lakh commas. */}
      <TextField
        label={t('browse.minPrice')}
        inputMode="numeric"
        value={minPrice}
        onChange={(event) => setMinPrice(event.target.value)}
        rowAligned
        error={
          priceOrderWrong
            ? t('browse.priceOrder')
            : priceProblems.minPrice && serverText(priceProblems.minPrice)
        }
      />
      <TextField
        label={t('browse.maxPrice')}
        inputMode="numeric"
        value={maxPrice}
        onChange={(event) => setMaxPrice(event.target.value)}
        rowAligned
        error={priceProblems.maxPrice && serverText(priceProblems.maxPrice)}
      />
      {/* A row of its own on a phone: the longest Bangla order names were cut off beside Reset. */}
      <SelectField
        label={t('browse.sort')}
        value={sort}
        onChange={(event) =>
          pushParams({ sort: event.target.value === 'newest' ? null : event.target.value })
        }
        rowAligned
        className="col-span-2 sm:col-span-1"
      >
        {LISTING_SEARCH_SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`browse.sort.${option}`)}
          </option>
        ))}
      </SelectField>
      {/* In the controls' row, under the labels' row. */}
      <div className={ROW_ALIGNED}>
        <Button variant="secondary" onClick={reset} className="row-start-2">
          {t('browse.reset')}
        </Button>
      </div>
    </form>
  );
}

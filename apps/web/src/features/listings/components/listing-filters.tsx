import { LISTING_SEARCH_SORTS } from '@basha/domain';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
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
  const sortId = useId();
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
      className="grid grid-cols-2 items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <TextField
        label={t('browse.searchLabel')}
        type="search"
        placeholder={t('browse.searchPlaceholder')}
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        autoComplete="off"
        className="col-span-2 lg:col-span-1"
      />
      {/* Text, not type="number": a number box refuses Bangla digits and lakh commas. */}
      <TextField
        label={t('browse.minPrice')}
        inputMode="numeric"
        value={minPrice}
        onChange={(event) => setMinPrice(event.target.value)}
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
        error={priceProblems.maxPrice && serverText(priceProblems.maxPrice)}
      />
      {/* A row of its own on a phone: the longest Bangla order names were cut off beside Reset. */}
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
          {t('browse.sort')}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) =>
            pushParams({ sort: event.target.value === 'newest' ? null : event.target.value })
          }
          className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
        >
          {LISTING_SEARCH_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`browse.sort.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={reset}>
        {t('browse.reset')}
      </Button>
    </form>
  );
}

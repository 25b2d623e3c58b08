import {
  AMENITIES,
  COMPLETION_STATUSES,
  childrenOf,
  DIVISIONS,
  LISTING_TYPES,
  type ListingSearchCounts,
  type Place,
  placeName,
  SIZE_UNITS,
} from '@basha/domain';
import { type ReactNode, startTransition, useId, useOptimistic } from 'react';
import { ROW_ALIGNED } from '../../../components/ui/field-frame.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import type { BrowseFilters } from '../api/keys.ts';
import { useDebouncedSearchParam, usePushSearchParams } from '../hooks/use-browse-filters.ts';

const ROOM_CHOICES = [1, 2, 3, 4, 5] as const;

/**
 * The filters on a listing's facts and place, in a panel that folds away (on a phone the
 * results stay in reach). Every choice is a new search in the address, so Back undoes it;
 * the sizes are typed, and written after a pause like the prices.
 */
export function SearchFactFilters({
  filters,
  counts,
  sizeOrderWrong = false,
  sizeProblems = {},
}: {
  filters: BrowseFilters;
  counts: ListingSearchCounts | undefined;
  sizeOrderWrong?: boolean;
  /** Why a typed size was left out of the search ("-50", "big"), by parameter. */
  sizeProblems?: Partial<Record<'minSize' | 'maxSize', string>>;
}) {
  const { t, locale, number, serverText } = useI18n();
  const push = usePushSearchParams();
  const [minSize, setMinSize] = useDebouncedSearchParam('minSize');
  const [maxSize, setMaxSize] = useDebouncedSearchParam('maxSize');
  const chosen = [
    filters.types,
    filters.division,
    filters.minBedrooms,
    filters.minBathrooms,
    filters.minSize ?? filters.maxSize,
    filters.amenities,
    filters.completion,
  ].filter((value) => value !== undefined).length;

  // A box shows its new state at once: the search it starts is a navigation that React
  // holds back (a transition) until the new results have loaded.
  const [ticked, tick] = useOptimistic(
    { types: filters.types, amenities: filters.amenities },
    (state, change: Partial<Pick<BrowseFilters, 'types' | 'amenities'>>) => ({
      ...state,
      ...change,
    }),
  );
  const toggle = (name: 'types' | 'amenities', value: string, on: boolean) => {
    const current: readonly string[] = ticked[name] ?? [];
    const next = on ? [...current, value] : current.filter((one) => one !== value);
    startTransition(() => {
      tick({ [name]: next });
      push({ [name]: next });
    });
  };
  const placeOptions = (places: readonly Place[]) =>
    places.map((place) => ({ value: place.id, label: placeName(place, locale) }));

  return (
    <details className="rounded-lg border border-slate-200 bg-white shadow-sm" open={chosen > 0}>
      <summary className="cursor-pointer px-4 py-3 font-medium text-slate-900">
        {chosen > 0
          ? t('search.activeFilters', { count: number(chosen) })
          : t('search.moreFilters')}
      </summary>
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset className="flex flex-col gap-1 sm:col-span-2 lg:col-span-4">
          <legend className="text-sm font-medium text-slate-800">{t('search.types')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {LISTING_TYPES.map((type) => {
              const label = t(`facts.type.${type}`);
              const count = counts?.byType[type];
              // Once the first matches of every type reached the cap, a type's count is a
              // lower bound ("5,000+"), and none among them says nothing of the type.
              const atLeast = counts?.typesCapped === true;
              const countText =
                count === undefined || (atLeast && count === 0)
                  ? label
                  : t(atLeast ? 'search.typeWithCountAtLeast' : 'search.typeWithCount', {
                      type: label,
                      count: number(count),
                    });
              return (
                <label key={type} className="flex items-center gap-2 text-slate-900">
                  <input
                    type="checkbox"
                    checked={ticked.types?.includes(type) ?? false}
                    onChange={(event) => toggle('types', type, event.target.checked)}
                    className="size-4 accent-emerald-700"
                  />
                  {countText}
                </label>
              );
            })}
          </div>
        </fieldset>
        <Choice
          label={t('search.division')}
          value={filters.division}
          options={placeOptions(DIVISIONS)}
          onChange={(division) => push({ division, district: null, area: null })}
        />
        <Choice
          label={t('search.district')}
          value={filters.district}
          options={filters.division ? placeOptions(childrenOf('division', filters.division)) : []}
          onChange={(district) => push({ district, area: null })}
        />
        <Choice
          label={t('search.area')}
          value={filters.area}
          options={filters.district ? placeOptions(childrenOf('district', filters.district)) : []}
          onChange={(area) => push({ area })}
        />
        <Choice
          label={t('search.completion')}
          value={filters.completion}
          options={COMPLETION_STATUSES.map((status) => ({
            value: status,
            label: t(`facts.completion.${status}`),
          }))}
          onChange={(completion) => push({ completion })}
        />
        <Choice
          label={t('search.minBedrooms')}
          value={filters.minBedrooms?.toString()}
          options={ROOM_CHOICES.map((count) => ({
            value: String(count),
            label: t('search.atLeast', { count: number(count) }),
          }))}
          onChange={(minBedrooms) => push({ minBedrooms })}
        />
        <Choice
          label={t('search.minBathrooms')}
          value={filters.minBathrooms?.toString()}
          options={ROOM_CHOICES.map((count) => ({
            value: String(count),
            label: t('search.atLeast', { count: number(count) }),
          }))}
          onChange={(minBathrooms) => push({ minBathrooms })}
        />
        {/* Text, not type="number": a number box refuses Bangla digits, as the prices'. */}
        <TextField
          label={t('search.minSize')}
          inputMode="decimal"
          value={minSize}
          onChange={(event) => setMinSize(event.target.value)}
          rowAligned
          error={
            sizeOrderWrong
              ? t('search.sizeOrder')
              : sizeProblems.minSize && serverText(sizeProblems.minSize)
          }
        />
        <TextField
          label={t('search.maxSize')}
          inputMode="decimal"
          value={maxSize}
          onChange={(event) => setMaxSize(event.target.value)}
          rowAligned
          error={sizeProblems.maxSize && serverText(sizeProblems.maxSize)}
        />
        <Choice
          label={t('search.sizeUnit')}
          value={filters.sizeUnit ?? 'sqft'}
          options={SIZE_UNITS.map((unit) => ({ value: unit, label: t(`facts.unit.${unit}`) }))}
          onChange={(unit) => push({ sizeUnit: unit === 'sqft' ? null : unit })}
          required
        />
        <fieldset className="flex flex-col gap-1 sm:col-span-2 lg:col-span-4">
          <legend className="text-sm font-medium text-slate-800">{t('search.amenities')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {AMENITIES.map((amenity) => (
              <label key={amenity} className="flex items-center gap-2 text-slate-900">
                <input
                  type="checkbox"
                  checked={ticked.amenities?.includes(amenity) ?? false}
                  onChange={(event) => toggle('amenities', amenity, event.target.checked)}
                  className="size-4 accent-emerald-700"
                />
                {t(`facts.amenity.${amenity}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </details>
  );
}

/**
 * A labelled list with "Any" first (unless required); choosing "Any" clears the filter. Its
 * box lines up with its row's (ROW_ALIGNED) when a neighbour's label wraps.
 */
function Choice({
  label,
  value,
  options,
  onChange,
  required = false,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  required?: boolean;
}): ReactNode {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className={ROW_ALIGNED}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={options.length === 0}
        onChange={(event) => onChange(event.target.value || null)}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700 disabled:bg-slate-100"
      >
        {required ? null : <option value="">{t('search.any')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

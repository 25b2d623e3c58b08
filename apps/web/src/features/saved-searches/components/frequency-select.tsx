import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@basha/domain';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** How often a saved search tells of new matches: at once, or in the 09:00 digest. */
export function FrequencySelect({
  value,
  onChange,
  disabled,
}: {
  value: SavedSearchFrequency;
  onChange(frequency: SavedSearchFrequency): void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('savedSearches.frequency')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as SavedSearchFrequency)}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
      >
        {SAVED_SEARCH_FREQUENCIES.map((option) => (
          <option key={option} value={option}>
            {t(`savedSearches.frequency.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

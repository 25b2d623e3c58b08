import { RATING_MAX, RATING_MIN } from '@basha/domain';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Star rating as a native radio group: arrow keys move between stars, the legend names the
 * group and every star is read out as "3 stars".
 */
export function RatingInput({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const { t, number } = useI18n();
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-1"
    >
      <legend className="text-sm font-medium text-slate-800">{t('reviews.rating')}</legend>
      <div className="flex gap-1">
        {STARS.map((stars) => (
          <label key={stars} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <span
              aria-hidden
              className={`block rounded px-1 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-700 ${
                value !== undefined && stars <= value ? 'text-amber-600' : 'text-slate-500'
              }`}
            >
              {value !== undefined && stars <= value ? '★' : '☆'}
            </span>
            <span className="sr-only">
              {stars === 1
                ? t('reviews.oneStar')
                : t('reviews.manyStars', { rating: number(stars) })}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { RATING_MAX } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** A rating shown as stars, read out as "4 out of 5 stars". */
export function ReviewStars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t, number } = useI18n();
  return (
    <span
      role="img"
      aria-label={t('reviews.stars', { rating: number(rating) })}
      className={`whitespace-nowrap tracking-wide ${className}`}
    >
      <span className="text-amber-600">{'★'.repeat(rating)}</span>
      <span className="text-slate-500">{'☆'.repeat(RATING_MAX - rating)}</span>
    </span>
  );
}

import type { ListingStatus } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

const colours: Record<ListingStatus, string> = {
  verified: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-900',
  rejected: 'bg-red-100 text-red-800',
};

/** The spec's verification badge: verified green, pending yellow, rejected red. */
export function StatusBadge({ status, sold = false }: { status: ListingStatus; sold?: boolean }) {
  const { t } = useI18n();
  if (sold)
    return (
      <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
        {t('listing.sold')}
      </span>
    );
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status]}`}>
      {t(`listing.status.${status}`)}
    </span>
  );
}

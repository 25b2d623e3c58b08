import type { OfferStatus } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

const colours: Record<OfferStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  accepted: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-800',
  paid: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-sky-100 text-sky-900',
};

/** An offer's status as the agent sees it. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useI18n();
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status]}`}
    >
      {t(`offers.status.${status}`)}
    </span>
  );
}

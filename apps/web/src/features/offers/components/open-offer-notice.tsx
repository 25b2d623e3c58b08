import type { OpenOffer } from '@basha/domain';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * In place of the offer form when the buyer's offer on this property is still open: the
 * server would refuse a second one, so the page says why before anything is typed.
 */
export function OpenOfferNotice({ offer }: { offer: OpenOffer }) {
  const { t, money, date } = useI18n();
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-950">
        {offer.status === 'accepted'
          ? t('offers.openAccepted', { amount: money(offer.amount) })
          : t('offers.openPending', {
              amount: money(offer.amount),
              deadline: date(offer.deadline),
            })}
      </p>
      <Link
        to={paths.dashboard.propertyBought}
        className="self-start font-semibold text-emerald-800 underline"
      >
        {t('offers.seeYourOffer')}
      </Link>
    </div>
  );
}

import { offerMessages } from '@basha/domain';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMyOffer } from '../api/get-my-offer.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';

/**
 * What the payment page would charge, and a plain notice that card payment is not open
 * yet: there is no card form until a payment provider is connected.
 */
export function PaymentSummary({ offerId }: { offerId: string }) {
  const { t, money, serverText } = useI18n();
  const offer = useMyOffer(offerId);
  return (
    <div className="flex flex-col gap-6">
      <QueryState query={offer}>
        {(found) => (
          <section
            aria-labelledby="payment-offer"
            className="flex flex-col gap-3 rounded-lg bg-white p-6 shadow-sm"
          >
            <h2 id="payment-offer" className="text-lg font-bold text-slate-900">
              {t('offers.paymentFor')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
              <dt className="font-medium">{t('offers.col.property')}</dt>
              <dd>
                <p className="font-semibold">{found.listing.title}</p>
                <p className="text-sm text-slate-700">{found.listing.location}</p>
              </dd>
              <dt className="font-medium">{t('listing.agent')}</dt>
              <dd>
                {found.listing.agent.name}{' '}
                <span className="text-sm text-slate-700">({found.listing.agent.email})</span>
              </dd>
              <dt className="font-medium">{t('offers.amountToPay')}</dt>
              <dd className="text-xl font-bold text-emerald-800">{money(found.amount)}</dd>
              <dt className="font-medium">{t('offers.status')}</dt>
              <dd>
                <OfferStatusBadge status={found.status} />
              </dd>
            </dl>
            {found.status === 'accepted' ? (
              <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-4">
                <p className="font-semibold text-amber-900">
                  {t('offers.paymentUnavailableTitle')}
                </p>
                <p className="text-sm text-amber-900">{t('offers.paymentUnavailable')}</p>
              </div>
            ) : (
              <p className="rounded-md bg-slate-100 p-4 text-slate-800">
                {serverText(
                  found.status === 'paid' ? offerMessages.alreadyPaid : offerMessages.notAccepted,
                )}
              </p>
            )}
          </section>
        )}
      </QueryState>
      <Link
        to={paths.dashboard.propertyBought}
        className="self-start font-semibold text-emerald-800 underline"
      >
        {t('offers.backToBought')}
      </Link>
    </div>
  );
}

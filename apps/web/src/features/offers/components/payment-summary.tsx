import { type MyOffer, type OfferStatus, offerMessages } from '@basha/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMyOffer } from '../api/get-my-offer.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';

/**
 * The offer being paid: what it is and what it costs. `payment` renders the way to pay
 * (or the receipt) for an accepted or paid offer; the route supplies it from payments.
 */
export function PaymentSummary({
  offerId,
  payment,
}: {
  offerId: string;
  payment: (offer: MyOffer) => ReactNode;
}) {
  const { t, money, serverText } = useI18n();
  const offer = useMyOffer(offerId);
  return (
    <div className="flex flex-col gap-6">
      <QueryState query={offer}>
        {(found) => (
          <Panel title={t('offers.paymentFor')} spacing="gap-3">
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
            {hasPaymentView(found.status) ? null : (
              <p className="rounded-md bg-slate-100 p-4 text-slate-800">
                {serverText(offerMessages.notAccepted)}
              </p>
            )}
          </Panel>
        )}
      </QueryState>
      {offer.data && hasPaymentView(offer.data.status) ? payment(offer.data) : null}
      <Link
        to={paths.dashboard.propertyBought}
        className="self-start font-semibold text-emerald-800 underline"
      >
        {t('offers.backToBought')}
      </Link>
    </div>
  );
}

/** Offers the payment page has something for: a payment to make, or a receipt (refunded too). */
function hasPaymentView(status: OfferStatus): boolean {
  return status === 'accepted' || status === 'paid' || status === 'refunded';
}

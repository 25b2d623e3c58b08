import type { MyOffer } from '@basha/domain';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { ListingCard } from '../../listings/components/listing-card.tsx';
import { useMyOffers } from '../api/get-my-offers.ts';

/** "Property bought": the buyer's offers as property cards showing where each one stands. */
export function MyOffersGrid() {
  const { t } = useI18n();
  const offers = useMyOffers();
  return (
    <QueryState query={offers}>
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0) {
          return (
            <p className="rounded-lg bg-white p-10 text-center text-lg font-semibold text-slate-800 shadow-sm">
              {t('offers.none')}
            </p>
          );
        }
        return (
          <div className="flex flex-col gap-6">
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
              {items.map((offer, index) => (
                <li key={offer.id} className="flex flex-col [&>article]:flex-1">
                  <ListingCard
                    headingLevel={2}
                    priority={index < 3}
                    listing={offer.listing}
                    footer={<OfferFooter offer={offer} />}
                  />
                </li>
              ))}
            </ul>
            <LoadMoreButton query={offers} />
          </div>
        );
      }}
    </QueryState>
  );
}

const stateColours = {
  pending: 'bg-yellow-50 text-yellow-900',
  rejected: 'bg-red-50 text-red-800',
  expired: 'bg-slate-100 text-slate-800',
  paid: 'bg-emerald-50 text-emerald-900',
  refunded: 'bg-sky-50 text-sky-900',
} as const;

function OfferFooter({ offer }: { offer: MyOffer }) {
  const { t, number, money, date } = useI18n();
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-3 text-sm">
      {/* Each label beside its value, the value on the next line when both do not fit: in a
          two-column grid a long Bangla label squeezed the price, whose unit then sat on the
          label's second line and read as a row of its own. */}
      <dl className="flex flex-col gap-1 text-slate-700">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="font-medium">{t('offers.yourOffer')}</dt>
          <dd className="ml-auto whitespace-nowrap">{money(offer.amount)}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="font-medium">{t('offers.askingWhenOffered')}</dt>
          <dd className="ml-auto whitespace-nowrap">
            {t('listing.priceShort', {
              min: number(offer.priceAtOffer.min),
              max: number(offer.priceAtOffer.max),
            })}
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="font-medium">{t('offers.deadlineOn')}</dt>
          <dd className="ml-auto whitespace-nowrap">{date(offer.deadline)}</dd>
        </div>
      </dl>
      {offer.status === 'accepted' ? (
        <Link
          to={paths.dashboard.payment(offer.id)}
          className="inline-flex min-h-10 items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {t('offers.pay', { amount: number(offer.amount) })}
        </Link>
      ) : offer.status === 'paid' || offer.status === 'refunded' ? (
        <div className={`flex flex-col gap-1 rounded-md px-3 py-2 ${stateColours[offer.status]}`}>
          <p className="text-center font-semibold">{t(`offers.buyerState.${offer.status}`)}</p>
          {offer.paymentReference ? (
            <p className="text-center text-xs">
              {t('offers.paidReference')}{' '}
              <span className="break-all font-mono">{offer.paymentReference}</span>
            </p>
          ) : null}
          <Link
            to={paths.dashboard.payment(offer.id)}
            className="inline-flex min-h-6 items-center justify-center self-center text-xs font-semibold underline focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {t('offers.viewReceipt')}
          </Link>
        </div>
      ) : (
        <div className={`rounded-md px-3 py-2 text-center ${stateColours[offer.status]}`}>
          <p className="font-semibold">{t(`offers.buyerState.${offer.status}`)}</p>
          {offer.status === 'rejected' && offer.lostToAnotherOffer ? (
            // Not the agent's answer to this offer: they took another one.
            <p className="text-xs">{t('offers.lostToAnother')}</p>
          ) : null}
        </div>
      )}
    </div>
  );
}

import type { ReceivedOffer } from '@basha/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useAcceptOffer } from '../api/accept-offer.ts';
import { useReceivedOffers } from '../api/get-received-offers.ts';
import { useRejectOffer } from '../api/reject-offer.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';

/** "Requested properties": offers on the agent's listings; pending ones can be answered. */
export function ReceivedOffersTable() {
  const { t } = useI18n();
  const offers = useReceivedOffers();
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
          <div className="flex flex-col gap-4">
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">{t('offers.requestedCaption')}</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    <th scope="col" className="px-3 py-3 font-semibold">
                      {t('offers.col.property')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-semibold">
                      {t('offers.col.buyer')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-semibold">
                      {t('offers.col.price')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-semibold">
                      {t('offers.col.deadline')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-semibold">
                      {t('offers.col.status')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {items.map((offer) => (
                    <ReceivedOfferRow key={offer.id} offer={offer} />
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMoreButton query={offers} />
          </div>
        );
      }}
    </QueryState>
  );
}

function ReceivedOfferRow({ offer }: { offer: ReceivedOffer }) {
  const { t, number, money, date } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const deciding = accept.isPending || reject.isPending;
  const buyerName = offer.buyer?.name ?? t('offers.deletedBuyer');
  const named = { amount: number(offer.amount), buyer: buyerName, title: offer.listing.title };

  // Accepting rejects every other pending offer on the listing and cannot be undone: say how
  // many first. The server counts them over the whole listing, not the page on screen.
  const confirmAccept = async () => {
    const others = offer.otherPendingOffers;
    const confirmed = await dialogs.confirm({
      title: t('offers.acceptTitle'),
      text: `${t(
        others === 0
          ? 'offers.acceptOthers.none'
          : others === 1
            ? 'offers.acceptOthers.one'
            : 'offers.acceptOthers.many',
        { count: number(others) },
      )} ${t('confirm.irreversible')}`,
      confirmLabel: t('offers.acceptConfirm'),
    });
    if (!confirmed) return;
    accept.mutate(offer.id, {
      onSuccess: () => notify.success(t('offers.accepted')),
      onError: notify.error,
    });
  };

  return (
    <tr className="align-top text-slate-800">
      <th scope="row" className="min-w-36 px-3 py-3 font-semibold text-slate-900">
        {offer.listing.title}
      </th>
      <td className="px-3 py-3">
        <p className="font-medium">{buyerName}</p>
        {offer.buyer ? <p className="text-slate-700">{offer.buyer.email}</p> : null}
      </td>
      <td className="px-3 py-3">
        <p className="whitespace-nowrap font-semibold">{money(offer.amount)}</p>
        <p className="text-slate-700">
          {t('offers.asking', {
            min: number(offer.listing.price.min),
            max: number(offer.listing.price.max),
          })}
        </p>
      </td>
      <td className="whitespace-nowrap px-3 py-3">{date(offer.deadline)}</td>
      <td className="px-3 py-3">
        <div className="flex flex-col items-start gap-2">
          <OfferStatusBadge status={offer.status} />
          {offer.status === 'pending' ? (
            <div className="flex gap-2">
              <Button
                busy={accept.isPending}
                disabled={deciding}
                aria-label={t('offers.acceptNamed', named)}
                onClick={confirmAccept}
              >
                {t('offers.accept')}
              </Button>
              <Button
                variant="danger"
                busy={reject.isPending}
                disabled={deciding}
                aria-label={t('offers.rejectNamed', named)}
                onClick={() =>
                  reject.mutate(offer.id, {
                    onSuccess: () => notify.success(t('offers.rejected')),
                    onError: notify.error,
                  })
                }
              >
                {t('offers.reject')}
              </Button>
            </div>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

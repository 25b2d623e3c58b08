import type { ReceivedOffer } from '@basha/domain';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
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
  const { t, number, money, date } = useI18n();
  const offers = useReceivedOffers();
  const buyerNameOf = (offer: ReceivedOffer) => offer.buyer?.name ?? t('offers.deletedBuyer');
  const columns: DataColumn<ReceivedOffer>[] = [
    {
      header: t('offers.col.property'),
      rowHeader: true,
      cell: (offer) => offer.listing.title,
      className: 'min-w-36',
    },
    {
      header: t('offers.col.buyer'),
      cell: (offer) => (
        <>
          <p className="font-medium">{buyerNameOf(offer)}</p>
          {offer.buyer ? (
            <p className="text-slate-700">
              <EmailAddress address={offer.buyer.email} />
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: t('offers.col.price'),
      cell: (offer) => (
        <>
          <p className="whitespace-nowrap font-semibold">{money(offer.amount)}</p>
          {/* The range the offer was made against; the current one too once it changed. */}
          <p className="text-slate-700">
            {t('offers.asking', {
              min: number(offer.priceAtOffer.min),
              max: number(offer.priceAtOffer.max),
            })}
          </p>
          {samePrice(offer.priceAtOffer, offer.listing.price) ? null : (
            <p className="text-slate-700">
              {t('offers.askingNow', {
                min: number(offer.listing.price.min),
                max: number(offer.listing.price.max),
              })}
            </p>
          )}
        </>
      ),
    },
    {
      header: t('offers.col.deadline'),
      cell: (offer) => date(offer.deadline),
      className: 'whitespace-nowrap',
    },
    {
      header: t('offers.col.status'),
      cell: (offer) => <OfferDecision offer={offer} buyerName={buyerNameOf(offer)} />,
    },
  ];
  return (
    <QueryState query={offers}>
      {(data) => (
        <div className="flex flex-col gap-4">
          <DataTable
            caption={t('offers.requestedCaption')}
            columns={columns}
            rows={data.pages.flatMap((page) => page.items)}
            rowKey={(offer) => offer.id}
            empty={t('offers.none')}
            minWidthRem={44}
          />
          <LoadMoreButton query={offers} />
        </div>
      )}
    </QueryState>
  );
}

/** The offer's status and, while it is pending, the agent's two answers. */
function OfferDecision({ offer, buyerName }: { offer: ReceivedOffer; buyerName: string }) {
  const { t, number } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const deciding = accept.isPending || reject.isPending;
  // The answered offer's buttons go away: focus goes to its new status rather than the page.
  const status = useRef<HTMLDivElement>(null);
  const decided = (message: string) => {
    notify.success(message);
    status.current?.focus();
  };
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
      onSuccess: () => decided(t('offers.accepted')),
      onError: notify.error,
    });
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <div ref={status} tabIndex={-1} className="focus:outline-2 focus:outline-emerald-700">
        <OfferStatusBadge status={offer.status} />
      </div>
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
                onSuccess: () => decided(t('offers.rejected')),
                onError: notify.error,
              })
            }
          >
            {t('offers.reject')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function samePrice(a: { min: number; max: number }, b: { min: number; max: number }): boolean {
  return a.min === b.min && a.max === b.max;
}

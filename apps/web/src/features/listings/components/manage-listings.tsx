import {
  LISTING_STATUSES,
  type ListingCounts,
  type ListingStatus,
  type ManagedListing,
  REJECTION_REASON_MAX,
} from '@basha/domain';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { MessageKey } from '../../../lib/i18n/english-catalog.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useAdminListings } from '../api/get-admin-listings.ts';
import { useRejectListing } from '../api/reject-listing.ts';
import { useVerifyListing } from '../api/verify-listing.ts';
import { StatusBadge } from './status-badge.tsx';

const COUNT_LABELS: [keyof ListingCounts, MessageKey][] = [
  ['total', 'manage.total'],
  ['verified', 'manage.verified'],
  ['pending', 'manage.pending'],
  ['rejected', 'manage.rejected'],
  ['hidden', 'manage.hidden'],
];

function statusFrom(value: string | null): ListingStatus | undefined {
  return LISTING_STATUSES.includes(value as ListingStatus) ? (value as ListingStatus) : undefined;
}

/** Manage Properties: counts by status, a status filter (kept in the address) and the table. */
export function ManageListings() {
  const { t, number } = useI18n();
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const listings = useAdminListings(status);
  // The listing whose rejection form is open, under its row.
  const [rejectingId, setRejectingId] = useState<string | null>(null);
  const columns: DataColumn<ManagedListing>[] = [
    {
      header: t('manage.colTitle'),
      rowHeader: true,
      cell: (listing) => listing.title,
      className: 'min-w-48',
    },
    {
      header: t('manage.colLocation'),
      cell: (listing) => (
        <>
          {listing.location}
          {listing.place === null ? (
            <span className="block text-xs text-amber-800">{t('facts.placeToComplete')}</span>
          ) : null}
        </>
      ),
    },
    {
      header: t('manage.colAgent'),
      cell: (listing) => (
        <>
          <span className="block font-medium">{listing.agent.name}</span>
          <span className="block text-slate-700">
            <EmailAddress address={listing.agent.email} />
          </span>
        </>
      ),
    },
    {
      header: t('manage.colPrice'),
      cell: (listing) =>
        t('listing.priceShort', { min: number(listing.price.min), max: number(listing.price.max) }),
      className: 'whitespace-nowrap',
    },
    {
      header: t('manage.colStatus'),
      cell: (listing) => (
        <>
          <StatusBadge status={listing.status} sold={listing.sold} />
          {listing.rejectionReason ? (
            <span className="mt-1 block text-xs text-slate-700">
              {t('listing.rejectionReason', { reason: listing.rejectionReason })}
            </span>
          ) : null}
          {listing.delisted ? (
            <span className="mt-1 block text-xs text-amber-900">{t('listing.delisted')}</span>
          ) : null}
        </>
      ),
      className: 'min-w-36',
    },
    {
      header: t('manage.colActions'),
      cell: (listing) =>
        isDecidable(listing) ? (
          <ListingDecision
            listing={listing}
            rejecting={rejectingId === listing.id}
            onToggleReject={() =>
              setRejectingId((open) => (open === listing.id ? null : listing.id))
            }
          />
        ) : null,
    },
  ];

  return (
    <QueryState query={listings}>
      {({ pages }) => {
        const counts = pages[0]?.counts;
        const rows = pages.flatMap((page) => page.items);
        return (
          <div className="flex flex-col gap-6">
            {counts ? (
              <section aria-labelledby="listing-counts">
                <h2 id="listing-counts" className="sr-only">
                  {t('manage.counts')}
                </h2>
                <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
                  {COUNT_LABELS.map(([key, label]) => (
                    <div key={key} className="rounded-lg bg-white p-4 shadow-sm">
                      <dt className="text-sm font-medium text-slate-700">{t(label)}</dt>
                      <dd
                        className="text-3xl font-bold text-slate-900"
                        data-testid={`count-${key}`}
                      >
                        {number(counts[key])}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            <div className="flex flex-col gap-1 sm:w-64">
              <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
                {t('manage.filter')}
              </label>
              <select
                id={filterId}
                value={status ?? ''}
                onChange={(event) =>
                  setParams(event.target.value ? { status: event.target.value } : {}, {
                    replace: true,
                  })
                }
                className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
              >
                <option value="">{t('manage.filterAll')}</option>
                {LISTING_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`listing.status.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <DataTable
              caption={t('manage.caption')}
              columns={columns}
              rows={rows}
              rowKey={(listing) => listing.id}
              empty={t('manage.empty')}
              below={(listing) =>
                isDecidable(listing) && rejectingId === listing.id ? (
                  <RejectListingForm listing={listing} onClose={() => setRejectingId(null)} />
                ) : null
              }
              minWidthRem={60}
              busy={listings.isFetching}
            />
            {listings.isFetchingNextPage ? <Spinner /> : null}
            <LoadMoreButton query={listings} />
          </div>
        );
      }}
    </QueryState>
  );
}

/** A fraud agent's listing is hidden and out of the admin's hands (the API refuses): view only. */
function isDecidable(listing: ManagedListing): boolean {
  return listing.status === 'pending' && !listing.delisted;
}

/** Verify (after a confirm) or open the rejection form of a pending listing. */
function ListingDecision({
  listing,
  rejecting,
  onToggleReject,
}: {
  listing: ManagedListing;
  rejecting: boolean;
  onToggleReject: () => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const verify = useVerifyListing();

  const confirmVerify = async () => {
    const confirmed = await dialogs.confirm({
      title: t('manage.verifyTitle'),
      text: t('confirm.irreversible'),
      confirmLabel: t('manage.verifyConfirm'),
    });
    if (!confirmed) return;
    try {
      await verify.mutateAsync(listing.id);
      await dialogs.inform({
        title: t('manage.verifiedTitle'),
        text: t('manage.verifiedText', { title: listing.title }),
      });
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        aria-label={t('manage.verifyLabel', { title: listing.title })}
        busy={verify.isPending}
        onClick={confirmVerify}
      >
        {t('manage.verify')}
      </Button>
      <Button
        variant="danger"
        aria-label={t('manage.rejectLabel', { title: listing.title })}
        aria-expanded={rejecting}
        onClick={onToggleReject}
      >
        {t('manage.reject')}
      </Button>
    </div>
  );
}

/** The reason for the agent, then a confirm: rejecting cannot be undone. */
function RejectListingForm({ listing, onClose }: { listing: ManagedListing; onClose: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const reject = useRejectListing();
  const reasonId = useId();
  const [reason, setReason] = useState('');

  const confirmReject = async () => {
    const confirmed = await dialogs.confirm({
      title: t('manage.rejectTitle'),
      text: t('confirm.irreversible'),
      confirmLabel: t('manage.rejectConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await reject.mutateAsync({ id: listing.id, reason });
      onClose();
      await dialogs.inform({
        title: t('manage.rejectedTitle'),
        text: t('manage.rejectedText', { title: listing.title }),
      });
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-md bg-red-50 p-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
          {t('manage.reason')}
        </label>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={REJECTION_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the field the admin just asked for
          autoFocus
          className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" busy={reject.isPending} onClick={confirmReject}>
          {t('manage.rejectSubmit')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

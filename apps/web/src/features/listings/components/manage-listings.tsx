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
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { MessageKey } from '../../../lib/i18n/catalog.ts';
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

const COLUMNS: MessageKey[] = [
  'manage.colTitle',
  'manage.colLocation',
  'manage.colAgent',
  'manage.colPrice',
  'manage.colStatus',
  'manage.colActions',
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
            {/* Scrolls sideways on phones; focusable so keyboards can scroll it too. */}
            <section
              aria-label={t('manage.caption')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              className="overflow-x-auto rounded-lg bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-700"
            >
              <table
                className="w-full min-w-[60rem] text-left text-sm"
                aria-busy={listings.isFetching || undefined}
              >
                <caption className="sr-only">{t('manage.caption')}</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-slate-700">
                        {t('manage.empty')}
                      </td>
                    </tr>
                  ) : (
                    rows.map((listing) => <ManagedListingRow key={listing.id} listing={listing} />)
                  )}
                </tbody>
              </table>
            </section>
            {listings.isFetchingNextPage ? <Spinner /> : null}
            <LoadMoreButton query={listings} />
          </div>
        );
      }}
    </QueryState>
  );
}

function ManagedListingRow({ listing }: { listing: ManagedListing }) {
  const { t, number } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const verify = useVerifyListing();
  const reject = useRejectListing();
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  // A fraud agent's listing is hidden and out of the admin's hands (the API refuses): view only.
  const pending = listing.status === 'pending' && !listing.delisted;

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
      setRejecting(false);
      await dialogs.inform({
        title: t('manage.rejectedTitle'),
        text: t('manage.rejectedText', { title: listing.title }),
      });
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <>
      <tr className="border-t border-slate-200 align-top">
        <th scope="row" className="min-w-48 px-4 py-3 font-semibold text-slate-900">
          {listing.title}
        </th>
        <td className="px-4 py-3 text-slate-800">{listing.location}</td>
        <td className="px-4 py-3 text-slate-800">
          <span className="block font-medium">{listing.agent.name}</span>
          <span className="block text-slate-700">{listing.agent.email}</span>
        </td>
        <td className="whitespace-nowrap px-4 py-3 text-slate-800">
          {t('listing.priceShort', {
            min: number(listing.price.min),
            max: number(listing.price.max),
          })}
        </td>
        <td className="min-w-56 px-4 py-3">
          <StatusBadge status={listing.status} sold={listing.sold} />
          {listing.rejectionReason ? (
            <span className="mt-1 block text-xs text-slate-700">
              {t('listing.rejectionReason', { reason: listing.rejectionReason })}
            </span>
          ) : null}
          {listing.delisted ? (
            <span className="mt-1 block text-xs text-amber-900">{t('listing.delisted')}</span>
          ) : null}
        </td>
        <td className="px-4 py-3">
          {pending ? (
            <div className="flex gap-2">
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
                onClick={() => setRejecting((open) => !open)}
              >
                {t('manage.reject')}
              </Button>
            </div>
          ) : null}
        </td>
      </tr>
      {pending && rejecting ? (
        <tr className="bg-red-50">
          <td colSpan={COLUMNS.length} className="px-4 py-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
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
              <div className="flex gap-2">
                <Button variant="danger" busy={reject.isPending} onClick={confirmReject}>
                  {t('manage.rejectSubmit')}
                </Button>
                <Button variant="secondary" onClick={() => setRejecting(false)}>
                  {t('common.cancel')}
                </Button>
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

import type { ListingDetails } from '@basha/domain';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { ListingFactsSection } from './listing-facts-view.tsx';
import { ListingGallery } from './listing-gallery.tsx';
import { RevisionNotice } from './revision-notice.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * The property details: photo, title, status, location, price range, description and agent.
 * `actions` (wishlist, review) sit under the facts; the page composes them.
 */
export function ListingDetailsView({
  listing,
  actions,
}: {
  listing: ListingDetails;
  actions?: ReactNode;
}) {
  const { t, number, money, date } = useI18n();
  return (
    <article className="flex flex-col gap-6">
      <ListingGallery listing={listing} />
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <PageHeading className="text-3xl font-bold text-slate-900">{listing.title}</PageHeading>
          <StatusBadge status={listing.status} sold={listing.sold} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('details.location')}</dt>
          <dd>{listing.location}</dd>
          <dt className="font-semibold">{t('details.price')}</dt>
          <dd className="font-semibold text-emerald-800">
            {t('listing.priceShort', {
              min: number(listing.price.min),
              max: number(listing.price.max),
            })}
          </dd>
          {listing.sale ? (
            <>
              <dt className="font-semibold">{t('details.sale')}</dt>
              <dd>
                {t('details.soldFor', {
                  price: money(listing.sale.price),
                  date: date(listing.sale.soldAt),
                })}
              </dd>
            </>
          ) : null}
        </dl>
        {listing.sale?.boughtByViewer ? (
          <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
            {t('details.boughtByYou', {
              price: money(listing.sale.price),
              date: date(listing.sale.soldAt),
            })}
          </p>
        ) : null}
        {listing.rejectionReason ? (
          <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {t('listing.rejectionReason', { reason: listing.rejectionReason })}
          </p>
        ) : null}
        {listing.delisted ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('listing.delisted')}
          </p>
        ) : null}
        <RevisionNotice listing={listing} />
      </div>
      {/* Each action its own height: a hint under one (on your wishlist) stretched the others. */}
      {actions ? <div className="flex flex-wrap items-start gap-3">{actions}</div> : null}
      <ListingFactsSection listing={listing} />
      <section aria-labelledby="listing-description" className="flex flex-col gap-2">
        <h2 id="listing-description" className="text-xl font-bold text-slate-900">
          {t('details.description')}
        </h2>
        <p className="whitespace-pre-line text-slate-800">{listing.description}</p>
        <p className="text-sm text-slate-600">
          {t('details.listedOn', { date: date(listing.createdAt) })}
        </p>
      </section>
      <section
        aria-labelledby="listing-agent"
        className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {listing.agent.photoUrl ? (
          <img
            src={listing.agent.photoUrl}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 rounded-full object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <h2 id="listing-agent" className="text-sm font-semibold text-slate-700">
            {t('details.listedBy')}
          </h2>
          <p className="font-semibold text-slate-900">{listing.agent.name}</p>
          <p className="truncate text-slate-700">{listing.agent.email}</p>
        </div>
      </section>
    </article>
  );
}

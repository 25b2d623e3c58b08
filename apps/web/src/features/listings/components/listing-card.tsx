import type { ListingCard as ListingCardFields } from '@basha/domain';
import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { ListingCardFactsLine } from './listing-facts-view.tsx';
import { ListingPhoto } from './listing-photo.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * The spec's property card. What can be done with the listing (Details, Update, Delete,
 * Make An Offer, Pay…) depends on where the card is shown, so the caller passes the actions.
 */
export function ListingCard({
  listing,
  actions,
  footer,
  headingLevel = 3,
  priority = false,
  photoDeferred = false,
  onPhotoSettled,
}: {
  listing: ListingCardFields;
  actions?: ReactNode;
  footer?: ReactNode;
  /** 2 where the page has no section headings between its h1 and the cards. */
  headingLevel?: 2 | 3;
  /** Load the photo eagerly (cards visible on first paint). */
  priority?: boolean;
  /** A grey box of the photo's size for now: the page's first photo is still on its way. */
  photoDeferred?: boolean;
  /** Called once the photo has loaded or failed to. */
  onPhotoSettled?: () => void;
}) {
  const { t, number } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        {photoDeferred ? (
          <>
            <div aria-hidden="true" className="aspect-[3/2] w-full bg-slate-200" />
            {/* The photo for readers that run no script (a crawler of a pre-rendered page,
                ADR 35): a browser running the app leaves this unparsed, so the first
                photo keeps the bandwidth to itself, and shows the photo when its turn comes. */}
            <noscript>
              <ListingPhoto
                listing={listing}
                shownAs="card"
                loading="lazy"
                className="absolute inset-0 size-full bg-slate-200 object-cover"
              />
            </noscript>
          </>
        ) : (
          <ListingPhoto
            listing={listing}
            shownAs="card"
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            onLoad={onPhotoSettled}
            onError={onPhotoSettled}
            className="aspect-[3/2] w-full bg-slate-200 object-cover"
          />
        )}
        <p className="absolute right-2 bottom-2 flex items-center gap-1 rounded bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
          <LineIcon className="size-3.5">
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </LineIcon>
          {listing.photoCount === 1
            ? t('photos.one')
            : t('photos.count', { count: number(listing.photoCount) })}
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Heading className="text-lg font-bold text-slate-900">{listing.title}</Heading>
          <StatusBadge status={listing.status} sold={listing.sold} />
        </div>
        <p className="text-sm text-slate-700">{listing.location}</p>
        <ListingCardFactsLine facts={listing.facts} />
        <p className="font-semibold text-emerald-800">
          {t('common.priceRange', {
            min: number(listing.price.min),
            max: number(listing.price.max),
          })}
        </p>
        <div className="mt-auto flex items-center gap-3 border-t border-slate-100 pt-3">
          {listing.agent.photoUrl ? (
            <img
              src={listing.agent.photoUrl}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded-full object-cover"
            />
          ) : null}
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              <span className="sr-only">{t('listing.agent')}: </span>
              {listing.agent.name}
            </p>
            <p className="truncate text-slate-600">{listing.agent.email}</p>
          </div>
        </div>
        {footer}
        {actions ? <div className="flex flex-wrap gap-2 pt-2">{actions}</div> : null}
      </div>
    </article>
  );
}

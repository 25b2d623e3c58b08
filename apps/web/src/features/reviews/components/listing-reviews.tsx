import { useId } from 'react';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useListingReviews } from '../api/get-listing-reviews.ts';
import { ReviewStars } from './review-stars.tsx';
import { ReviewerPhoto } from './reviewer-photo.tsx';

/** A property's reviews, newest first, for the property details page. */
export function ListingReviews({ listingId }: { listingId: string }) {
  const { t, date } = useI18n();
  const headingId = useId();
  const reviews = useListingReviews(listingId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t('reviews.title')}
      </h2>
      <QueryState query={reviews}>
        {({ pages }) => {
          const items = pages.flatMap((page) => page.items);
          if (items.length === 0) return <p className="text-slate-700">{t('reviews.none')}</p>;
          return (
            <>
              <ul className="flex flex-col gap-4">
                {items.map((review) => (
                  <li
                    key={review.id}
                    className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4"
                  >
                    <ReviewerPhoto
                      name={review.reviewer.name}
                      photoUrl={review.reviewer.photoUrl}
                    />
                    <article className="flex min-w-0 flex-1 flex-col gap-1">
                      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                        <h3 className="font-semibold text-slate-900">{review.reviewer.name}</h3>
                        <time dateTime={review.createdAt} className="text-sm text-slate-600">
                          {date(review.createdAt)}
                        </time>
                      </div>
                      <ReviewStars rating={review.rating} />
                      <p className="whitespace-pre-line break-words text-slate-700">
                        {review.text}
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
              <LoadMoreButton query={reviews} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

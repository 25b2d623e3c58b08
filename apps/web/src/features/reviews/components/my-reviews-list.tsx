import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMyReviews } from '../api/get-my-reviews.ts';
import { ReviewStars } from './review-stars.tsx';
import { useDeleteReviewFlow } from './use-delete-review-flow.ts';

/** The signed-in buyer's reviews (property, rating, date, text), each with Delete. */
export function MyReviewsList() {
  const { t, date } = useI18n();
  const reviews = useMyReviews();
  const deleteFlow = useDeleteReviewFlow();
  return (
    <QueryState query={reviews}>
      {({ pages }) => {
        const items = pages.flatMap((page) => page.items);
        if (items.length === 0) {
          return (
            <p className="rounded-lg bg-white p-8 text-center text-lg text-slate-700">
              {t('reviews.noneWritten')}
            </p>
          );
        }
        return (
          <>
            <ul className="grid gap-4 lg:grid-cols-2">
              {items.map((review) => (
                <li key={review.id}>
                  <article className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                    <h2 className="text-lg font-bold text-slate-900">
                      <Link
                        to={paths.propertyDetails(review.listing.id)}
                        className="hover:underline focus-visible:underline"
                      >
                        {review.listing.title}
                      </Link>
                    </h2>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <ReviewStars rating={review.rating} />
                      <time dateTime={review.createdAt} className="text-sm text-slate-600">
                        {date(review.createdAt)}
                      </time>
                    </div>
                    <p className="flex-1 whitespace-pre-line break-words text-slate-700">
                      {review.text}
                    </p>
                    <Button
                      variant="danger"
                      className="self-start"
                      aria-label={t('reviews.deleteReviewOf', { title: review.listing.title })}
                      busy={deleteFlow.pendingId === review.id}
                      onClick={() => deleteFlow.run(review.id)}
                    >
                      {t('reviews.delete')}
                    </Button>
                  </article>
                </li>
              ))}
            </ul>
            <LoadMoreButton query={reviews} />
          </>
        );
      }}
    </QueryState>
  );
}

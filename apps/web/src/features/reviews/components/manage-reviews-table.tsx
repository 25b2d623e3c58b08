import type { Review } from '@basha/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useAllReviews } from '../api/get-all-reviews.ts';
import { useSetReviewFeatured } from '../api/set-review-featured.ts';
import { ReviewStars } from './review-stars.tsx';
import { ReviewerPhoto } from './reviewer-photo.tsx';
import { useDeleteReviewFlow } from './use-delete-review-flow.ts';

/** Every review for the admin: delete any, and choose which ones the home page features. */
export function ManageReviewsTable() {
  const { t, date } = useI18n();
  const reviews = useAllReviews();
  const deleteFlow = useDeleteReviewFlow();
  const featuring = useFeatureToggle();
  return (
    <QueryState query={reviews}>
      {({ pages }) => {
        const items = pages.flatMap((page) => page.items);
        if (items.length === 0) return <p className="text-slate-700">{t('reviews.noneAtAll')}</p>;
        return (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">{t('dashboard.manageReviews')}</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.reviewer')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.property')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.rating')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.review')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.date')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('reviews.actions')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {items.map((review) => (
                    <tr key={review.id} className="align-top">
                      <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                        <span className="flex items-center gap-2">
                          <ReviewerPhoto
                            name={review.reviewer.name}
                            photoUrl={review.reviewer.photoUrl}
                            size={32}
                          />
                          {review.reviewer.name}
                        </span>
                      </th>
                      <td className="px-4 py-3 text-slate-800">
                        <Link
                          to={paths.propertyDetails(review.listing.id)}
                          className="text-emerald-800 underline"
                        >
                          {review.listing.title}
                        </Link>
                      </td>
                      <td className="px-4 py-3">
                        <ReviewStars rating={review.rating} />
                      </td>
                      <td className="max-w-md px-4 py-3 text-slate-700">
                        <p className="whitespace-pre-line break-words">{review.text}</p>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                        <time dateTime={review.createdAt}>{date(review.createdAt)}</time>
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-col items-start gap-2">
                          {review.featured ? (
                            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                              {t('reviews.featured')}
                            </span>
                          ) : null}
                          <Button
                            variant="secondary"
                            className="min-h-9 whitespace-nowrap px-3 py-1"
                            busy={featuring.pendingId === review.id}
                            onClick={() => featuring.toggle(review)}
                          >
                            {review.featured ? t('reviews.unfeature') : t('reviews.feature')}
                          </Button>
                          <Button
                            variant="danger"
                            className="min-h-9 px-3 py-1"
                            busy={deleteFlow.pendingId === review.id}
                            onClick={() => deleteFlow.run(review.id)}
                          >
                            {t('reviews.delete')}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMoreButton query={reviews} />
          </>
        );
      }}
    </QueryState>
  );
}

/** Feature or unfeature; the server refuses a fourth featured review and says why (toast). */
function useFeatureToggle() {
  const { t } = useI18n();
  const notify = useNotify();
  const setFeatured = useSetReviewFeatured();
  return {
    pendingId: setFeatured.isPending ? setFeatured.variables.reviewId : undefined,
    toggle: (review: Review) =>
      setFeatured
        .mutateAsync({ reviewId: review.id, featured: !review.featured })
        .then(
          (updated) =>
            notify.success(
              updated.featured ? t('reviews.featuredDone') : t('reviews.unfeaturedDone'),
            ),
          notify.error,
        ),
  };
}

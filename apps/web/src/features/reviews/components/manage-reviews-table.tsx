import type { Review } from '@basha/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
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
  const columns: DataColumn<Review>[] = [
    {
      header: t('reviews.reviewer'),
      rowHeader: true,
      cell: (review) => (
        <span className="flex items-center gap-2 font-medium">
          <ReviewerPhoto
            name={review.reviewer.name}
            photoUrl={review.reviewer.photoUrl}
            size={32}
          />
          {review.reviewer.name}
        </span>
      ),
    },
    {
      header: t('reviews.property'),
      cell: (review) => (
        <Link
          to={paths.propertyDetails(review.listing.id)}
          className="inline-flex min-h-6 items-center text-emerald-800 underline"
        >
          {review.listing.title}
        </Link>
      ),
    },
    { header: t('reviews.rating'), cell: (review) => <ReviewStars rating={review.rating} /> },
    {
      header: t('reviews.review'),
      cell: (review) => <p className="whitespace-pre-line break-words">{review.text}</p>,
      className: 'max-w-md text-slate-700',
    },
    {
      header: t('reviews.date'),
      cell: (review) => <time dateTime={review.createdAt}>{date(review.createdAt)}</time>,
      className: 'whitespace-nowrap text-slate-700',
    },
    {
      header: t('reviews.actions'),
      cell: (review) => (
        <div className="flex flex-wrap items-start gap-2 lg:flex-col">
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
      ),
    },
  ];
  return (
    <QueryState query={reviews}>
      {({ pages }) => (
        <>
          <DataTable
            caption={t('dashboard.manageReviews')}
            columns={columns}
            rows={pages.flatMap((page) => page.items)}
            rowKey={(review) => review.id}
            empty={t('reviews.noneAtAll')}
            minWidthRem={56}
          />
          <LoadMoreButton query={reviews} />
        </>
      )}
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

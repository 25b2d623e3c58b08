import type { Review } from '@basha/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useMyReviewOf } from '../api/get-my-review-of.ts';

// The form (react-hook-form and its zod resolver) is downloaded when a dialog first opens:
// the details page shows the button, and most readers never press it.
const loadReviewForm = () => import('./review-form.tsx');
const ReviewForm = lazy(() => loadReviewForm().then((module) => ({ default: module.ReviewForm })));

/**
 * The property details page's 'Add A Review' button (buyers only) and its dialog, on the
 * native <dialog> like the app's confirm dialog: the page behind is inert, Escape cancels and
 * focus returns to the button. The form lives only while the dialog is open, so every
 * opening starts from an empty form. A buyer who already reviewed the property is told so
 * beside the button and above the form, before typing a review the server will refuse (the
 * spec keeps the button: its second review is refused with the server's reason).
 */
export function AddReviewButton({ listingId }: { listingId: string }) {
  const { t } = useI18n();
  const me = useMe();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const hintId = useId();
  const canReview = me.data?.role === 'user';
  const mine = useMyReviewOf(listingId, canReview);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = () => {
    dialogRef.current?.close();
    setOpen(false);
  };

  return (
    <>
      <div className="flex flex-col gap-1">
        <Button
          onClick={() => setOpen(true)}
          // Pointing at the button is a good hint: start the download before the click.
          onPointerEnter={() => void loadReviewForm().catch(() => undefined)}
          disabled={!canReview}
          aria-describedby={me.data && !canReview ? hintId : undefined}
        >
          {t('reviews.add')}
        </Button>
        {me.data && !canReview ? (
          <p id={hintId} className="text-xs text-slate-600">
            {t('reviews.onlyUsers')}
          </p>
        ) : null}
        {mine.data ? <AlreadyReviewed review={mine.data} /> : null}
      </div>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        {open ? (
          <div className="flex flex-col gap-4">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              {t('reviews.dialogTitle')}
            </h2>
            {mine.data ? <AlreadyReviewed review={mine.data} /> : null}
            <Suspense fallback={<Spinner />}>
              <ReviewForm listingId={listingId} onSubmitted={close} onCancel={close} />
            </Suspense>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

function AlreadyReviewed({ review }: { review: Review }) {
  const { t, date } = useI18n();
  return (
    <p className="max-w-sm text-sm text-slate-700">
      {t('reviews.alreadyYours', { date: date(review.createdAt) })}{' '}
      <Link to={paths.dashboard.myReviews} className="font-semibold text-emerald-800 underline">
        {t('reviews.rewrite')}
      </Link>
    </p>
  );
}

import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useDeleteReview } from '../api/delete-review.ts';

/** The spec's delete-review flow: 'Are you sure?' first, then 'Deleted!' (or a toast why not). */
export function useDeleteReviewFlow() {
  const { t } = useI18n();
  const dialogs = useDialogs();
  const notify = useNotify();
  const deleteReview = useDeleteReview();
  const run = async (reviewId: string) => {
    const confirmed = await dialogs.confirm({
      title: t('reviews.confirmDelete'),
      text: t('confirm.irreversible'),
      confirmLabel: t('reviews.confirmDeleteYes'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await deleteReview.mutateAsync(reviewId);
    } catch (error) {
      notify.error(error);
      return;
    }
    await dialogs.inform({ title: t('reviews.deleted'), text: t('reviews.deletedText') });
  };
  return { run, pendingId: deleteReview.isPending ? deleteReview.variables : undefined };
}

import type { ListingRevisionState } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/**
 * What the agent sees of their edits to a verified listing (ADR 32): changes awaiting review,
 * or why the last ones were rejected. Nothing for anyone else (the API sends them null).
 */
export function RevisionNotice({ listing }: { listing: ListingRevisionState }) {
  const { t, date } = useI18n();
  if (listing.pendingRevision) {
    return (
      <p className="rounded-md bg-sky-50 p-2 text-sm text-sky-900" role="status">
        <strong className="block font-semibold">{t('revision.awaitingReview')}</strong>
        {t('revision.awaitingReviewText', { date: date(listing.pendingRevision.submittedAt) })}
      </p>
    );
  }
  if (listing.revisionRejection) {
    return (
      <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">
        {t('revision.rejected', { reason: listing.revisionRejection.reason })}
      </p>
    );
  }
  return null;
}

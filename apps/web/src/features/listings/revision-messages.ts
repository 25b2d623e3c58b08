import { defineMessages } from '../../lib/i18n/define-messages.ts';

/** Edits of verified listings waiting for an admin (ADR 32): the agent's notice, the admin's review. */
export const listingRevisionMessages = defineMessages({
  'revision.awaitingReview': 'Changes awaiting review',
  'revision.awaitingReviewText':
    'Your changes from {date} wait for an admin. Buyers see the verified version until then.',
  'revision.rejected': 'Your last changes were rejected: {reason}',
  'revision.reviewHint':
    'This property is verified: your changes go live once an admin has reviewed them.',
  'revision.sentForReview': 'Changes sent for review',
  'revision.queueTitle': 'Edits awaiting review',
  'revision.queueCount': '{count} edits of verified properties wait for review.',
  'revision.queueEmpty': 'No edits wait for review.',
  'revision.changedFields': 'Changes: {fields}',
  'revision.submittedBy': 'By {agent} on {date}',
  'revision.open': 'Review changes',
  'revision.openLabel': 'Review changes to {title}',
  'revision.close': 'Close',
  'revision.diffCaption': 'Changes to “{title}”: current → proposed',
  'revision.colField': 'Field',
  'revision.colCurrent': 'Current',
  'revision.colProposed': 'Proposed',
  'revision.field.photo': 'Photo',
  'revision.nothing': '—',
  'revision.currentPhoto': 'Current photo',
  'revision.proposedPhoto': 'Proposed photo',
  'revision.approve': 'Approve changes',
  'revision.approveTitle': 'Put these changes live?',
  'revision.approveConfirm': 'Yes, approve them',
  'revision.approved': 'The changes to “{title}” are live.',
  'revision.reject': 'Reject changes',
  'revision.reason': 'Reason for the agent (required)',
  'revision.rejectSubmit': 'Reject these changes',
  'revision.rejectTitle': 'Reject these changes?',
  'revision.rejectConfirm': 'Yes, reject them',
  'revision.rejectedDone': 'The changes to “{title}” were rejected.',
});

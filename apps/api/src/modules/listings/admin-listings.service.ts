import {
  type AdminListingPage,
  type AdminListingQuery,
  type ListingDetails,
  type ListingStatus,
  listingMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordListingNotification } from '../notifications/notifications.repository.ts';
import { scheduleSavedSearchMatching } from '../saved-searches/saved-search.jobs.ts';
import { getListing } from './browse-listings.service.ts';
import * as changes from './listing-changes.repository.ts';
import { decodeListingCursor, toPage } from './listing-cursor.ts';
import { withRevisionStates } from './listing-revision-state.ts';
import { toManagedListing } from './listing-views.ts';
import { countListingsByStatus, listListingsNewestFirst } from './managed-listings.repository.ts';

/** Every listing (optionally of one status), newest first, with counts over all of them. */
export async function listAllListings(
  db: Database,
  query: AdminListingQuery,
): Promise<AdminListingPage> {
  const after = query.cursor ? decodeListingCursor(query.cursor, 'newest') : null;
  const [counts, rows] = await Promise.all([
    countListingsByStatus(db),
    listListingsNewestFirst(db, { status: query.status }, after, query.limit + 1),
  ]);
  return {
    counts,
    ...(await withRevisionStates(db, toPage(rows, query.limit, 'newest', toManagedListing))),
  };
}

/**
 * Why a decision found nothing Pending to settle. Still Pending happens only in a race
 * (hidden and shown again between the two reads).
 */
const alreadyDecided: Record<ListingStatus, string> = {
  verified: listingMessages.alreadyVerified,
  rejected: listingMessages.alreadyRejected,
  pending: listingMessages.changedMeanwhile,
};

export function verifyListing(db: Database, admin: Actor, id: string): Promise<ListingDetails> {
  return decide(db, admin, id, 'verified', null);
}

export function rejectListing(
  db: Database,
  admin: Actor,
  id: string,
  reason: string | null,
): Promise<ListingDetails> {
  return decide(db, admin, id, 'rejected', reason);
}

/**
 * Settles a Pending listing once, unless its agent was marked as fraud; the decision, its
 * audit entry and the agent's notification commit together.
 */
async function decide(
  db: Database,
  admin: Actor,
  id: string,
  decision: 'verified' | 'rejected',
  reason: string | null,
): Promise<ListingDetails> {
  await db.transaction(async (tx) => {
    if (!(await changes.decidePendingListing(tx, id, decision, reason))) {
      const state = await changes.findListingState(tx, id);
      if (!state) throw new AppError('NOT_FOUND', listingMessages.notFound);
      // Hidden with its fraud agent: the admin may still look at it, and do nothing else.
      if (state.hidden) throw new AppError('CONFLICT', listingMessages.hiddenCannotDecide);
      throw new AppError('CONFLICT', alreadyDecided[state.status]);
    }
    await recordAudit(
      tx,
      admin,
      decision === 'verified' ? 'listing.verified' : 'listing.rejected',
      { type: 'listing', id },
      reason ? { reason } : {},
    );
    await recordListingNotification(
      tx,
      decision === 'verified' ? 'listingVerified' : 'listingRejected',
      id,
    );
    if (decision === 'verified') await scheduleSavedSearchMatching(tx, id);
  });
  return getListing(db, admin, id);
}

import { type ListingRevisionState, NO_REVISION_STATE } from '@basha/domain';
import type { Database } from '../../db/client.ts';
import { latestRevisionsOf } from './listing-revisions.repository.ts';

/** What each listing's agent sees of its revisions ("changes awaiting review", a rejection). */
export async function revisionStatesOf(
  db: Database,
  listingIds: readonly string[],
): Promise<Map<string, ListingRevisionState>> {
  const rows = await latestRevisionsOf(db, listingIds);
  return new Map(
    rows.map((row) => [
      row.listingId,
      {
        pendingRevision:
          row.status === 'pending'
            ? { id: row.id, submittedAt: row.createdAt.toISOString() }
            : null,
        revisionRejection:
          row.status === 'rejected' && row.reason && row.decidedAt
            ? { reason: row.reason, decidedAt: row.decidedAt.toISOString() }
            : null,
      },
    ]),
  );
}

/** The listings of a page, each with its revision state (one query for the page). */
export async function withRevisionStates<Page extends { items: { id: string }[] }>(
  db: Database,
  page: Page,
): Promise<Page> {
  const states = await revisionStatesOf(
    db,
    page.items.map((item) => item.id),
  );
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, ...(states.get(item.id) ?? NO_REVISION_STATE) })),
  };
}

/** One listing's revision state, for its owner agent and admins. */
export async function revisionStateOf(
  db: Database,
  listingId: string,
): Promise<ListingRevisionState> {
  return (await revisionStatesOf(db, [listingId])).get(listingId) ?? NO_REVISION_STATE;
}

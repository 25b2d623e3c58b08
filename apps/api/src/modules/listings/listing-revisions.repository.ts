import type { ListingRevisionStatus } from '@basha/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, listingRevision, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import type { ListingEdit } from './listing-edit.ts';

// Revisions: edits of verified listings waiting for an admin (ADR 32). Writers run these in
// one transaction, after locking the listing (always listing first, then its revisions, so
// an edit and a decision on the same listing never wait on each other in a circle).

/** Supersedes the listing's pending revision, if any; returns the edit it held. */
export async function supersedePendingRevision(
  tx: Database,
  listingId: string,
): Promise<ListingEdit | null> {
  const [row] = await tx
    .update(listingRevision)
    .set({ status: 'superseded', decidedAt: sql`now()` })
    .where(and(eq(listingRevision.listingId, listingId), eq(listingRevision.status, 'pending')))
    .returning({ edit: listingRevision.edit });
  return row ? (row.edit as ListingEdit) : null;
}

export async function insertPendingRevision(
  tx: Database,
  listingId: string,
  agentId: string,
  edit: ListingEdit,
): Promise<string> {
  const [row] = await tx
    .insert(listingRevision)
    .values({ listingId, agentId, edit })
    .returning({ id: listingRevision.id });
  if (!row) throw new Error('Inserting a revision returned no row.');
  return row.id;
}

/** Which listing a revision is about, and its status (no lock). */
export async function findRevisionSubject(tx: Database, id: string) {
  const [row] = await tx
    .select({ listingId: listingRevision.listingId, status: listingRevision.status })
    .from(listingRevision)
    .where(eq(listingRevision.id, id));
  return row;
}

/**
 * Decides a revision only if it is still pending, in one conditional UPDATE: of two admins
 * deciding at once exactly one changes the row (PostgreSQL re-checks the WHERE on the row it
 * waited for). Returns the edit it held, or null when nothing changed.
 */
export async function decidePendingRevision(
  tx: Database,
  id: string,
  decision: Extract<ListingRevisionStatus, 'approved' | 'rejected'>,
  adminId: string,
  reason: string | null,
): Promise<ListingEdit | null> {
  const [row] = await tx
    .update(listingRevision)
    .set({ status: decision, reason, decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(listingRevision.id, id), eq(listingRevision.status, 'pending')))
    .returning({ edit: listingRevision.edit });
  return row ? (row.edit as ListingEdit) : null;
}

/** The edits of a listing's pending revisions, whose photos go when the listing goes. */
export async function pendingEditsOf(tx: Database, listingId: string): Promise<ListingEdit[]> {
  const rows = await tx
    .select({ edit: listingRevision.edit })
    .from(listingRevision)
    .where(and(eq(listingRevision.listingId, listingId), eq(listingRevision.status, 'pending')));
  return rows.map((row) => row.edit as ListingEdit);
}

const revisionColumns = {
  id: listingRevision.id,
  status: listingRevision.status,
  edit: listingRevision.edit,
  reason: listingRevision.reason,
  createdAt: listingRevision.createdAt,
  exactCreatedAt: exactTimestamp(listingRevision.createdAt),
  decidedAt: listingRevision.decidedAt,
  agentId: listingRevision.agentId,
  agentName: user.name,
};

function selectRevisions(db: Database) {
  return db
    .select({ revision: revisionColumns, listing })
    .from(listingRevision)
    .innerJoin(listing, eq(listing.id, listingRevision.listingId))
    .leftJoin(user, eq(user.id, listingRevision.agentId));
}

export type RevisionRow = Awaited<
  ReturnType<ReturnType<typeof selectRevisions>['execute']>
>[number];

export async function findRevision(db: Database, id: string): Promise<RevisionRow | undefined> {
  const [row] = await selectRevisions(db).where(eq(listingRevision.id, id));
  return row;
}

/** Pending revisions, newest first; `limit + 1` rows tell whether another page exists. */
export function listPendingRevisions(
  db: Database,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<RevisionRow[]> {
  return selectRevisions(db)
    .where(
      and(
        eq(listingRevision.status, 'pending'),
        olderThan(listingRevision.createdAt, listingRevision.id, after),
      ),
    )
    .orderBy(desc(listingRevision.createdAt), desc(listingRevision.id))
    .limit(limit + 1);
}

/**
 * Each listing's latest revision that was not superseded: a pending one ("changes awaiting
 * review"), or else the last decided one (its agent sees a rejection's reason until the next
 * edit or approval).
 */
export async function latestRevisionsOf(db: Database, listingIds: readonly string[]) {
  if (listingIds.length === 0) return [];
  return db
    .selectDistinctOn([listingRevision.listingId], {
      id: listingRevision.id,
      listingId: listingRevision.listingId,
      status: listingRevision.status,
      reason: listingRevision.reason,
      createdAt: listingRevision.createdAt,
      decidedAt: listingRevision.decidedAt,
    })
    .from(listingRevision)
    .where(
      and(
        inArray(listingRevision.listingId, [...listingIds]),
        ne(listingRevision.status, 'superseded'),
      ),
    )
    .orderBy(listingRevision.listingId, desc(listingRevision.createdAt));
}

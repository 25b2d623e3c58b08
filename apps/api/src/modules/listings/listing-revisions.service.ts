import {
  type ListingRevision,
  type ListingRevisionStatus,
  listingRevisionMessages,
  type PendingRevisionPage,
  type PendingRevisionQuery,
} from '@basha/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordListingNotification } from '../notifications/notifications.repository.ts';
import { applyListingEdit, type ListingEdit, photoKeysOf } from './listing-edit.ts';
import { galleriesOf, galleryOf } from './listing-gallery.repository.ts';
import { removeListingPhotos } from './listing-photo.ts';
import { revisionChanges } from './listing-revision-diff.ts';
import * as revisions from './listing-revisions.repository.ts';

// Edits of verified listings wait for an admin as revisions (ADR 32).

export type RevisionDeps = { db: Database; storage: MediaStorage };

/**
 * Stores an edit of a verified listing as its pending revision, replacing the one pending
 * before (superseded: an admin deciding it then gets a conflict, never approves content they
 * did not see). An edit that changes nothing public only withdraws the pending one. Runs in
 * the edit's transaction, the listing locked. Returns the photo keys no revision holds any
 * more, to remove once the transaction has committed.
 */
export async function proposeRevision(
  tx: Database,
  agent: Actor,
  listingId: string,
  edit: ListingEdit,
): Promise<string[]> {
  const superseded = await revisions.supersedePendingRevision(tx, listingId);
  const [current] = await tx.select().from(listing).where(eq(listing.id, listingId));
  const gallery = await galleryOf(tx, listingId);
  const dropped = superseded ? photoKeysOf(superseded, [...gallery, ...(edit.gallery ?? [])]) : [];
  if (!current || revisionChanges(current, gallery, edit).length === 0) {
    return [...dropped, ...photoKeysOf(edit, gallery)];
  }
  await revisions.insertPendingRevision(tx, listingId, agent.id, edit);
  return dropped;
}

export async function listPendingRevisions(
  db: Database,
  query: PendingRevisionQuery,
): Promise<PendingRevisionPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const found = await revisions.listPendingRevisions(db, after, query.limit);
  // One query for the page's galleries: the list costs the same on a full page as on one row.
  const galleries = await galleriesOf(
    db,
    found.map((row) => row.listing.id),
  );
  const rows = found.map((row) => ({
    ...row,
    gallery: galleries.get(row.listing.id) ?? [],
    id: row.revision.id,
    exactCreatedAt: row.revision.exactCreatedAt,
  }));
  return newestFirstPage(rows, query.limit, (row) => ({
    id: row.revision.id,
    listing: { id: row.listing.id, title: row.listing.title },
    agent: agentOf(row),
    changedFields: revisionChanges(row.listing, row.gallery, row.revision.edit as ListingEdit).map(
      (change) => change.field,
    ),
    submittedAt: row.revision.createdAt.toISOString(),
  }));
}

export async function getRevision(db: Database, id: string): Promise<ListingRevision> {
  const row = await revisions.findRevision(db, id);
  if (!row) throw new AppError('NOT_FOUND', listingRevisionMessages.notFound);
  return {
    id: row.revision.id,
    status: row.revision.status,
    listing: { id: row.listing.id, title: row.listing.title },
    agent: agentOf(row),
    changes: revisionChanges(
      row.listing,
      await galleryOf(db, row.listing.id),
      row.revision.edit as ListingEdit,
    ),
    reason: row.revision.reason,
    submittedAt: row.revision.createdAt.toISOString(),
    decidedAt: row.revision.decidedAt?.toISOString() ?? null,
  };
}

/** Applies a pending revision through the edit path; the listing stays verified. */
export async function approveRevision(
  deps: RevisionDeps,
  admin: Actor,
  id: string,
): Promise<ListingRevision> {
  const droppedKeys = await deps.db.transaction(async (tx) => {
    const { listingId, edit } = await decide(tx, admin, id, 'approved', null);
    const dropped = await applyListingEdit(tx, listingId, edit);
    await recordListingNotification(tx, 'revisionApproved', listingId);
    return dropped;
  });
  await removeListingPhotos(deps.storage, droppedKeys);
  return getRevision(deps.db, id);
}

/** Rejects a pending revision with a reason its agent sees; the public listing is unchanged. */
export async function rejectRevision(
  deps: RevisionDeps,
  admin: Actor,
  id: string,
  reason: string,
): Promise<ListingRevision> {
  const droppedKeys = await deps.db.transaction(async (tx) => {
    const decided = await decide(tx, admin, id, 'rejected', reason);
    await recordListingNotification(tx, 'revisionRejected', decided.listingId, { reason });
    return photoKeysOf(decided.edit, await galleryOf(tx, decided.listingId));
  });
  await removeListingPhotos(deps.storage, droppedKeys);
  return getRevision(deps.db, id);
}

/**
 * Settles a pending revision once, with its audit entry. The listing is locked first (the
 * order an edit takes too); a listing sold or hidden since the edit takes no more changes.
 */
async function decide(
  tx: Database,
  admin: Actor,
  id: string,
  decision: 'approved' | 'rejected',
  reason: string | null,
): Promise<{ listingId: string; edit: ListingEdit }> {
  const subject = await revisions.findRevisionSubject(tx, id);
  if (!subject) throw new AppError('NOT_FOUND', listingRevisionMessages.notFound);
  const [current] = await tx
    .select({ status: listing.status, soldAt: listing.soldAt, delistedAt: listing.delistedAt })
    .from(listing)
    .where(eq(listing.id, subject.listingId))
    .for('update');
  const edit = await revisions.decidePendingRevision(tx, id, decision, admin.id, reason);
  if (!edit) {
    const now = await revisions.findRevisionSubject(tx, id);
    throw new AppError('CONFLICT', alreadyDecidedMessage(now?.status ?? 'superseded'));
  }
  if (decision === 'approved' && (!current || current.soldAt || current.delistedAt)) {
    throw new AppError('CONFLICT', listingRevisionMessages.listingNotChangeable);
  }
  await recordAudit(
    tx,
    admin,
    decision === 'approved' ? 'listing.revision_approved' : 'listing.revision_rejected',
    { type: 'listing', id: subject.listingId },
    reason ? { revisionId: id, reason } : { revisionId: id },
  );
  return { listingId: subject.listingId, edit };
}

function alreadyDecidedMessage(status: ListingRevisionStatus): string {
  switch (status) {
    case 'approved':
      return listingRevisionMessages.alreadyApproved;
    case 'rejected':
      return listingRevisionMessages.alreadyRejected;
    default:
      return listingRevisionMessages.superseded;
  }
}

function agentOf(row: revisions.RevisionRow) {
  const { agentId, agentName } = row.revision;
  return agentId && agentName ? { id: agentId, name: agentName } : null;
}

import {
  type AgentListingQuery,
  type ListingDetails,
  type ListingFields,
  listingMessages,
  type ManagedListingPage,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { getListing } from './browse-listings.service.ts';
import * as changes from './listing-changes.repository.ts';
import { decodeListingCursor, toPage } from './listing-cursor.ts';
import { applyListingEdit, photoKeysOf } from './listing-edit.ts';
import {
  type ListingPhotoColumns,
  removeListingPhoto,
  storeListingPhoto,
} from './listing-photo.ts';
import { withRevisionStates } from './listing-revision-state.ts';
import { pendingEditsOf } from './listing-revisions.repository.ts';
import { proposeRevision } from './listing-revisions.service.ts';
import { toManagedListing } from './listing-views.ts';
import { listListingsNewestFirst } from './managed-listings.repository.ts';

export type ListingDeps = { db: Database; storage: MediaStorage };

/** Refuses fraud agents before any work: the route calls it before reading the upload. */
export function assertMayAddListings(agent: Actor): void {
  if (agent.fraud) throw new AppError('FORBIDDEN', listingMessages.fraudAgent);
}

/** Creates a Pending listing; its photo files are removed again if the listing is not stored. */
export async function createListing(
  deps: ListingDeps,
  agent: Actor,
  fields: ListingFields,
  photo: Buffer,
): Promise<ListingDetails> {
  assertMayAddListings(agent);
  const stored = await storeListingPhoto(deps.storage, photo);
  const id = await withPhotoRollback(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      // The session may be a moment old; the account row, locked, has the last word.
      if (await changes.isAgentMarkedFraud(tx, agent.id)) {
        throw new AppError('FORBIDDEN', listingMessages.fraudAgent);
      }
      return changes.insertListing(tx, agent.id, fields, stored);
    }),
  );
  return getListing(deps.db, agent, id);
}

/**
 * Updates the agent's own listing; its status stays as it is. Rejected and sold listings are
 * final. A pending listing changes at once; a verified one keeps its public version and the
 * edit waits for an admin as a revision (ADR 32). Photos the change drops (the replaced one,
 * a superseded revision's) go once it has committed.
 */
export async function updateListing(
  deps: ListingDeps,
  agent: Actor,
  id: string,
  fields: ListingFields,
  photo: Buffer | null,
): Promise<ListingDetails> {
  if (agent.fraud) throw new AppError('FORBIDDEN', listingMessages.fraudAgentChange);
  const stored = photo ? await storeListingPhoto(deps.storage, photo) : null;
  const droppedPhotoKeys = await withPhotoRollback(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const current = await lockChangeableListing(tx, agent, id);
      if (current.status === 'rejected') {
        throw new AppError('CONFLICT', listingMessages.rejectedCannotChange);
      }
      if (current.soldAt) throw new AppError('CONFLICT', listingMessages.soldCannotChange);
      const edit = { fields, photo: stored };
      if (current.status === 'verified') return proposeRevision(tx, agent, id, edit);
      const replaced = await applyListingEdit(tx, id, edit);
      return replaced ? [replaced] : [];
    }),
  );
  for (const key of droppedPhotoKeys) await removeListingPhoto(deps.storage, key);
  return getListing(deps.db, agent, id);
}

/**
 * Deletes the agent's own listing unless an offer on it was accepted or paid; its pending
 * and rejected offers go with it. Offer rows are locked first, so an accept racing with the
 * delete either lands before (and we refuse) or finds the listing gone.
 */
export async function deleteListing(deps: ListingDeps, agent: Actor, id: string): Promise<void> {
  if (agent.fraud) throw new AppError('FORBIDDEN', listingMessages.fraudAgentChange);
  const photoKeys = await deps.db.transaction(async (tx) => {
    const current = await lockChangeableListing(tx, agent, id);
    const pendingEdits = await pendingEditsOf(tx, id);
    const offerStatuses = await changes.lockOfferStatuses(tx, id);
    if (offerStatuses.some((status) => status === 'accepted' || status === 'paid')) {
      throw new AppError('CONFLICT', listingMessages.hasSaleCannotDelete);
    }
    await changes.deleteListingWithOpenOffers(tx, id);
    return [current.photoKey, ...pendingEdits.flatMap(photoKeysOf)];
  });
  for (const key of photoKeys) await removeListingPhoto(deps.storage, key);
}

/** The agent's own listings in every status, newest first. */
export async function listOwnListings(
  db: Database,
  agent: Actor,
  query: AgentListingQuery,
): Promise<ManagedListingPage> {
  const after = query.cursor ? decodeListingCursor(query.cursor, 'newest') : null;
  const rows = await listListingsNewestFirst(db, { agentId: agent.id }, after, query.limit + 1);
  return withRevisionStates(db, toPage(rows, query.limit, 'newest', toManagedListing));
}

/** Locks the agent's own listing; someone else's is a 404 (the owner check is in the WHERE). */
async function lockChangeableListing(tx: Database, agent: Actor, id: string) {
  const current = await changes.lockOwnListing(tx, id, agent.id);
  if (!current) throw new AppError('NOT_FOUND', listingMessages.notFound);
  return current;
}

/** Runs a database change that references a freshly stored photo; removes the photo if it fails. */
async function withPhotoRollback<T>(
  storage: MediaStorage,
  photo: ListingPhotoColumns | null,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (photo) await removeListingPhoto(storage, photo.photoKey);
    throw error;
  }
}

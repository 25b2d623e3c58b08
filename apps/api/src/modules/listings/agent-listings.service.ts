import {
  type AgentListingQuery,
  type ListingDetails,
  type ListingFields,
  type ListingPhotoUpload,
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
  type GalleryPhotoRow,
  galleryOf,
  insertPhotoUpload,
  writeGallery,
} from './listing-gallery.repository.ts';
import {
  type ListingPhotosChange,
  resolveGallery,
  toPhotoUpload,
  withNewCover,
} from './listing-gallery.ts';
import {
  type ListingPhotoColumns,
  removeListingPhoto,
  removeListingPhotos,
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

/**
 * Stores one photo for a listing to come (the form uploads each file on its own, to show its
 * progress) and answers the key the add/update form then sends. Nobody else can use it.
 */
export async function uploadListingPhoto(
  deps: ListingDeps,
  agent: Actor,
  bytes: Buffer,
): Promise<ListingPhotoUpload> {
  assertMayAddListings(agent);
  const stored = await storeListingPhoto(deps.storage, bytes);
  await withPhotoRollback(deps.storage, stored, () => insertPhotoUpload(deps.db, agent.id, stored));
  return toPhotoUpload(stored);
}

/** Creates a Pending listing; a photo file is removed again if the listing is not stored. */
export async function createListing(
  deps: ListingDeps,
  agent: Actor,
  fields: ListingFields,
  photos: ListingPhotosChange,
): Promise<ListingDetails> {
  assertMayAddListings(agent);
  const stored =
    photos.kind === 'file' ? await storeListingPhoto(deps.storage, photos.bytes) : null;
  const id = await withPhotoRollback(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      // The session may be a moment old; the account row, locked, has the last word.
      if (await changes.isAgentMarkedFraud(tx, agent.id)) {
        throw new AppError('FORBIDDEN', listingMessages.fraudAgent);
      }
      const gallery =
        photos.kind === 'file'
          ? withNewCover([], stored as ListingPhotoColumns)
          : await resolveGallery(tx, agent.id, [], photos.photos);
      const cover = gallery[0] as ListingPhotoColumns;
      const id = await changes.insertListing(tx, agent.id, fields, {
        photoKey: cover.photoKey,
        photoWidth: cover.photoWidth,
        photoHeight: cover.photoHeight,
      });
      await writeGallery(tx, id, gallery);
      return id;
    }),
  );
  return getListing(deps.db, agent, id);
}

/**
 * Updates the agent's own listing; its status stays as it is. Rejected and sold listings are
 * final. A pending listing changes at once; a verified one keeps its public version and the
 * edit waits for an admin as a revision (ADR 32). Photos change only when sent: a file
 * replaces the cover, a list replaces the gallery. Files of the photos dropped (the listing's,
 * a superseded revision's) go once the change has committed.
 */
export async function updateListing(
  deps: ListingDeps,
  agent: Actor,
  id: string,
  fields: ListingFields,
  photos: ListingPhotosChange | null,
): Promise<ListingDetails> {
  if (agent.fraud) throw new AppError('FORBIDDEN', listingMessages.fraudAgentChange);
  const stored =
    photos?.kind === 'file' ? await storeListingPhoto(deps.storage, photos.bytes) : null;
  const droppedKeys = await withPhotoRollback(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const current = await lockChangeableListing(tx, agent, id);
      if (current.status === 'rejected') {
        throw new AppError('CONFLICT', listingMessages.rejectedCannotChange);
      }
      if (current.soldAt) throw new AppError('CONFLICT', listingMessages.soldCannotChange);
      const gallery = photos ? await galleryAsked(tx, agent.id, id, photos, stored) : null;
      const edit = { fields, gallery };
      if (current.status === 'verified') return proposeRevision(tx, agent, id, edit);
      return applyListingEdit(tx, id, edit);
    }),
  );
  await removeListingPhotos(deps.storage, droppedKeys);
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
    const gallery = await galleryOf(tx, id);
    const pendingEdits = await pendingEditsOf(tx, id);
    const offerStatuses = await changes.lockOfferStatuses(tx, id);
    if (offerStatuses.some((status) => status === 'accepted' || status === 'paid')) {
      throw new AppError('CONFLICT', listingMessages.hasSaleCannotDelete);
    }
    await changes.deleteListingWithOpenOffers(tx, id);
    return [
      ...new Set([
        current.photoKey,
        ...gallery.map((photo) => photo.photoKey),
        ...pendingEdits.flatMap((edit) => photoKeysOf(edit)),
      ]),
    ];
  });
  await removeListingPhotos(deps.storage, photoKeys);
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

/**
 * The gallery an update asks for: the cover replaced by a stored file, or the list resolved
 * against the photos the listing has and those its pending revision brought (an agent editing
 * again keeps them), any other key taken from the agent's uploads.
 */
async function galleryAsked(
  tx: Database,
  agentId: string,
  listingId: string,
  photos: ListingPhotosChange,
  stored: ListingPhotoColumns | null,
): Promise<GalleryPhotoRow[]> {
  const current = await galleryOf(tx, listingId);
  if (stored) return withNewCover(current, stored);
  const pending = (await pendingEditsOf(tx, listingId)).flatMap((edit) => edit.gallery ?? []);
  return resolveGallery(
    tx,
    agentId,
    [...current, ...pending],
    photos.kind === 'list' ? photos.photos : [],
  );
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

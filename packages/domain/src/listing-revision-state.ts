import { z } from 'zod/mini';

/**
 * What the owner agent (and admins) see of a listing's revisions, beside the listing: the edit
 * waiting for review, or else why the last one was rejected. Null for everyone else.
 */
export const listingRevisionStateShape = {
  pendingRevision: z.nullable(z.object({ id: z.string(), submittedAt: z.iso.datetime() })),
  revisionRejection: z.nullable(z.object({ reason: z.string(), decidedAt: z.iso.datetime() })),
};
export type ListingRevisionState = {
  pendingRevision: { id: string; submittedAt: string } | null;
  revisionRejection: { reason: string; decidedAt: string } | null;
};
export const NO_REVISION_STATE: ListingRevisionState = {
  pendingRevision: null,
  revisionRejection: null,
};

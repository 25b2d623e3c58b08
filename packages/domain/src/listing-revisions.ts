import { z } from 'zod/mini';
import { listingRevisionMessages } from './listing-revisions-messages.ts';
import { ListingPhotoSchema } from './listings.ts';
import { listingMessages, REJECTION_REASON_MAX } from './listings-messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

// Revisions (ADR 32): an agent's edit of a verified listing waits for an admin, and the
// verified version stays public meanwhile.

export const LISTING_REVISION_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export const ListingRevisionStatusSchema = z.enum(LISTING_REVISION_STATUSES);
export type ListingRevisionStatus = z.infer<typeof ListingRevisionStatusSchema>;

/**
 * One field's value in a diff: whatever the edit's field holds (text, number, a set, nothing),
 * or the gallery's photos, which pages show as thumbnails.
 */
export const RevisionValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
  z.array(ListingPhotoSchema),
]);
export type RevisionValue = z.infer<typeof RevisionValueSchema>;

/** One changed field, named as the edit names it (`priceMin`, `title`, `photos`, a fact…). */
export const RevisionChangeSchema = z.object({
  field: z.string(),
  from: RevisionValueSchema,
  to: RevisionValueSchema,
});
export type RevisionChange = z.infer<typeof RevisionChangeSchema>;

const RevisionListingSchema = z.object({ id: z.string(), title: z.string() });
const RevisionAgentSchema = z.nullable(z.object({ id: z.string(), name: z.string() }));

/** A pending revision in the admins' queue, with the names of the fields it changes. */
export const PendingRevisionSchema = z.object({
  id: z.string(),
  listing: RevisionListingSchema,
  agent: RevisionAgentSchema,
  changedFields: z.array(z.string()),
  submittedAt: z.iso.datetime(),
});
export type PendingRevision = z.infer<typeof PendingRevisionSchema>;

export const PendingRevisionQuerySchema = PageQuerySchema;
export type PendingRevisionQuery = z.infer<typeof PendingRevisionQuerySchema>;

export const PendingRevisionPageSchema = pageOf(PendingRevisionSchema);
export type PendingRevisionPage = z.infer<typeof PendingRevisionPageSchema>;

/**
 * One revision, field by field old → new. For a pending one, "old" is the listing as it is
 * public now; for a decided one, as it is now (approved: the same as "new").
 */
export const ListingRevisionSchema = z.object({
  id: z.string(),
  status: ListingRevisionStatusSchema,
  listing: RevisionListingSchema,
  agent: RevisionAgentSchema,
  changes: z.array(RevisionChangeSchema),
  reason: z.nullable(z.string()),
  submittedAt: z.iso.datetime(),
  decidedAt: z.nullable(z.iso.datetime()),
});
export type ListingRevision = z.infer<typeof ListingRevisionSchema>;

export const RevisionIdParamsSchema = z.object({ id: z.uuid(listingRevisionMessages.unknownId) });

export const RejectRevisionInputSchema = z.strictObject({
  reason: text({ error: listingRevisionMessages.reasonRequired }).check(
    z.trim(),
    z.minLength(1, listingRevisionMessages.reasonRequired),
    z.maxLength(REJECTION_REASON_MAX, listingMessages.rejectionReasonTooLong),
  ),
});
export type RejectRevisionInput = z.infer<typeof RejectRevisionInputSchema>;

import { z } from 'zod/mini';
import { PageQuerySchema, pageOf } from './pagination.ts';

/** Every kind of admin decision the audit log records; the API writes only these. */
export const AUDIT_ACTIONS = [
  'user.promoted',
  'user.marked_fraud',
  'user.deleted',
  'listing.verified',
  'listing.rejected',
  'listing.revision_approved',
  'listing.revision_rejected',
  'review.deleted',
  'review.featured',
  'review.unfeatured',
  'payment.approved',
  'payment.refused',
  'payment.refunded',
  'conversation.closed',
  'conversation.read',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_TARGET_TYPES = ['user', 'listing', 'review', 'offer', 'conversation'] as const;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** The admin who decided; `id` is null once that account has been deleted. */
  actor: z.object({ id: z.nullable(z.string()), name: z.string() }),
  action: AuditActionSchema,
  target: z.object({
    type: AuditTargetTypeSchema,
    id: z.string(),
    /**
     * What the target is called: a user's name, a listing's title, or the listing a review,
     * offer or conversation is about (a deleted review's too). Null when nothing names it any
     * more (a deleted user).
     */
    label: z.nullable(z.string()),
  }),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogQuerySchema = PageQuerySchema;
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

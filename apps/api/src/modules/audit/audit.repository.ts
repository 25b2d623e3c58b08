import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditAction =
  | 'user.promoted'
  | 'user.marked_fraud'
  | 'user.deleted'
  | 'listing.verified'
  | 'listing.rejected'
  | 'review.deleted'
  | 'review.featured'
  | 'review.unfeatured';

/** Writes one audit entry inside the caller's transaction, so it exists iff the decision does. */
export async function recordAudit(
  tx: Database,
  actor: Actor,
  action: AuditAction,
  target: { type: 'user' | 'listing' | 'review'; id: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action,
    targetType: target.type,
    targetId: target.id,
    details,
  });
}

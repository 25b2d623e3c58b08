import type { AuditAction, AuditTargetType } from '@basha/domain';
import { desc } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';

/** The actions live in the domain package so the audit-log response schema lists the same ones. */
export type { AuditAction } from '@basha/domain';

/** Writes one audit entry inside the caller's transaction, so it exists iff the decision does. */
export async function recordAudit(
  tx: Database,
  actor: Actor,
  action: AuditAction,
  target: { type: AuditTargetType; id: string },
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

const entryColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  exactCreatedAt: exactTimestamp(auditLog.createdAt),
};

/** Newest first, keyset-paginated; fetches `limit + 1` rows so the caller knows if more exist. */
export function listAuditEntries(
  db: Database,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .where(olderThan(auditLog.createdAt, auditLog.id, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
}

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

import { type AuditAction, type AuditTargetType, MARKET_TIME_ZONE } from '@basha/domain';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, conversation, listing, offer, review, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import { marketToday } from '../offers/market-date.ts';

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

/**
 * Writes the entry unless this actor already has one for this action and target since the
 * market day (Dhaka) began: for looks, not decisions, where one line a day says who looked
 * and each further page or poll would only bury the decisions (ADR 30). The advisory lock
 * makes concurrent calls take turns, so they still leave one entry.
 */
export async function recordAuditOncePerDay(
  db: Database,
  actor: Actor,
  action: AuditAction,
  target: { type: AuditTargetType; id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const key = `basha.audit.${action}.${actor.id}.${target.id}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [already] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, actor.id),
          eq(auditLog.action, action),
          eq(auditLog.targetId, target.id),
          gte(
            auditLog.createdAt,
            sql`(${marketToday})::timestamp at time zone ${MARKET_TIME_ZONE}`,
          ),
        ),
      )
      .limit(1);
    if (!already) await recordAudit(tx, actor, action, target);
  });
}

/** The title of the listing a row of `table` (with a listing_id) belongs to, for the target. */
const titleOfListingOf = (table: typeof review | typeof offer | typeof conversation) =>
  sql<
    string | null
  >`(select ${listing.title} from ${table} join ${listing} on ${listing.id} = ${table.listingId} where ${table.id} = ${auditLog.targetId})`;

/**
 * What the target is called now: a user's name, a listing's title, or the title of the
 * listing a review, offer or conversation is about; a deleted review by the listing the
 * entry kept. Null once nothing names it (a deleted user: the log does not show the email
 * the entry keeps, as the users list no longer does). One primary-key lookup per entry of the page (the review's
 * `listingId` is cast to uuid, never the key to text, which would scan every listing).
 */
const targetLabel = sql<string | null>`case ${auditLog.targetType}
  when 'user' then (select ${user.name} from ${user} where ${user.id} = ${auditLog.targetId})
  when 'listing' then (select ${listing.title} from ${listing} where ${listing.id} = ${auditLog.targetId})
  when 'review' then coalesce(
    ${titleOfListingOf(review)},
    (select ${listing.title} from ${listing} where ${listing.id} = (${auditLog.details} ->> 'listingId')::uuid))
  when 'offer' then ${titleOfListingOf(offer)}
  when 'conversation' then ${titleOfListingOf(conversation)}
end`;

const entryColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel,
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

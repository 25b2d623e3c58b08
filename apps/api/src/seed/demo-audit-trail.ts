import type { AuditAction, AuditTargetType } from '@basha/domain';
import type { auditLog } from '../db/schema.ts';
import type { MarketplaceRows } from './demo-marketplace-rows.ts';
import { DEMO_AGENT_KEYS, DEMO_PEOPLE, type DemoPerson, type PersonKey } from './demo-people.ts';
import { daysBefore } from './demo-time.ts';

type AuditRow = typeof auditLog.$inferInsert;

/**
 * The admin decisions the demo data implies, as the admin module would have recorded them:
 * agents promoted, listings verified or rejected, the fraud agent marked, reviews featured.
 * All by the demo admin, at the moment each decision took effect.
 */
export function buildAuditTrail(
  rows: Pick<MarketplaceRows, 'listings' | 'reviews'>,
  people: ReadonlyMap<PersonKey, string>,
  now: Date,
): AuditRow[] {
  const idOf = (key: PersonKey) => people.get(key) as string;
  const entry = (
    action: AuditAction,
    target: { type: AuditTargetType; id: string },
    createdAt: Date,
    details: Record<string, unknown> = {},
  ): AuditRow => ({
    actorId: idOf('demoAdmin'),
    actorName: DEMO_PEOPLE.demoAdmin.name,
    action,
    targetType: target.type,
    targetId: target.id,
    details,
    createdAt,
  });

  const promotions = DEMO_AGENT_KEYS.map((key, index) =>
    entry(
      'user.promoted',
      { type: 'user', id: idOf(key) },
      daysBefore(now, DEMO_PEOPLE[key].joinedDaysAgo - 1, index),
      { from: 'user', to: 'agent' },
    ),
  );
  const verdicts = rows.listings.flatMap((row) => {
    if (!row.decidedAt) return [];
    const target = { type: 'listing', id: row.id } as const;
    return row.status === 'verified'
      ? [entry('listing.verified', target, row.decidedAt)]
      : [entry('listing.rejected', target, row.decidedAt, { reason: row.rejectionReason })];
  });
  const fraudMarks = DEMO_AGENT_KEYS.flatMap((key) => {
    const agent: DemoPerson = DEMO_PEOPLE[key];
    if (agent.markedFraudDaysAgo === undefined) return [];
    // Same details as marking fraud through the admin API records.
    return [
      entry(
        'user.marked_fraud',
        { type: 'user', id: idOf(key) },
        daysBefore(now, agent.markedFraudDaysAgo),
        {
          delistedListings: rows.listings.filter((row) => row.agentId === idOf(key)).length,
          removedWishlistItems: 0,
          rejectedOffers: 0,
          unfeaturedReviews: 0,
        },
      ),
    ];
  });
  const featured = rows.reviews.flatMap((row) =>
    row.featuredAt
      ? [entry('review.featured', { type: 'review', id: row.id }, row.featuredAt)]
      : [],
  );
  return [...promotions, ...verdicts, ...fraudMarks, ...featured];
}

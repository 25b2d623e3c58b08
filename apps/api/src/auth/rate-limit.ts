import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounter } from '../db/schema.ts';

export type WindowCount = { count: number; retryAfterSeconds: number };

/**
 * Counts one more event under `key` in a fixed window of `windowSeconds`, atomically (one
 * upsert), and says how many the window holds now and when it ends. Shared by every API
 * process because it lives in the database.
 */
export async function countInWindow(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<WindowCount> {
  const expired = sql`${rateLimitCounter.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const [counter] = await db
    .insert(rateLimitCounter)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimitCounter.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounter.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimitCounter.windowStartedAt} end`,
      },
    })
    .returning({
      count: rateLimitCounter.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitCounter.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  return {
    count: counter?.count ?? 1,
    retryAfterSeconds: Math.max(1, Number(counter?.retryAfter ?? windowSeconds)),
  };
}

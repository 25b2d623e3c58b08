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
  const [count] = await countEachInWindow(db, [key], windowSeconds);
  return count as WindowCount;
}

/**
 * `countInWindow` for several keys (a request counted per address and per account) in one
 * statement: one round trip and one commit, in the order of `keys`.
 */
export async function countEachInWindow(
  db: Database,
  keys: readonly string[],
  windowSeconds: number,
): Promise<WindowCount[]> {
  const expired = sql`${rateLimitCounter.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const counters = await db
    .insert(rateLimitCounter)
    .values(keys.map((key) => ({ key, count: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: rateLimitCounter.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounter.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimitCounter.windowStartedAt} end`,
      },
    })
    .returning({
      key: rateLimitCounter.key,
      count: rateLimitCounter.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitCounter.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  return keys.map((key) => {
    const counter = counters.find((row) => row.key === key);
    return {
      count: counter?.count ?? 1,
      retryAfterSeconds: Math.max(1, Number(counter?.retryAfter ?? windowSeconds)),
    };
  });
}

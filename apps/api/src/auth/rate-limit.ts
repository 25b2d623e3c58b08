import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedOnce } from '../db/prepared-once.ts';
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
  const counters = await counterUpsert(db).execute({ keys: [...keys], windowSeconds });
  return keys.map((key) => {
    const counter = counters.find((row) => row.key === key);
    return {
      count: counter?.count ?? 1,
      retryAfterSeconds: Math.max(1, Number(counter?.retryAfter ?? windowSeconds)),
    };
  });
}

/** The keys as an array, so one statement serves any number of them (built once: ADR 5). */
const counterUpsert = preparedOnce((db: Database) => {
  const window = sql`make_interval(secs => ${sql.placeholder('windowSeconds')}::float8)`;
  const expired = sql`${rateLimitCounter.windowStartedAt} < now() - ${window}`;
  return db
    .insert(rateLimitCounter)
    .select(sql`select key, 1, now() from unnest(${sql.placeholder('keys')}::text[]) as keys(key)`)
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
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitCounter.windowStartedAt} + ${window} - now())))::int`,
    })
    .prepare('basha_rate_limit_count');
});

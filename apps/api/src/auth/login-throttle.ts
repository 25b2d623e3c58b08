import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { rateLimitCounter } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

export type LoginThrottle = {
  /** Counts an attempt before it runs; throws 429 when the IP or the account is over its limit. */
  beginAttempt(ip: string, email: string): Promise<void>;
  /** A successful login does not count against either limit. */
  forgiveAttempt(ip: string, email: string): Promise<void>;
};

/**
 * Failed-login limits per IP and per account, counted in the database so every API process
 * shares them. Attempts are counted up front (atomic upsert) so parallel guesses cannot
 * slip past the limit, then refunded when the login succeeds.
 */
export function createLoginThrottle(db: Database, limits: Config['loginLimits']): LoginThrottle {
  const window = limits.windowSeconds;
  const keysOf = (ip: string, email: string) => [
    { key: `login:ip:${ip}`, limit: limits.perIp },
    { key: `login:account:${email.trim().toLowerCase()}`, limit: limits.perAccount },
  ];

  return {
    async beginAttempt(ip, email) {
      for (const { key, limit } of keysOf(ip, email)) {
        const expired = sql`${rateLimitCounter.windowStartedAt} < now() - make_interval(secs => ${window})`;
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
            retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitCounter.windowStartedAt} + make_interval(secs => ${window}) - now())))::int`,
          });
        if (counter && counter.count > limit) {
          throw new AppError(
            'TOO_MANY_REQUESTS',
            'Too many failed login attempts. Please wait and try again.',
            {
              retryAfterSeconds: Math.max(1, Number(counter.retryAfter)),
            },
          );
        }
      }
    },
    async forgiveAttempt(ip, email) {
      const keys = keysOf(ip, email).map(({ key }) => key);
      await db
        .update(rateLimitCounter)
        .set({ count: sql`greatest(${rateLimitCounter.count} - 1, 0)` })
        .where(inArray(rateLimitCounter.key, keys));
    },
  };
}

import { signInMessages } from '@basha/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { LoginLimits } from '../config.ts';
import type { Database } from '../db/client.ts';
import { rateLimitCounter } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { countInWindow } from './rate-limit.ts';

export type LoginThrottle = {
  /** Lets an attempt run, or throws 429 with the wait (ADR 0011 says whose failures count). */
  beginAttempt(address: string, email: string): Promise<void>;
  /** The password was right: the pair's failures are forgotten and the pair becomes known. */
  succeeded(address: string, email: string): Promise<void>;
  /**
   * A new password was chosen from this address with an emailed link: the pair's failures
   * were guesses at the old one, and its owner need not wait them out (ADR 37).
   */
  forgetFailures(address: string, email: string): Promise<void>;
};

/** How long a successful login keeps an account known at an address. */
const KNOWN_FOR_DAYS = 30;
/** How long failures of one account at one address are remembered after the latest. */
const PAIR_MEMORY_HOURS = 24;

/**
 * How long any login counter can still matter: after this, housekeeping may delete it, and
 * its absence means what its expired row meant (no failures, not known, a new window).
 */
export function loginCountersLifetimeSeconds(limits: LoginLimits): number {
  return Math.max(KNOWN_FOR_DAYS * 24 * 3600, PAIR_MEMORY_HOURS * 3600, limits.windowSeconds);
}

export const LOGIN_WAIT_MESSAGE = signInMessages.tooManyFailures;

/**
 * Slows password guessing without letting anyone lock another person out (ADR 0011).
 *
 * - Failures are counted per account *and* address. After `failuresBeforeDelay` of them, each
 *   further try of that pair waits twice as long as the one before (1 s, 2 s, 4 s, … up to
 *   `maxDelaySeconds`). Failures from any other address never delay this one.
 * - Failures from one address over all accounts are counted per window. Above `perAddress`,
 *   the address may still log in to accounts that logged in from it before (known pairs), but
 *   not try others until the window ends: a spray stops, colleagues behind it do not.
 *
 * Everything lives in the database, so every API process counts the same attempts. A pair's
 * try is claimed atomically before the password is checked, so parallel guesses cannot all
 * slip through one free slot.
 */
export function createLoginThrottle(db: Database, limits: LoginLimits): LoginThrottle {
  const keysOf = (address: string, email: string) => {
    const account = email.trim().toLowerCase();
    return {
      pair: `login:pair:${account}:${address}`,
      known: `login:known:${account}:${address}`,
      address: `login:address:${address}`,
    };
  };

  const isKnown = async (key: string) => {
    const rows = await db
      .select({ key: rateLimitCounter.key })
      .from(rateLimitCounter)
      .where(
        and(
          eq(rateLimitCounter.key, key),
          gt(
            rateLimitCounter.windowStartedAt,
            sql`now() - make_interval(days => ${KNOWN_FOR_DAYS})`,
          ),
        ),
      );
    return rows.length > 0;
  };

  /**
   * Counts one more try of the pair unless it must still wait. For pair rows
   * `window_started_at` is when the latest failure was counted; the try is admitted when the
   * row was written by this very statement (its time is this transaction's now()).
   */
  const claimPairTry = async (key: string): Promise<number | null> => {
    const row = rateLimitCounter;
    const forgotten = sql`${row.windowStartedAt} < now() - make_interval(hours => ${PAIR_MEMORY_HOURS})`;
    // The exponent is capped so a pair tried for weeks cannot overflow the power.
    const waitSeconds = sql`least(${limits.maxDelaySeconds}, power(2, least(${row.count} - ${limits.failuresBeforeDelay}, 30)))`;
    const waiting = sql`(not ${forgotten} and ${row.count} >= ${limits.failuresBeforeDelay} and now() < ${row.windowStartedAt} + make_interval(secs => ${waitSeconds}))`;
    const [claimed] = await db
      .insert(row)
      .values({ key, count: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: row.key,
        set: {
          count: sql`case when ${waiting} then ${row.count} when ${forgotten} then 1 else ${row.count} + 1 end`,
          windowStartedAt: sql`case when ${waiting} then ${row.windowStartedAt} else now() end`,
        },
      })
      .returning({
        admitted: sql<boolean>`${row.windowStartedAt} = now()`,
        retryAfter: sql<number>`ceil(extract(epoch from (${row.windowStartedAt} + make_interval(secs => ${waitSeconds}) - now())))::int`,
      });
    return claimed?.admitted ? null : Math.max(1, Number(claimed?.retryAfter ?? 1));
  };

  const giveBack = (key: string) =>
    db
      .update(rateLimitCounter)
      .set({ count: sql`greatest(${rateLimitCounter.count} - 1, 0)` })
      .where(eq(rateLimitCounter.key, key));

  const refuse = (retryAfterSeconds: number) =>
    new AppError('TOO_MANY_REQUESTS', LOGIN_WAIT_MESSAGE, {
      retryAfterSeconds: Math.max(1, retryAfterSeconds),
    });

  return {
    async beginAttempt(address, email) {
      const keys = keysOf(address, email);
      const known = await isKnown(keys.known);
      // The pair first: tries it refuses are not counted against the address, so guessing
      // at one account cannot make the address busy for everyone behind it.
      const pairWait = await claimPairTry(keys.pair);
      if (pairWait !== null) throw refuse(pairWait);
      // Counted before the password is checked (atomic, so parallel guesses cannot all slip
      // under the limit) and given back on success.
      const fromAddress = await countInWindow(db, keys.address, limits.windowSeconds);
      if (fromAddress.count > limits.perAddress && !known) {
        // Nothing was checked: the pair's try is given back, so a newcomer held up by a
        // neighbour's spray has no failures of its own when the window ends.
        await giveBack(keys.pair);
        throw refuse(fromAddress.retryAfterSeconds);
      }
    },
    async forgetFailures(address, email) {
      await db
        .delete(rateLimitCounter)
        .where(eq(rateLimitCounter.key, keysOf(address, email).pair));
    },
    async succeeded(address, email) {
      const keys = keysOf(address, email);
      await db.delete(rateLimitCounter).where(eq(rateLimitCounter.key, keys.pair));
      await giveBack(keys.address);
      await db
        .insert(rateLimitCounter)
        .values({ key: keys.known, count: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: rateLimitCounter.key,
          set: { windowStartedAt: sql`now()` },
        });
    },
  };
}

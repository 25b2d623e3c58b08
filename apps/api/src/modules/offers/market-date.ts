import { MARKET_TIME_ZONE } from '@basha/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Today's date in Dhaka by the database clock. Deadlines are compared against it inside the
 * statements that act on them, so whether an offer has expired is settled where the
 * change happens, whatever the caller or the API server's clock says.
 */
export const marketToday = sql`(now() at time zone ${MARKET_TIME_ZONE})::date`;

/** The same date as YYYY-MM-DD, to select beside rows whose status is derived from it. */
export const marketTodayText = sql<string>`to_char(${marketToday}, 'YYYY-MM-DD')`;

/** The moment a deadline day ends in Dhaka: when an offer with that deadline expires. */
export const endOfMarketDay = (deadline: string | SQLWrapper) =>
  sql`(${deadline}::date + 1)::timestamp at time zone ${MARKET_TIME_ZONE}`;

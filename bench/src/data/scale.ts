/**
 * How many of everything a marketplace with `listings` listings has. The ratios follow a
 * busy portal: one agent per 50 listings, one buyer account per 20, a wishlist entry for
 * every second listing, a review for every fifth verified one, an offer for every tenth.
 */
export type Scale = {
  listings: number;
  agents: number;
  users: number;
  admins: number;
  wishlistItems: number;
  reviews: number;
  offers: number;
};

export function scaleFor(listings: number): Scale {
  if (!Number.isInteger(listings) || listings < 1) {
    throw new Error(`--listings must be a whole number above 0 (got ${listings})`);
  }
  return {
    listings,
    agents: Math.max(10, Math.round(listings / 50)),
    users: Math.max(20, Math.round(listings / 20)),
    admins: 2,
    wishlistItems: Math.round(listings / 2),
    reviews: Math.round(listings / 5),
    offers: Math.round(listings / 10),
  };
}

/** Shares of listing states: most stock is verified; a few of those are sold. */
export const STATUS_SHARES = { verified: 0.8, pending: 0.12, rejected: 0.08 } as const;
export const SOLD_SHARE_OF_VERIFIED = 0.03;
/** One agent in a hundred is marked as fraud; their listings are delisted. */
export const FRAUD_AGENT_EVERY = 100;

/** Generated accounts all end in this domain, so they are easy to tell apart (and to log in as). */
export const BENCH_EMAIL_DOMAIN = 'bench.basha.test';
export const BENCH_PASSWORD = 'BenchPass@2026';

export const benchEmail = (role: 'user' | 'agent' | 'admin', n: number) =>
  `${role}${n}@${BENCH_EMAIL_DOMAIN}`;

/**
 * Deterministic ids, so rows can refer to each other by number: md5 of a label, with the
 * version (4) and variant (8) nibbles set so they are valid RFC 9562 uuids (the API's
 * `z.uuid()` params refuse anything else).
 */
export const benchIdSql = (kind: 'user' | 'agent' | 'admin' | 'listing', n: string) =>
  `overlay(overlay(md5('basha-bench-${kind}-' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

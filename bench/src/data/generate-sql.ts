import { FACTS_POOL_SIZE, factsPoolSteps, WITHOUT_FACTS_EVERY } from './facts-pool.ts';
import type { GenerationStep } from './load.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  PROPERTY_KINDS,
  REVIEW_TEXTS,
  TITLE_HOOKS,
  weightedLocations,
} from './places.ts';
import {
  BENCH_EMAIL_DOMAIN,
  benchIdSql,
  FRAUD_AGENT_EVERY,
  type Scale,
  SOLD_SHARE_OF_VERIFIED,
  STATUS_SHARES,
} from './scale.ts';

/** Photos and avatars stored once and shared by every generated row. */
export type BenchAssets = {
  photos: { photoKey: string; width: number; height: number }[];
  avatarUrls: string[];
  /** A better-auth password hash every generated account shares. */
  passwordHash: string;
};

/**
 * The gallery's keys (primary, unique, foreign) and unique indexes, as the migrations made
 * them, are read from the catalog into a table of this transaction before they are dropped,
 * and made again from those definitions after the load: a later migration's index is kept
 * without this file knowing of it.
 */
const GALLERY_KEYS = 'bench_gallery_keys';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `(ARRAY[${items.map(quote).join(',')}]::text[])`;
/** `array[1 + floor(r * n)]` for a random number r in [0, 1). */
const pickAt = (array: string, length: number, random: string) =>
  `(${array})[1 + floor((${random}) * ${length})::int]`;

/**
 * Set-based SQL that fills an empty, migrated database: one INSERT … SELECT over
 * generate_series per table, no per-row round trips. Runs unchanged on PostgreSQL 15 and
 * on PGlite. `setseed` first makes every run produce the same marketplace.
 */
export function generationSteps(scale: Scale, assets: BenchAssets): GenerationStep[] {
  const { photos, avatarUrls, passwordHash } = assets;
  const firstNames = textArray(FIRST_NAMES);
  const lastNames = textArray(LAST_NAMES);
  const avatars = textArray(avatarUrls);
  const nameOf = (i: string) =>
    `${firstNames}[1 + (${i} * 7) % ${FIRST_NAMES.length}] || ' ' || ${lastNames}[1 + (${i} * 13) % ${LAST_NAMES.length}]`;
  const locations = weightedLocations();
  const photo = photos[0];
  if (!photo) throw new Error('at least one photo is needed');

  const people = (role: 'user' | 'agent' | 'admin', count: number, fraud: string) => `
    INSERT INTO users (id, name, email, email_verified, image, role, fraud, created_at, updated_at)
    SELECT ${benchIdSql(role, 'i')}, ${nameOf('i')}, '${role}' || i || '@${BENCH_EMAIL_DOMAIN}', true,
           CASE WHEN i % 5 = 0 THEN NULL ELSE ${avatars}[1 + i % ${avatarUrls.length}] END,
           '${role}', ${fraud}, joined, joined
    FROM (SELECT i, now() - interval '4 years' + random() * interval '1 year' AS joined
          FROM generate_series(1, ${count}) AS i) AS g`;

  const verifiedUpTo = STATUS_SHARES.verified;
  const pendingUpTo = STATUS_SHARES.verified + STATUS_SHARES.pending;
  // Log-uniform prices from 10 lakh to ~46 crore for the minimum; the maximum adds 5–30 %
  // and never passes 50 crore. Rounded to 10 000 TK as agents price.
  const poolSize = Math.min(FACTS_POOL_SIZE, scale.listings);
  const priceMin = `(round(exp(ln(1000000) + r_price * ln(460)) / 10000) * 10000)::bigint`;

  return [
    { label: 'seed the random generator', sql: 'SELECT setseed(0.4242)' },
    { label: `${scale.admins} admins`, sql: people('admin', scale.admins, 'false') },
    {
      label: `${scale.agents} agents (1 in ${FRAUD_AGENT_EVERY} marked fraud)`,
      sql: people('agent', scale.agents, `i % ${FRAUD_AGENT_EVERY} = 0`),
    },
    { label: `${scale.users} users`, sql: people('user', scale.users, 'false') },
    {
      label: 'a password for every generated account',
      sql: `
        INSERT INTO accounts (user_id, account_id, provider_id, password, created_at, updated_at)
        SELECT id, id::text, 'credential', ${quote(passwordHash)}, created_at, created_at
        FROM users WHERE email LIKE '%@${BENCH_EMAIL_DOMAIN}'`,
    },
    ...factsPoolSteps(poolSize),
    {
      label: `${scale.listings} listings (1 in ${WITHOUT_FACTS_EVERY} from before facts)`,
      sql: `
        INSERT INTO listings (id, agent_id, title, location, description, photo_key,
          photo_width, photo_height, photo_count, price_min, price_max,
          type, bedrooms, bathrooms, size_value, size_unit, size_sqft, floor, total_floors,
          facing, completion, handover_month, furnishing, amenities, division, district, area,
          status, rejection_reason, decided_at, sold_at, delisted_at, created_at, updated_at)
        SELECT ${benchIdSql('listing', 'i')}, ${benchIdSql('agent', 'agent_n')},
          CASE WHEN f.n IS NULL THEN kind || ' ' || hook ELSE f.title || ', ' || lower(hook) END,
          coalesce(f.address, 'Road ' || (1 + (i * 31) % 40) || ', ' || place),
          'A ' || lower(coalesce(f.title, kind)) || ' ' || hook || ' in ' || coalesce(f.address, place) ||
            '. Gas, water and electricity connections are in place, the title deed is clear. ' ||
            'Visits by appointment through the agent.',
          (${textArray(photos.map((p) => p.photoKey))})[1 + i % ${photos.length}],
          ${photo.width}, ${photo.height}, coalesce(f.photo_count, 1),
          coalesce(f.price_min, g.price_min),
          coalesce(f.price_max, least(500000000, g.price_min + 10000 + (round(g.price_min * (0.05 + 0.25 * r_spread) / 10000) * 10000)::bigint)),
          f.type::listing_type, f.bedrooms, f.bathrooms, f.size_value,
          f.size_unit::listing_size_unit, f.size_sqft, f.floor, f.total_floors,
          f.facing::listing_facing, f.completion::listing_completion, f.handover_month,
          f.furnishing::listing_furnishing, f.amenities, f.division, f.district, f.area,
          status::listing_status,
          CASE WHEN status = 'rejected' THEN 'The photos do not match the address given.' END,
          CASE WHEN status <> 'pending' THEN created + interval '1 day' END,
          CASE WHEN status = 'verified' AND r_sold < ${SOLD_SHARE_OF_VERIFIED}
               THEN created + (now() - created) / 2 END,
          CASE WHEN agent_n % ${FRAUD_AGENT_EVERY} = 0 THEN now() - interval '3 days' END,
          created, created
        FROM (
          SELECT i, agent_n, r_price, r_spread, r_sold, created,
            ${pickAt(textArray(PROPERTY_KINDS), PROPERTY_KINDS.length, 'r_kind')} AS kind,
            ${pickAt(textArray(TITLE_HOOKS), TITLE_HOOKS.length, 'r_hook')} AS hook,
            ${pickAt(textArray(locations), locations.length, 'r_place')} AS place,
            CASE WHEN r_status < ${verifiedUpTo} THEN 'verified'
                 WHEN r_status < ${pendingUpTo} THEN 'pending' ELSE 'rejected' END AS status,
            ${priceMin} AS price_min,
            CASE WHEN i % ${WITHOUT_FACTS_EVERY} <> 0 THEN (1 + (i::bigint * 7907) % ${poolSize})::int END AS pool_n
          FROM (
            SELECT i, (1 + (i::bigint * 7919) % ${scale.agents})::int AS agent_n,
              random() AS r_kind, random() AS r_hook, random() AS r_place, random() AS r_status,
              random() AS r_price, random() AS r_spread, random() AS r_sold,
              now() - random() * interval '1095 days' AS created
            FROM generate_series(1, ${scale.listings}) AS i
          ) AS r
        ) AS g
        LEFT JOIN bench_facts f ON f.n = g.pool_n`,
    },
    // Checking the foreign key row by row cost most of the gallery's load (5 min for 6.5 M
    // photos on a busy machine), and inserting 6.5 M photos one by one into a random uuid's
    // index and the (listing, position) one most of the rest: each is built once, after.
    {
      label: "galleries: the keys' and unique indexes' definitions kept",
      sql: `
        CREATE TEMP TABLE ${GALLERY_KEYS} ON COMMIT DROP AS
        SELECT conname AS name, contype = 'f' AS later,
          format('ALTER TABLE listing_photos DROP CONSTRAINT %I', conname) AS drop_sql,
          format('ALTER TABLE listing_photos ADD CONSTRAINT %I %s', conname, pg_get_constraintdef(oid)) AS definition
        FROM pg_constraint
        WHERE conrelid = 'listing_photos'::regclass AND contype IN ('p', 'u', 'f')
        UNION ALL
        SELECT c.relname, false, format('DROP INDEX %I', c.relname), pg_get_indexdef(i.indexrelid)
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'listing_photos'::regclass AND i.indisunique
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    },
    {
      label: 'galleries: keys and unique indexes dropped for the load',
      sql: `
        DO $$ DECLARE k record; BEGIN
          FOR k IN SELECT drop_sql FROM ${GALLERY_KEYS} ORDER BY later DESC, name LOOP
            EXECUTE k.drop_sql;
          END LOOP;
        END $$`,
    },
    {
      label: "each listing's gallery (its photo count; the cover first)",
      sql: `
        INSERT INTO listing_photos (listing_id, position, photo_key, photo_width, photo_height, created_at)
        SELECT l.id, p.position,
          CASE WHEN p.position = 0 THEN l.photo_key
               ELSE (${textArray(photos.map((p) => p.photoKey))})[1 + (abs(hashtext(l.id::text)) + p.position) % ${photos.length}] END,
          l.photo_width, l.photo_height, l.created_at
        FROM listings l, generate_series(0, l.photo_count - 1) AS p(position)`,
    },
    {
      label: 'galleries: keys and unique indexes built again',
      sql: `
        DO $$ DECLARE k record; BEGIN
          FOR k IN SELECT definition FROM ${GALLERY_KEYS} ORDER BY later, name LOOP
            EXECUTE k.definition;
          END LOOP;
        END $$`,
    },
    {
      label: `~${scale.wishlistItems} wishlist items`,
      sql: `
        INSERT INTO wishlist_items (user_id, listing_id, created_at)
        SELECT ${benchIdSql('user', `1 + floor(random() * ${scale.users})::int`)},
               ${benchIdSql('listing', `1 + floor(random() * ${scale.listings})::int`)},
               now() - random() * interval '300 days'
        FROM generate_series(1, ${scale.wishlistItems})
        ON CONFLICT DO NOTHING`,
    },
    {
      label: `~${scale.reviews} reviews on verified listings`,
      sql: `
        INSERT INTO reviews (listing_id, reviewer_id, rating, text, created_at)
        SELECT id, ${benchIdSql('user', `1 + floor(random() * ${scale.users})::int`)},
               (1 + floor(sqrt(random()) * 5))::smallint,
               ${pickAt(textArray(REVIEW_TEXTS), REVIEW_TEXTS.length, 'random()')},
               created_at + random() * (now() - created_at)
        FROM listings
        WHERE status = 'verified' AND random() < ${(scale.reviews / (scale.listings * STATUS_SHARES.verified)).toFixed(6)}
        ON CONFLICT DO NOTHING`,
    },
    {
      label: 'three featured reviews',
      sql: `
        UPDATE reviews SET featured_at = now()
        WHERE id IN (SELECT id FROM reviews ORDER BY created_at DESC, id DESC LIMIT 3)`,
    },
    {
      label: `~${scale.offers} offers (paid on sold listings, else pending/accepted/rejected)`,
      sql: `
        INSERT INTO offers (listing_id, buyer_id, amount, deadline, status, decided_at, paid_at,
          created_at, updated_at)
        SELECT id, ${benchIdSql('user', `1 + floor(random() * ${scale.users})::int`)},
          price_min + 50000,
          CASE WHEN state = 'pending' THEN current_date + (1 + floor(random() * 60)::int)
               ELSE (made + interval '30 days')::date END,
          state::offer_status,
          CASE WHEN state <> 'pending' THEN made + interval '2 days' END,
          CASE WHEN state = 'paid' THEN coalesce(sold_at, made + interval '3 days') END,
          made, made
        FROM (
          SELECT id, price_min, sold_at,
            CASE WHEN sold_at IS NOT NULL THEN 'paid'
                 WHEN r < 0.6 THEN 'pending' WHEN r < 0.9 THEN 'rejected' ELSE 'accepted' END AS state,
            CASE WHEN sold_at IS NOT NULL THEN sold_at - interval '5 days'
                 ELSE created_at + random() * (now() - created_at) END AS made
          FROM (SELECT *, random() AS r FROM listings
                WHERE status = 'verified' AND delisted_at IS NULL) AS v
          WHERE sold_at IS NOT NULL
             OR random() < ${(scale.offers / (scale.listings * STATUS_SHARES.verified)).toFixed(6)}
        ) AS o
        ON CONFLICT DO NOTHING`,
    },
    // What those offers and reviews told their agents and buyers (ADR 26), most of it read.
    // Not announced: no stream listens to a bulk load, and millions of NOTIFYs in one
    // transaction would only fill PostgreSQL's queue.
    {
      label: 'notifications: unannounced during the load',
      sql: 'ALTER TABLE notifications DISABLE TRIGGER notifications_announce',
    },
    {
      label: 'notifications of every offer (agent, and buyer once decided) and review (agent)',
      sql: `
        INSERT INTO notifications (recipient_id, kind, listing_id, offer_id, params, read_at, created_at)
        SELECT recipient, kind, listing_id, offer_id, params,
               CASE WHEN random() < 0.8 THEN at + interval '1 hour' END, at
        FROM (
          SELECT p.agent_id AS recipient, 'offerReceived' AS kind, p.id AS listing_id,
                 o.id AS offer_id, jsonb_build_object('listingTitle', p.title, 'amount', o.amount) AS params,
                 o.created_at AS at
          FROM offers o JOIN listings p ON p.id = o.listing_id
          UNION ALL
          SELECT o.buyer_id, CASE WHEN o.status = 'rejected' THEN 'offerRejected' ELSE 'offerAccepted' END,
                 p.id, o.id, jsonb_build_object('listingTitle', p.title, 'amount', o.amount), o.decided_at
          FROM offers o JOIN listings p ON p.id = o.listing_id
          WHERE o.status <> 'pending' AND o.buyer_id IS NOT NULL
          UNION ALL
          SELECT p.agent_id, 'reviewReceived', p.id, NULL,
                 jsonb_build_object('listingTitle', p.title, 'rating', r.rating), r.created_at
          FROM reviews r JOIN listings p ON p.id = r.listing_id
        ) AS told`,
    },
    {
      label: 'notifications: announced again',
      sql: 'ALTER TABLE notifications ENABLE TRIGGER notifications_announce',
    },
  ];
}

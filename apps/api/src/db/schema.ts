import {
  COMPLETION_STATUSES,
  FACINGS,
  FURNISHINGS,
  LISTING_TYPES,
  SIZE_UNITS,
} from '@basha/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amenityMaskExpression } from './amenity-mask.ts';

/**
 * A newest-first index column: DESC with NULLS FIRST, which is what `ORDER BY … DESC`
 * means. Drizzle's `.desc()` writes DESC NULLS LAST, an order no `ORDER BY x DESC` query
 * can use (PostgreSQL does not consult NOT NULL when matching index order), so every
 * newest-first list sorted the whole table instead of reading the index.
 */
const desc = (column: ExtraConfigColumn) => column.desc().nullsFirst();

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['user', 'agent', 'admin']);

// The four tables better-auth needs (user, session, account, verification), written by hand
// so one Drizzle schema owns every table. `role` and `fraud` are ours, declared to
// better-auth as additional fields that clients can never set.
export const user = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: roleEnum('role').notNull().default('user'),
    fraud: boolean('fraud').notNull().default(false),
    /** An agent's mobile number, +8801XXXXXXXXX (normalised by the domain), shown on their listings. */
    phone: text('phone'),
    /** The language emails are written in (ADR 34): 'en' or 'bn'. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // better-auth lowercases emails; the index makes case-insensitive uniqueness a fact.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // better-auth finds an account by `email = $1` (login, a password reset request): without
    // this, each was a scan of every user (6 ms at 70 000 accounts, warm).
    index('users_email_idx').on(t.email),
    index('users_created_at_id_idx').on(desc(t.createdAt), desc(t.id)),
    check('users_language_check', sql`${t.language} in ('en', 'bn')`),
  ],
);

export const session = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Fixed-window counters shared by every API process (login throttling). Kept in the
 * database so N processes behind a load balancer count the same attempts.
 */
export const rateLimitCounter = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

// ── Marketplace ─────────────────────────────────────────────────────────────────────────

export const listingStatusEnum = pgEnum('listing_status', ['pending', 'verified', 'rejected']);

// The facts' value sets are the domain's (packages/domain/src/listing-facts.ts), so the
// database refuses what the API's schema refuses.
export const listingTypeEnum = pgEnum('listing_type', LISTING_TYPES);
export const sizeUnitEnum = pgEnum('listing_size_unit', SIZE_UNITS);
export const facingEnum = pgEnum('listing_facing', FACINGS);
export const completionEnum = pgEnum('listing_completion', COMPLETION_STATUSES);
export const furnishingEnum = pgEnum('listing_furnishing', FURNISHINGS);

type ListingColumns = {
  division: AnyPgColumn;
  district: AnyPgColumn;
  area: AnyPgColumn;
  type: AnyPgColumn;
  bedrooms: AnyPgColumn;
  bathrooms: AnyPgColumn;
  sizeSqft: AnyPgColumn;
  priceMin: AnyPgColumn;
  priceMax: AnyPgColumn;
  completion: AnyPgColumn;
  amenityMask: AnyPgColumn;
};

/**
 * What a search filters on besides its place (ADR 33): the tail of every search index (the
 * price indexes have the prices among their keys already).
 */
const filteredFacts = (t: ListingColumns, { prices = true, type = true } = {}) => [
  ...(type ? [t.type] : []),
  t.bedrooms,
  t.bathrooms,
  t.sizeSqft,
  ...(prices ? [t.priceMin, t.priceMax] : []),
  t.completion,
  t.amenityMask,
];
/** The place and the facts: the tail of the search indexes over all public listings. */
const searchedColumns = (t: ListingColumns, options?: { prices?: boolean; type?: boolean }) => [
  t.division,
  t.district,
  t.area,
  ...filteredFacts(t, options),
];

/**
 * The rows of public listings (listing-visibility.ts says the same for queries): the
 * predicate of every partial index of public listings.
 */
const publicRows = () => sql`status = 'verified' and sold_at is null and delisted_at is null`;

/** The tails of the indexes led by the type, which is among their keys. */
const typedFacts = (t: ListingColumns, prices = true) => filteredFacts(t, { prices, type: false });
const typedSearchedColumns = (t: ListingColumns, prices = true) =>
  searchedColumns(t, { prices, type: false });

/**
 * The keys of the sorts on a fact (ADR 33): price per square foot (the range's lower end
 * over the canonical size, lowest first) and size (largest first). A listing without a size
 * sorts last in both, as +Infinity and -Infinity, so every page resumes with one row
 * comparison. Queries use `listingPricePerSqftKey` / `listingSizeKey` below, the same
 * expressions, so the indexes serve them.
 */
const pricePerSqftKeyOf = (t: ListingColumns) =>
  sql`(coalesce(${t.priceMin} / ${t.sizeSqft}, 'Infinity'::float8))`;
const sizeKeyOf = (t: ListingColumns) => sql`(coalesce(${t.sizeSqft}, '-Infinity'::float8))`;

/**
 * A price's band: the power of two at or below it (prices are positive: bands from 0). Sizes
 * follow prices, so the largest listings of a type are its dearest, and a size-ordered walk
 * under a price cap passed every listing too dear for it (ADR 33). Walked one band at a time,
 * every band but the cap's own is wholly under the cap. The same expression over a column or
 * a value: monotonic, so a listing under a cap is never in a band above the cap's.
 */
export const priceBandOf = (price: SQLWrapper) =>
  sql`(floor(ln(${price}::float8) / 0.6931471805599453)::integer)`;

/**
 * A property an agent lists for sale. Public (browse, details for everyone signed in) means:
 * verified, not sold, not delisted. Agent name/email/photo are joined from users, never copied.
 */
export const listing = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    /** Storage key prefix of the photo; variants are `${photoKey}-${width}.webp`. */
    photoKey: text('photo_key').notNull(),
    photoWidth: integer('photo_width').notNull(),
    photoHeight: integer('photo_height').notNull(),
    /** How many photos the gallery has (listing_photos); the cover is the one above. */
    photoCount: smallint('photo_count').notNull().default(1),
    priceMin: bigint('price_min', { mode: 'number' }).notNull(),
    priceMax: bigint('price_max', { mode: 'number' }).notNull(),
    // The facts (ADR 29). Null means "not stated": listings added before facts existed have
    // every fact null until their agent completes them; a fact that does not apply to the
    // type (a plot's bedrooms) is null too.
    type: listingTypeEnum('type'),
    bedrooms: smallint('bedrooms'),
    bathrooms: smallint('bathrooms'),
    /** The size as the agent entered it, in `size_unit`. */
    sizeValue: doublePrecision('size_value'),
    sizeUnit: sizeUnitEnum('size_unit'),
    /** The canonical size every filter and sort compares, whatever unit the agent chose. */
    sizeSqft: doublePrecision('size_sqft'),
    floor: smallint('floor'),
    totalFloors: smallint('total_floors'),
    facing: facingEnum('facing'),
    completion: completionEnum('completion'),
    /** YYYY-MM, for a building under construction. */
    handoverMonth: text('handover_month'),
    furnishing: furnishingEnum('furnishing'),
    /** A set of the domain's AMENITIES; null is "not stated", empty is "none". */
    amenities: text('amenities').array(),
    /** The amenities as bits, what searches filter on (amenity-mask.ts); computed, never written. */
    amenityMask: smallint('amenity_mask').generatedAlwaysAs(amenityMaskExpression),
    // The structured location: catalog ids (packages/domain/src/locations-data.ts) beside the
    // free-text address line. A listing whose division is null has a location for its agent
    // to complete.
    division: text('division'),
    district: text('district'),
    area: text('area'),
    status: listingStatusEnum('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** Set when the agent is marked as fraud: gone from every public place, kept for the record. */
    delistedAt: timestamp('delisted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_price_positive', sql`${t.priceMin} > 0`),
    check('listings_price_range', sql`${t.priceMin} < ${t.priceMax}`),
    index('listings_agent_idx').on(t.agentId, desc(t.createdAt), desc(t.id)),
    index('listings_status_idx').on(t.status, desc(t.createdAt), desc(t.id)),
    // The trailing location and price_max are not for ordering: they let a browse page be
    // picked by an index-only scan, filtering by location or price window without visiting
    // each candidate row in the table.
    //
    // The search of all properties (ADR 33): for each sort, one index over all public
    // listings and one per area and per district, each ending with every filtered column
    // (the place and the facts), so a page is picked by an index-only scan that checks each
    // candidate's filters without visiting the table. The size sort scans its index backwards.
    index('listings_public_newest_idx')
      .on(desc(t.createdAt), desc(t.id), t.location, ...searchedColumns(t))
      .where(publicRows()),
    index('listings_public_price_idx')
      .on(t.priceMin, t.id, t.priceMax, t.location, ...searchedColumns(t, { prices: false }))
      .where(publicRows()),
    index('listings_public_price_per_sqft_idx')
      .on(pricePerSqftKeyOf(t), t.id, t.location, ...searchedColumns(t))
      .where(publicRows()),
    index('listings_public_size_idx')
      .on(sizeKeyOf(t), t.id, t.location, ...searchedColumns(t))
      .where(publicRows()),
    ...(['area', 'district'] as const).flatMap((level) => [
      index(`listings_public_${level}_newest_idx`)
        .on(t[level], desc(t.createdAt), desc(t.id), ...filteredFacts(t))
        .where(publicRows()),
      index(`listings_public_${level}_price_idx`)
        .on(t[level], t.priceMin, t.id, t.priceMax, ...filteredFacts(t, { prices: false }))
        .where(publicRows()),
      index(`listings_public_${level}_price_per_sqft_idx`)
        .on(t[level], pricePerSqftKeyOf(t), t.id, ...filteredFacts(t))
        .where(publicRows()),
      index(`listings_public_${level}_size_idx`)
        .on(t[level], sizeKeyOf(t), t.id, ...filteredFacts(t))
        .where(publicRows()),
    ]),
    // The same four orders within one type, over all public listings and per district (ADR
    // 33, 2026-11-28): a search for one type (most searches) walks that type's entries only,
    // so a search with few matches reads a shop's or an office's share of the stock, not the
    // whole of it. A single chosen type is sent as `type = $1`, which keeps the index order
    // (an `= any(array)` of one type would not). Areas are small enough without.
    index('listings_public_type_newest_idx')
      .on(t.type, desc(t.createdAt), desc(t.id), t.location, ...typedSearchedColumns(t))
      .where(publicRows()),
    index('listings_public_type_price_idx')
      .on(t.type, t.priceMin, t.id, t.priceMax, t.location, ...typedSearchedColumns(t, false))
      .where(publicRows()),
    index('listings_public_type_price_per_sqft_idx')
      .on(t.type, pricePerSqftKeyOf(t), t.id, t.location, ...typedSearchedColumns(t))
      .where(publicRows()),
    index('listings_public_type_size_idx')
      .on(t.type, sizeKeyOf(t), t.id, t.location, ...typedSearchedColumns(t))
      .where(publicRows()),
    // A type's listings by price band, largest first within each: a size order under a price
    // cap walks the bands up to the cap's (browse-listings.repository.ts), 2026-11-29.
    index('listings_public_type_price_band_size_idx')
      .on(
        t.type,
        priceBandOf(t.priceMin),
        sizeKeyOf(t),
        t.id,
        t.location,
        ...typedSearchedColumns(t),
      )
      .where(publicRows()),
    index('listings_public_district_type_newest_idx')
      .on(t.district, t.type, desc(t.createdAt), desc(t.id), ...typedFacts(t))
      .where(publicRows()),
    index('listings_public_district_type_price_idx')
      .on(t.district, t.type, t.priceMin, t.id, t.priceMax, ...typedFacts(t, false))
      .where(publicRows()),
    index('listings_public_district_type_price_per_sqft_idx')
      .on(t.district, t.type, pricePerSqftKeyOf(t), t.id, ...typedFacts(t))
      .where(publicRows()),
    index('listings_public_district_type_size_idx')
      .on(t.district, t.type, sizeKeyOf(t), t.id, ...typedFacts(t))
      .where(publicRows()),
    // The widest price range (max / min) among public listings, read with one index probe:
    // it bounds how far below a price window a matching listing can start (see
    // browse-listings.repository.ts), so the window is a short range scan of the index above.
    index('listings_public_price_ratio_idx')
      .on(sql`(${t.priceMax}::float8 / ${t.priceMin})`)
      .where(publicRows()),
    // The sitemap's pages (ADR 28): public listings in id order with their lastmod, read
    // from this index alone (an index-only scan), not one table page per listing.
    index('listings_public_sitemap_idx').on(t.id, t.updatedAt).where(publicRows()),
    index('listings_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    check(
      'listings_rooms',
      sql`${t.bedrooms} between 0 and 20 and ${t.bathrooms} between 0 and 20`,
    ),
    check('listings_floors', sql`${t.floor} <= ${t.totalFloors}`),
    check('listings_size_positive', sql`${t.sizeSqft} > 0 and ${t.sizeValue} > 0`),
    check('listings_photo_count', sql`${t.photoCount} between 1 and 12`),
  ],
);

/** The sort keys of ADR 33 over the listings table, as its indexes are built on them. */
export const listingPricePerSqftKey = pricePerSqftKeyOf(listing);
export const listingSizeKey = sizeKeyOf(listing);

/**
 * A listing's gallery: 1–12 photos, the first (position 0) is the cover, which the listing
 * row repeats (photo_key/width/height) so cards and browse read one row. Variants are
 * `${photoKey}-${width}.webp`, as for every image.
 */
export const listingGalleryPhoto = pgTable(
  'listing_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    photoKey: text('photo_key').notNull(),
    photoWidth: integer('photo_width').notNull(),
    photoHeight: integer('photo_height').notNull(),
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_photos_listing_position_key').on(t.listingId, t.position),
    check('listing_photos_position', sql`${t.position} between 0 and 11`),
  ],
);

export const listingRevisionStatusEnum = pgEnum('listing_revision_status', [
  'pending',
  'approved',
  'rejected',
  'superseded',
]);

/**
 * An agent's edit of a verified listing, waiting for an admin (ADR 32): `edit` is the
 * validated edit input, applied on approval by the same function a direct edit uses. At
 * most one pending revision per listing; a later edit supersedes it. A photo the edit brings
 * is stored in media at once and removed again if the revision is rejected or superseded.
 */
export const listingRevision = pgTable(
  'listing_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => user.id, { onDelete: 'set null' }),
    edit: jsonb('edit').$type<Record<string, unknown>>().notNull(),
    status: listingRevisionStatusEnum('status').notNull().default('pending'),
    /** Why an admin rejected it, shown to the agent. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_revisions_one_pending_key').on(t.listingId).where(sql`status = 'pending'`),
    index('listing_revisions_listing_idx').on(t.listingId, desc(t.createdAt)),
    index('listing_revisions_pending_idx')
      .on(desc(t.createdAt), desc(t.id))
      .where(sql`status = 'pending'`),
  ],
);

/**
 * A listing photo uploaded on its own (one request per file, so the form shows each upload's
 * progress) and not yet part of a gallery. Adding or updating a listing moves it into
 * listing_photos; only its uploader can. Hourly housekeeping deletes the ones left behind.
 */
export const listingPhotoUpload = pgTable(
  'listing_photo_uploads',
  {
    photoKey: text('photo_key').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    photoWidth: integer('photo_width').notNull(),
    photoHeight: integer('photo_height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_photo_uploads_created_idx').on(t.createdAt)],
);

export const wishlistItem = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_items_user_listing_key').on(t.userId, t.listingId),
    index('wishlist_items_user_idx').on(t.userId, desc(t.createdAt), desc(t.id)),
  ],
);

/**
 * Stored states. A pending offer whose deadline has passed is stored as expired by its
 * expiry job (ADR 20); until that job has run, it is told apart by the deadline.
 */
export const offerStatusEnum = pgEnum('offer_status', [
  'pending',
  'accepted',
  'rejected',
  'paid',
  'expired',
  // A paid offer whose money an admin gave back: the sale is reversed (ADR 27).
  'refunded',
]);

export const offer = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'restrict' }),
    /** Null once the buyer's account is deleted: paid sales stay on record, anonymized. */
    buyerId: uuid('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A calendar date in Bangladesh time (Asia/Dhaka). */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /**
     * The listing's price range when the offer was made: the agent and the buyer judge the
     * offer against it even after the listing's price changed (issue 19). Left out of an
     * insert (sent as NULL), the database fills it from the listing before the NOT NULL
     * check (trigger offers_keep_listing_price, migration 0014), so every writer records it
     * the same way.
     */
    listingPriceMin: bigint('listing_price_min', { mode: 'number' })
      .notNull()
      .$defaultFn(() => sql`null`),
    listingPriceMax: bigint('listing_price_max', { mode: 'number' })
      .notNull()
      .$defaultFn(() => sql`null`),
    status: offerStatusEnum('status').notNull().default('pending'),
    /**
     * Rejected because the agent accepted (or sold to) another buyer's offer, not by the
     * agent's answer to this one: its buyer is told which.
     */
    lostToAnotherOffer: boolean('lost_to_another_offer').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offers_amount_positive', sql`${t.amount} > 0`),
    // One open offer per buyer per listing.
    uniqueIndex('offers_one_open_per_buyer_key')
      .on(t.listingId, t.buyerId)
      .where(sql`status in ('pending', 'accepted')`),
    // At most one accepted-or-paid offer per listing: the database settles racing accepts.
    uniqueIndex('offers_one_winner_per_listing_key')
      .on(t.listingId)
      .where(sql`status in ('accepted', 'paid')`),
    index('offers_buyer_idx').on(t.buyerId, desc(t.createdAt), desc(t.id)),
    index('offers_listing_idx').on(t.listingId, desc(t.createdAt), desc(t.id)),
  ],
);

// ── Payments ────────────────────────────────────────────────────────────────────────────

export const paymentProviderEnum = pgEnum('payment_provider', [
  'sandbox',
  'stripe',
  'sslcommerz',
  'bkash',
]);

/**
 * The one payment intent of an accepted offer, as the provider issued it. Stored so repeated
 * "pay" clicks get the same intent back; the unique offer id makes that a fact even when
 * first calls race.
 */
export const paymentIntent = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    provider: paymentProviderEnum('provider').notNull(),
    /** The provider's id for the intent (Stripe: pi_…). */
    reference: text('reference').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** Whole taka; the provider is asked for the same amount in its own unit. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /**
     * A payment the rail confirmed but flagged as risky (SSLCommerz `risk_level = 1`): its
     * validation id, held until an admin approves or refuses it. Null when nothing waits.
     */
    heldEventId: text('held_event_id'),
    /**
     * How reconciliation closed an intent that was never paid: `failed` (the rail said so)
     * or `expired` (the rail never saw it completed in time). Null while it may still be paid;
     * a closed intent is replaced when the buyer pays again.
     */
    closedAs: text('closed_as'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
    check('payment_intents_closed_as_known', sql`${t.closedAs} in ('failed', 'expired')`),
    uniqueIndex('payment_intents_offer_key').on(t.offerId),
    uniqueIndex('payment_intents_provider_reference_key').on(t.provider, t.reference),
  ],
);

/**
 * A completed payment: the money record behind a paid offer. Never updated or deleted.
 * One per offer and one per provider reference, so a replayed webhook or a double
 * confirmation cannot record the same money twice.
 */
export const payment = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'restrict' }),
    provider: paymentProviderEnum('provider').notNull(),
    /** The provider's id for the payment (Stripe: the PaymentIntent id). */
    reference: text('reference').notNull(),
    /** The provider event that reported it (Stripe: evt_…); null for sandbox confirmations. */
    eventId: text('event_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The only card detail ever stored; null when the provider did not tell us. */
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_card_last4_digits', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    uniqueIndex('payments_offer_key').on(t.offerId),
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.reference),
    uniqueIndex('payments_provider_event_key').on(t.provider, t.eventId),
  ],
);

/**
 * Money given back for a payment, through the rail that took it. One per payment and for
 * the whole amount, so a refund can never exceed what was paid. Never updated or deleted.
 */
export const paymentRefund = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'restrict' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'restrict' }),
    provider: paymentProviderEnum('provider').notNull(),
    /** The rail's id for the refund (Stripe re_…, SSLCommerz refund_ref_id, bKash refundTrxID). */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The admin who refunded; null once that account is deleted. */
    adminId: uuid('admin_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payment_refunds_payment_key').on(t.paymentId),
    uniqueIndex('payment_refunds_offer_key').on(t.offerId),
  ],
);

export const review = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /** Set when an admin features the review on the home page strip (at most 3). */
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_one_per_reviewer_key').on(t.reviewerId, t.listingId),
    index('reviews_listing_idx').on(t.listingId, desc(t.createdAt), desc(t.id)),
    index('reviews_created_idx').on(desc(t.createdAt), desc(t.id)),
  ],
);

// ── Conversations ───────────────────────────────────────────────────────────────────────

/**
 * One thread per buyer and listing, between the buyer and the listing's agent. The agent is
 * kept beside the listing so an inbox is one index range. Read positions are timestamps:
 * a side's unread messages are the other side's messages after its `*_read_at`.
 */
export const conversation = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    /** Null once the buyer's account is deleted: the agent keeps the history. */
    buyerId: uuid('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    /** Null once the agent's account is deleted: the buyer keeps the (closed) history. */
    agentId: uuid('agent_id').references(() => user.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }).notNull().defaultNow(),
    agentReadAt: timestamp('agent_read_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a participant reports it: admins see reported conversations only. */
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_buyer_listing_key').on(t.buyerId, t.listingId),
    index('conversations_buyer_idx').on(t.buyerId, desc(t.lastActivityAt), desc(t.id)),
    index('conversations_agent_idx').on(t.agentId, desc(t.lastActivityAt), desc(t.id)),
    index('conversations_reported_idx')
      .on(desc(t.lastReportedAt), desc(t.id))
      .where(sql`last_reported_at is not null`),
  ],
);

export const chatMessage = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    /** Null once the sender's account is deleted ("deleted user"). */
    senderId: uuid('sender_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('messages_conversation_idx').on(t.conversationId, desc(t.createdAt), desc(t.id)),
  ],
);

export const conversationReport = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_reports_one_per_reporter_key').on(t.conversationId, t.reporterId),
    index('conversation_reports_conversation_idx').on(t.conversationId, desc(t.createdAt)),
  ],
);

/** Every admin decision: who did what to which record, and when. Never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(desc(t.createdAt), desc(t.id))],
);

/**
 * Work that happens later or outside a request (ADR 20), claimed by one runner at a time
 * with FOR UPDATE SKIP LOCKED. Finished jobs stay (completed_at set), so a key enqueued
 * again after its job ran does not run it twice.
 */
export const job = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** The idempotency key: at most one job per key, ever. */
    key: text('key'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`completed_at is null`),
  ],
);

/**
 * What a user is told about (ADR 26): a kind and its parameters, written in the reader's
 * language when shown. `sequence` orders every notification ever made and is the live
 * stream's event id: migration 0010's deferred trigger gives it its final value at commit,
 * in commit order, and announces it on `basha_live_events`.
 */
export const notification = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    listingId: uuid('listing_id').references(() => listing.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offer.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_sequence_key').on(t.sequence),
    index('notifications_recipient_idx').on(t.recipientId, desc(t.createdAt), desc(t.id)),
    index('notifications_recipient_sequence_idx').on(t.recipientId, t.sequence),
    index('notifications_unread_idx').on(t.recipientId).where(sql`read_at is null`),
  ],
);

/**
 * A user's choice of email for one kind of notification (ADR 34). No row means the kind's
 * default (`EMAIL_DEFAULTS` in the domain), so a new kind needs no backfill.
 */
export const emailPreference = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  // A unique index, not a composite primary key: drizzle-kit's push cannot read those on
  // PGlite (schema-matches-migrations.test.ts).
  (t) => [uniqueIndex('email_preferences_user_kind_key').on(t.userId, t.kind)],
);

/** A search of all properties a user keeps, with how they hear of new matches (ADR 34). */
export const savedSearch = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The search as `ListingSearchQuerySchema` reads it (without its page). */
    search: jsonb('search').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency').notNull().default('instant'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, desc(t.createdAt)),
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
  ],
);

/**
 * A listing announced to a saved search: at most one row per pair, so a listing verified
 * again after a revision is never announced twice. `digestDay` is the Dhaka day whose
 * digest email took it (daily searches), null until then.
 */
export const savedSearchMatch = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    digestDay: date('digest_day'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_search_matches_search_listing_key').on(t.savedSearchId, t.listingId),
    index('saved_search_matches_undigested_idx').on(t.savedSearchId).where(sql`digest_day is null`),
  ],
);

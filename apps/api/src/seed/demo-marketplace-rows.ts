import { randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_CURRENCY, todayInDhaka } from '@basha/domain';
import type {
  listing,
  listingGalleryPhoto,
  offer,
  payment,
  review,
  wishlistItem,
} from '../db/schema.ts';
import { factColumnsOfFacts } from '../modules/listings/listing-facts-columns.ts';
import { DEMO_OFFERS, DEMO_REVIEWS, DEMO_WISHLIST } from './demo-activity.ts';
import { demoListingFacts } from './demo-listing-facts.ts';
import { DEMO_LISTINGS, type ListingKey } from './demo-listings.ts';
import { DEMO_PEOPLE, type DemoPerson, type PersonKey } from './demo-people.ts';
import type { StoredListingPhoto } from './demo-photos.ts';
import { addDays, daysBefore } from './demo-time.ts';

/** Rows with their ids chosen up front, so other rows can point at them. */
type WithId<Row> = Row & { id: string };
export type ListingRow = WithId<typeof listing.$inferInsert>;
type OfferRow = WithId<typeof offer.$inferInsert>;
type PaymentRow = typeof payment.$inferInsert;
export type ReviewRow = WithId<typeof review.$inferInsert>;

export type MarketplaceRows = {
  listings: ListingRow[];
  /** Each listing's 3–6 photos, the cover first. */
  listingPhotos: (typeof listingGalleryPhoto.$inferInsert)[];
  offers: OfferRow[];
  payments: PaymentRow[];
  reviews: ReviewRow[];
  wishlistItems: (typeof wishlistItem.$inferInsert)[];
};

/** An admin looks at a new listing within a day. */
const REVIEW_DELAY = 20 * 60 * 60_000;

/**
 * Turns the demo catalogue into table rows with times relative to `now`, so the data looks
 * freshly active whenever it is first seeded. Ids are generated here so rows can refer to
 * each other before anything is inserted. Pure: no I/O.
 */
export function buildMarketplaceRows(
  people: ReadonlyMap<PersonKey, string>,
  galleries: readonly (readonly StoredListingPhoto[])[],
  now: Date,
): MarketplaceRows {
  const daysAgo = (days: number, jitter = 0) => daysBefore(now, days, jitter);
  const idOf = (key: PersonKey) => {
    const id = people.get(key);
    if (!id) throw new Error(`Demo account ${key} does not exist`);
    return id;
  };
  const today = todayInDhaka(now);

  const listingIds = new Map<ListingKey, string>(
    DEMO_LISTINGS.map((listing) => [listing.key, randomUUID()]),
  );
  const listingId = (key: ListingKey) => listingIds.get(key) as string;

  const offers = DEMO_OFFERS.map((demo, index): OfferRow => {
    const createdAt = daysAgo(demo.madeDaysAgo, index);
    const decidedAt = demo.status === 'pending' ? null : daysAgo(demo.decidedDaysAgo, index);
    const paidAt = demo.status === 'paid' ? daysAgo(demo.paidDaysAgo, index) : null;
    return {
      id: randomUUID(),
      listingId: listingId(demo.listing),
      buyerId: idOf(demo.buyer),
      amount: demo.amount,
      deadline: addDays(today, demo.deadlineInDays),
      status: demo.status,
      decidedAt,
      paidAt,
      createdAt,
      updatedAt: paidAt ?? decidedAt ?? createdAt,
    };
  });
  // Paid like any sandbox payment, so demo receipts carry a reference and a card.
  const payments = offers.flatMap((row): PaymentRow[] =>
    row.paidAt
      ? [
          {
            offerId: row.id,
            provider: 'sandbox',
            reference: `pi_sandbox_${randomBytes(12).toString('hex')}`,
            amount: row.amount,
            currency: PAYMENT_CURRENCY,
            cardLast4: '4242',
            createdAt: row.paidAt,
          },
        ]
      : [],
  );
  const soldAt = new Map(
    offers.flatMap((row) => (row.paidAt ? [[row.listingId, row.paidAt] as const] : [])),
  );

  const demoFactColumns = (key: ListingKey, location: string, index: number) => {
    const { facts, place } = demoListingFacts(key, location, index, now);
    return factColumnsOfFacts(facts, place);
  };
  const listings = DEMO_LISTINGS.map((listing, index): ListingRow => {
    const gallery = galleries[index] ?? [];
    const photo = gallery[0];
    if (!photo) throw new Error(`No photo for demo listing ${listing.key}`);
    const id = listingId(listing.key);
    const createdAt = daysAgo(listing.listedDaysAgo, index);
    const decidedAt =
      listing.status === 'pending'
        ? null
        : new Date(Math.min(createdAt.getTime() + REVIEW_DELAY, now.getTime()));
    const agent: DemoPerson = DEMO_PEOPLE[listing.agent];
    const delistedAt =
      agent.markedFraudDaysAgo === undefined ? null : daysAgo(agent.markedFraudDaysAgo);
    const sold = soldAt.get(id) ?? null;
    return {
      id,
      agentId: idOf(listing.agent),
      title: listing.title,
      location: listing.location,
      description: listing.description,
      photoKey: photo.photoKey,
      photoWidth: photo.width,
      photoHeight: photo.height,
      photoCount: gallery.length,
      priceMin: listing.price[0],
      priceMax: listing.price[1],
      ...demoFactColumns(listing.key, listing.location, index),
      status: listing.status,
      rejectionReason: 'rejectionReason' in listing ? listing.rejectionReason : null,
      decidedAt,
      soldAt: sold,
      delistedAt,
      createdAt,
      updatedAt: latest(createdAt, decidedAt, sold, delistedAt),
    };
  });

  const reviews = DEMO_REVIEWS.map(
    (demo, index): ReviewRow => ({
      id: randomUUID(),
      listingId: listingId(demo.listing),
      reviewerId: idOf(demo.reviewer),
      rating: demo.rating,
      text: demo.text,
      featuredAt: demo.featured ? daysAgo(1, index) : null,
      createdAt: daysAgo(demo.writtenDaysAgo, index),
    }),
  );

  const wishlistItems = DEMO_WISHLIST.map((demo, index): typeof wishlistItem.$inferInsert => ({
    userId: idOf(demo.user),
    listingId: listingId(demo.listing),
    createdAt: daysAgo(demo.addedDaysAgo, index),
  }));

  const listingPhotos = DEMO_LISTINGS.flatMap((listing, index) =>
    (galleries[index] ?? []).map((photo, position) => ({
      listingId: listingId(listing.key),
      position,
      photoKey: photo.photoKey,
      photoWidth: photo.width,
      photoHeight: photo.height,
    })),
  );

  return { listings, listingPhotos, offers, payments, reviews, wishlistItems };
}

function latest(...times: (Date | null)[]): Date {
  return new Date(Math.max(...times.map((time) => time?.getTime() ?? 0)));
}

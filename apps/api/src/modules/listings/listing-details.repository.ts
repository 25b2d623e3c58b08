import { isPublicListing as isPublicListingView } from '@basha/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { preparedOncePer } from '../../db/prepared-once.ts';
import { listing, listingGalleryPhoto, offer, user } from '../../db/schema.ts';
import { batchedLookup } from '../../performance/batched-lookup.ts';
import type { GalleryPhotoRow } from './listing-gallery.repository.ts';
import { managedColumns } from './listing-reads.ts';
import type { ListingDetailsRow } from './listing-views.ts';

// One listing's details page: the listing, its agent, its gallery, and its sale once sold.

/**
 * The gallery, the cover first, as one JSON array in the listing's own row: a details read
 * is one round trip to the database rather than two (the listing, then its photos).
 */
const galleryOfListing = sql<GalleryPhotoRow[]>`(
  select coalesce(json_agg(json_build_object(
    'photoKey', ${listingGalleryPhoto.photoKey},
    'photoWidth', ${listingGalleryPhoto.photoWidth},
    'photoHeight', ${listingGalleryPhoto.photoHeight},
    'caption', ${listingGalleryPhoto.caption}
  ) order by ${listingGalleryPhoto.position}), '[]')
  from ${listingGalleryPhoto} where ${listingGalleryPhoto.listingId} = ${listing.id}
)`.as('photos');

const detailsColumns = {
  ...managedColumns,
  agentPhone: user.phone,
  description: listing.description,
  updatedAt: listing.updatedAt,
};

/** A listing's details with its gallery, the cover first. */
export type ListingWithGalleryRow = ListingDetailsRow & { photos: GalleryPhotoRow[] };

/** A sold listing's sale: who paid, how much and when. */
export type ListingSaleRow = { buyerId: string | null; price: number; soldAt: Date };

/**
 * A listing the viewer may see, with its sale once sold: public ones, plus their own
 * (agents), the one they bought (buyers keep seeing the property after it is sold), or any
 * (admins).
 *
 * The listing is read by id and the rule applied to that row here, rather than written into
 * the query: on PGlite, planning an `or … exists` clause and opening the offers table and its
 * indexes made the query half as dear again (715–895 µs against 481 µs by id alone, for
 * listings not read before, 100 000 listings). Only a sold listing needs a second query.
 */
export function findVisibleListing(
  db: Database,
  id: string,
  viewer: Pick<Actor, 'id' | 'role'> | null,
): Promise<{ row: ListingDetailsRow; sale: ListingSaleRow | null } | undefined> {
  return visibleListing(db, preparedDetailsStatements(db).listingById, id, viewer);
}

/** The same, with the listing's gallery: for its details page. */
export function findVisibleListingWithGallery(
  db: Database,
  id: string,
  viewer: Pick<Actor, 'id' | 'role'> | null,
): Promise<{ row: ListingWithGalleryRow; sale: ListingSaleRow | null } | undefined> {
  return visibleListing(db, preparedDetailsStatements(db).listingWithGalleryById, id, viewer);
}

async function visibleListing<Row extends ListingDetailsRow>(
  db: Database,
  read: (id: string) => Promise<Row | undefined>,
  id: string,
  viewer: Pick<Actor, 'id' | 'role'> | null,
): Promise<{ row: Row; sale: ListingSaleRow | null } | undefined> {
  const statements = preparedDetailsStatements(db);
  // PostgreSQL prints uuids in lower case, and the rows read are matched by that text.
  const row = await read(id.toLowerCase());
  if (!row) return undefined;
  const [sale] = row.sold ? await statements.saleOf.execute({ id: row.id }) : [];
  const visible =
    isPublicListingRow(row) ||
    (viewer !== null &&
      (viewer.role === 'admin' ||
        row.agentId === viewer.id ||
        (sale !== undefined && sale.buyerId === viewer.id)));
  return visible ? { row, sale: sale ? { ...sale, price: Number(sale.price) } : null } : undefined;
}

const isPublicListingRow = (row: ListingDetailsRow) =>
  isPublicListingView({
    status: row.status,
    sold: Boolean(row.sold),
    delisted: Boolean(row.delisted),
  });

/**
 * The details queries, prepared once per database: the details page is opened often, and
 * listings opened at the same moment are read together (see batched-lookup.ts).
 */
const preparedDetailsStatements = preparedOncePer((db) => {
  const id = sql.placeholder('id');
  const byIds = sql`${listing.id} = any(${sql.placeholder('ids')}::uuid[])`;
  const listings = db
    .select(detailsColumns)
    .from(listing)
    .innerJoin(user, eq(user.id, listing.agentId))
    .where(byIds)
    .prepare('basha_listing_details');
  const listingsWithGallery = db
    .select({ ...detailsColumns, photos: galleryOfListing })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.agentId))
    .where(byIds)
    .prepare('basha_listing_details_gallery');
  return {
    listingById: lookupById(listings),
    listingWithGalleryById: lookupById(listingsWithGallery),
    saleOf: db
      .select({
        buyerId: offer.buyerId,
        price: offer.amount,
        soldAt: sql<Date>`${offer.paidAt}`.mapWith(offer.paidAt),
      })
      .from(offer)
      .where(and(eq(offer.listingId, id), eq(offer.status, 'paid'), isNotNull(offer.paidAt)))
      .limit(1)
      .prepare('basha_listing_sale'),
  };
});

/** Reads one listing by id; listings asked for at the same moment share one statement. */
function lookupById<Row extends { id: string }>(statement: {
  execute(values: { ids: string[] }): Promise<Row[]>;
}) {
  return batchedLookup(async (ids: string[]) => {
    const rows = await statement.execute({ ids });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

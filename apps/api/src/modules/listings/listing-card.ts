import { type ListingCard, listingPhoto } from '@basha/domain';
import { sql } from 'drizzle-orm';
import { listing, user } from '../../db/schema.ts';
import { type CardFactsRow, cardFactColumns, cardFactsOf } from './listing-facts-columns.ts';

/**
 * Columns every listing card needs, for queries that join `listings` with the agent
 * (`innerJoin(user, eq(user.id, listing.agentId))`). Wishlist, offers and reviews reuse it.
 */
export const listingCardColumns = {
  id: listing.id,
  title: listing.title,
  location: listing.location,
  priceMin: listing.priceMin,
  priceMax: listing.priceMax,
  status: listing.status,
  sold: sql<boolean>`${listing.soldAt} is not null`.as('sold'),
  photoKey: listing.photoKey,
  photoWidth: listing.photoWidth,
  photoHeight: listing.photoHeight,
  photoCount: listing.photoCount,
  createdAt: listing.createdAt,
  agentId: user.id,
  agentName: user.name,
  agentEmail: user.email,
  agentPhotoUrl: user.image,
  ...cardFactColumns,
};

export type ListingCardRow = CardFactsRow & {
  id: string;
  title: string;
  location: string;
  priceMin: number;
  priceMax: number;
  status: ListingCard['status'];
  sold: boolean;
  photoKey: string;
  photoWidth: number;
  photoHeight: number;
  photoCount: number;
  createdAt: Date;
  agentId: string;
  agentName: string;
  agentEmail: string;
  agentPhotoUrl: string | null;
};

export function toListingCard(row: ListingCardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    price: { min: Number(row.priceMin), max: Number(row.priceMax) },
    status: row.status,
    sold: Boolean(row.sold),
    photo: listingPhoto(row.photoKey, row.photoWidth, row.photoHeight),
    photoCount: row.photoCount,
    agent: {
      id: row.agentId,
      name: row.agentName,
      email: row.agentEmail,
      photoUrl: row.agentPhotoUrl,
    },
    createdAt: row.createdAt.toISOString(),
    facts: cardFactsOf(row),
  };
}

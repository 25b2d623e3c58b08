import type { ListingDetails, ListingPhoto } from '@basha/domain';

/**
 * What a listing tells the world outside the app (its link preview and its structured data):
 * one place, so the type and size of issue 19 join the description here once listings have
 * them, and both the preview and the JSON-LD follow.
 */
export type ListingSummary = {
  title: string;
  /** One line: location and price, as a messenger shows under the title. */
  description: string;
  locality: string;
  price: { min: number; max: number };
  photo: ListingPhoto;
  postedAt: string;
};

// South Asian grouping (12,34,567), as the web app writes prices.
const taka = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function listingSummaryOf(listing: ListingDetails): ListingSummary {
  const { min, max } = listing.price;
  return {
    title: listing.title,
    description: `${listing.location} · ${taka.format(min)}–${taka.format(max)} TK`,
    locality: listing.location,
    price: { min, max },
    photo: listing.photo,
    postedAt: listing.createdAt,
  };
}

import type { ListingDetails, ListingPhoto, PageLocale } from '@basha/domain';

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

// South Asian grouping (12,34,567), as the web app writes prices, in the page's digits.
const numbers: Record<PageLocale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
  bn: new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 }),
};
const TAKA: Record<PageLocale, string> = { en: 'TK', bn: 'টাকা' };

/** The summary in the language of the shared address (`?lang=bn`): a preview reads like the page. */
export function listingSummaryOf(listing: ListingDetails, locale: PageLocale): ListingSummary {
  const { min, max } = listing.price;
  const number = numbers[locale];
  return {
    title: listing.title,
    description: `${listing.location} · ${number.format(min)}–${number.format(max)} ${TAKA[locale]}`,
    locality: listing.location,
    price: { min, max },
    photo: listing.photo,
    postedAt: listing.createdAt,
  };
}

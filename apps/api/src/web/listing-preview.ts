import {
  apiUrls,
  firstPages,
  isPublicListing,
  type ListingDetails,
  matchPagePattern,
  type PageLocale,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import { publicViewHeaders } from '../auth/public-view.ts';
import { listingHead } from './listing-head.ts';
import { listingSummaryOf } from './listing-summary.ts';

/**
 * The head of a listing's details page when the listing is public (verified, not sold, not
 * delisted), whoever asks: messengers and search engines fetch it with no cookie. It is read
 * as a visitor would see it, through the API's own details route and its response cache
 * (one answer shared by every user), so a warm cache answers it without a query. Any other
 * listing, and any other page, keeps the generic head: nothing of it leaks.
 */
export async function listingPreviewHead(
  app: FastifyInstance,
  pathname: string,
  publicUrl: string,
  locale: PageLocale,
): Promise<ReturnType<typeof listingHead> | undefined> {
  const id = matchPagePattern(firstPages.listingDetails.pattern, pathname)?.id;
  if (!id) return undefined;
  const answer = await app.inject({
    method: 'GET',
    url: apiUrls.listing(id),
    headers: publicViewHeaders(),
  });
  if (answer.statusCode !== 200) return undefined;
  const listing = answer.json<ListingDetails>();
  if (!isPublicListing(listing)) return undefined;
  return listingHead(listing.id, listingSummaryOf(listing, locale), publicUrl, locale);
}

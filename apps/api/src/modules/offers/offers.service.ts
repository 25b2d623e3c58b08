import type { MyOfferPage, OfferListQuery, ReceivedOfferPage } from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { toMyOffer, toReceivedOffer } from './offer-views.ts';
import * as repo from './offers.repository.ts';

/** The buyer's own offers ("property bought"), newest first. */
export async function listMyOffers(
  db: Database,
  actor: Actor,
  query: OfferListQuery,
): Promise<MyOfferPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listBuyerOffers(db, actor.id, query.status, after, query.limit);
  return newestFirstPage(rows, query.limit, toMyOffer);
}

/** Offers on the agent's own listings ("requested properties"), newest first. */
export async function listReceivedOffers(
  db: Database,
  actor: Actor,
  query: OfferListQuery,
): Promise<ReceivedOfferPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listReceivedOffers(db, actor.id, query.status, after, query.limit);
  return newestFirstPage(rows, query.limit, toReceivedOffer);
}

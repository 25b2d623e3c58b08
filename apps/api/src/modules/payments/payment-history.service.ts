import {
  type AdminSalesPage,
  paymentMessages,
  type Receipt,
  type ReceiptListQuery,
  type ReceiptPage,
  type SalesPage,
  type SalesQuery,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import * as repo from './payment-history.repository.ts';
import { toAdminSale, toReceipt, toSale } from './payment-views.ts';

/** The buyer's receipts, newest payment first. */
export async function listReceipts(
  db: Database,
  actor: Actor,
  query: ReceiptListQuery,
): Promise<ReceiptPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listReceipts(db, actor.id, after, query.limit);
  return newestFirstPage(rows, query.limit, toReceipt);
}

/** One receipt of the buyer's; anyone else's, or an unpaid offer, does not exist. */
export async function getReceipt(db: Database, actor: Actor, offerId: string): Promise<Receipt> {
  const row = await repo.findReceipt(db, actor.id, offerId);
  if (!row) throw new AppError('NOT_FOUND', paymentMessages.receiptNotFound);
  return toReceipt(row);
}

/** The agent's sold listings ("sold properties"), newest first, with the all-time total. */
export async function listSales(db: Database, actor: Actor, query: SalesQuery): Promise<SalesPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const [rows, total] = await Promise.all([
    repo.listSales(db, actor.id, after, query.limit),
    repo.salesTotalOf(db, actor.id),
  ]);
  return { ...newestFirstPage(rows, query.limit, toSale), total };
}

/** Every sale on the site, newest first, with the rail that took the money (admins). */
export async function listAllSales(db: Database, query: SalesQuery): Promise<AdminSalesPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listAllSales(db, after, query.limit);
  return newestFirstPage(rows, query.limit, toAdminSale);
}

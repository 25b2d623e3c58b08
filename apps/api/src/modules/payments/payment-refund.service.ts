import { offerMessages, paymentMessages, type RefundResult } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordOfferNotifications } from '../notifications/notifications.repository.ts';
import { lockSale } from './complete-sale.ts';
import type { PaymentProvider } from './payment-provider.ts';
import * as repo from './payments.repository.ts';

/**
 * An admin gives a paid offer's money back through the rail that took it, and the sale is
 * reversed: the offer becomes refunded, the listing is for sale again (the offers its sale
 * rejected stay rejected), the buyer is told and the audit log records it.
 *
 * The rail is asked inside the transaction, under the sale's locks (ADR 27): refunds are
 * rare admin decisions, and holding the offer's lock while the rail answers makes a double
 * click or a concurrent pair queue and find the offer refunded (409), so the rail is asked
 * once. A refusal or an unreachable rail throws and the transaction leaves nothing behind.
 * The refund is always the whole payment, recorded once per payment: never more than paid.
 */
export async function refundPayment(
  db: Database,
  providers: readonly PaymentProvider[],
  actor: Actor,
  offerId: string,
  log: FastifyBaseLogger,
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, offerId);
    if (!sale) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);
    if (sale.offer.status === 'refunded') {
      throw new AppError('CONFLICT', paymentMessages.alreadyRefunded);
    }
    const paid = sale.offer.status === 'paid' ? await repo.findPaymentOf(tx, offerId) : undefined;
    if (!paid) throw new AppError('CONFLICT', paymentMessages.notRefundable);
    const rail = providers.find((provider) => provider.name === paid.provider);
    if (!rail) throw new AppError('CONFLICT', paymentMessages.methodNotEnabled);

    const intent = await repo.findIntentOf(tx, offerId);
    const outcome = await rail.refund({
      offerId,
      intentReference: intent?.reference ?? paid.reference,
      paymentReference: paid.reference,
      amount: paid.amount,
    });
    if (!outcome.refunded) {
      log.warn({ offerId, provider: paid.provider, reason: outcome.reason }, 'refund refused');
      throw outcome.reason
        ? new AppError('CONFLICT', paymentMessages.refundRefusedBecause, {
            params: { reason: outcome.reason },
          })
        : new AppError('CONFLICT', paymentMessages.refundRefused);
    }

    const recorded = await repo.insertRefund(tx, {
      paymentId: paid.id,
      offerId,
      provider: paid.provider,
      reference: outcome.reference,
      amount: paid.amount,
      currency: paid.currency,
      adminId: actor.id,
    });
    if (!(await repo.markOfferRefunded(tx, offerId))) {
      throw new Error('a locked paid offer could not be marked refunded');
    }
    await repo.markListingForSale(tx, sale.listingId);
    await recordOfferNotifications(tx, 'paymentRefunded', [offerId]);
    await recordAudit(
      tx,
      actor,
      'payment.refunded',
      { type: 'offer', id: offerId },
      { provider: paid.provider, reference: outcome.reference, amount: paid.amount },
    );
    return {
      offerId,
      refund: {
        amount: paid.amount,
        reference: outcome.reference,
        refundedAt: recorded.createdAt.toISOString(),
      },
    };
  });
}

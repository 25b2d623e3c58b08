import { PAYMENT_CURRENCY } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { lockSale, recordConfirmedPayment } from './complete-sale.ts';
import type { SslcommerzProvider, SslcommerzValidation } from './payment-provider.ts';
import { findIntentByReference, holdIntent, type IntentRow } from './payments.repository.ts';

/**
 * What one IPN or return did. `held`: confirmed but risk-flagged, waiting for an admin.
 * `refused`: nothing we can believe (foreign transaction, unconfirmed, wrong amount).
 */
export type SettlementOutcome = 'recorded' | 'duplicate' | 'held' | 'refused';

export type Settlement = { outcome: SettlementOutcome; offerId: string | null };

/**
 * Settles an SSLCommerz transaction from an IPN or the buyer's return. Nothing the caller
 * posted is believed: the validation API must confirm `val_id`, for our transaction, our
 * amount in taka. IPNs and returns for one transaction arrive several times and at once;
 * the sale's locks, the conditional paid update and the unique payment keys let only the
 * first one change anything.
 */
export async function settleSslcommerz(
  db: Database,
  sslcommerz: SslcommerzProvider,
  posted: { tranId: string; valId: string },
  log: FastifyBaseLogger,
): Promise<Settlement> {
  const intent = await findIntentByReference(db, 'sslcommerz', posted.tranId);
  if (!intent) {
    log.warn({ tranId: posted.tranId }, 'an SSLCommerz transaction that is not ours; refused');
    return { outcome: 'refused', offerId: null };
  }
  const refused = (reason: string, details: object = {}): Settlement => {
    log.warn({ tranId: posted.tranId, offerId: intent.offerId, ...details }, reason);
    return { outcome: 'refused', offerId: intent.offerId };
  };
  // Asked before the transaction: no lock is held while the gateway answers.
  const validation = await sslcommerz.validate(posted.valId);
  const mismatch = validation ? mismatchOf(validation, intent) : 'no answer';
  if (!validation || mismatch) {
    return refused('SSLCommerz did not confirm this payment; nothing recorded', { mismatch });
  }
  if (validation.riskFlagged) return hold(db, intent, validation, log);
  return recordSslcommerzPayment(db, intent, validation, log);
}

/** Why a validation does not confirm our intent, or null when it does. */
function mismatchOf(v: SslcommerzValidation, intent: IntentRow): string | null {
  if (v.status !== 'VALID' && v.status !== 'VALIDATED') return `status ${v.status}`;
  if (v.tranId !== intent.reference) return 'another transaction';
  if (v.currency !== PAYMENT_CURRENCY) return 'another currency';
  if (v.amount !== intent.amount) return 'another amount';
  return null;
}

async function hold(
  db: Database,
  intent: IntentRow,
  v: SslcommerzValidation,
  log: FastifyBaseLogger,
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, intent.offerId);
    if (sale?.offer.status === 'paid') return { outcome: 'duplicate', offerId: intent.offerId };
    if (await holdIntent(tx, intent.offerId, v.valId)) {
      log.warn(
        { offerId: intent.offerId, valId: v.valId },
        'SSLCommerz flagged a payment as risky; held for an admin to approve or refuse',
      );
    }
    return { outcome: 'held', offerId: intent.offerId };
  });
}

/** Completes the sale for a confirmed SSLCommerz payment (also an admin's approval). */
export async function recordSslcommerzPayment(
  db: Database,
  intent: IntentRow,
  v: SslcommerzValidation,
  log: FastifyBaseLogger,
): Promise<Settlement> {
  const outcome = await recordConfirmedPayment(
    db,
    {
      offerId: intent.offerId,
      provider: 'sslcommerz',
      // The rail's own reference for the money, shown on the receipt.
      reference: v.bankTranId ?? intent.reference,
      eventId: v.valId,
      amount: intent.amount,
      currency: PAYMENT_CURRENCY,
      cardLast4: null,
    },
    log,
    'SSLCommerz',
  );
  return { outcome, offerId: intent.offerId };
}

import { PAYMENT_CURRENCY } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordConfirmedPayment } from './complete-sale.ts';
import type { BkashPayment, BkashProvider } from './payment-provider.ts';
import { findIntentByReference, type IntentRow } from './payments.repository.ts';

export type BkashOutcome = 'recorded' | 'duplicate' | 'failed' | 'refused' | 'uncertain';
export type BkashSettlement = { outcome: BkashOutcome; offerId: string | null };

/**
 * bKash's callback said the buyer approved: execute the payment, and where the answer is
 * unclear (timeout, no status) ask bKash for the payment's status instead of guessing.
 * Only a `Completed` payment of our amount in taka, for this offer, completes the sale,
 * exactly once (ADR 4's completion).
 */
export async function settleBkash(
  db: Database,
  bkash: BkashProvider,
  paymentId: string,
  log: FastifyBaseLogger,
): Promise<BkashSettlement> {
  const intent = await findIntentByReference(db, 'bkash', paymentId);
  if (!intent) {
    log.warn({ paymentId }, 'a bKash payment that is not ours; refused');
    return { outcome: 'refused', offerId: null };
  }
  const executed = await bkash.execute(paymentId);
  const known = executed && executed.status !== 'Unknown' ? executed : await bkash.query(paymentId);
  return settleKnownBkashPayment(db, intent, known, log);
}

/**
 * Settles what bKash said about an intent's payment (execute's answer, or its status when
 * the callback never came): only `Completed`, matching the offer, completes the sale.
 */
export async function settleKnownBkashPayment(
  db: Database,
  intent: IntentRow,
  known: BkashPayment | null,
  log: FastifyBaseLogger,
): Promise<BkashSettlement> {
  const { offerId, reference: paymentId } = intent;
  if (!known) return { outcome: 'uncertain', offerId };
  if (known.status !== 'Completed') {
    log.info({ paymentId, offerId, status: known.status }, 'a bKash payment did not complete');
    return { outcome: known.status === 'Initiated' ? 'uncertain' : 'failed', offerId };
  }
  if (!matches(known, intent)) {
    log.error({ paymentId, offerId }, 'a bKash payment does not match its offer; refused');
    return { outcome: 'refused', offerId };
  }
  return record(db, intent, known, log);
}

function matches(p: BkashPayment, intent: IntentRow): boolean {
  return (
    p.currency === PAYMENT_CURRENCY &&
    p.amount === intent.amount &&
    (p.paymentId === null || p.paymentId === intent.reference) &&
    (p.invoice === null || p.invoice === intent.offerId)
  );
}

async function record(
  db: Database,
  intent: IntentRow,
  p: BkashPayment,
  log: FastifyBaseLogger,
): Promise<BkashSettlement> {
  const outcome = await recordConfirmedPayment(
    db,
    {
      offerId: intent.offerId,
      provider: 'bkash',
      reference: p.trxId ?? intent.reference,
      eventId: intent.reference,
      amount: intent.amount,
      currency: PAYMENT_CURRENCY,
      cardLast4: null,
    },
    log,
    'bKash',
  );
  return { outcome, offerId: intent.offerId };
}

import { paymentMessages } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { SslcommerzProvider } from './payment-provider.ts';
import { findIntentOf, releaseHold } from './payments.repository.ts';
import { recordSslcommerzPayment } from './sslcommerz-settlement.service.ts';

export type HeldDecision = 'approve' | 'refuse';

/**
 * An admin's decision on a payment SSLCommerz flagged as risky. Approving asks the
 * validation API again (the money must still be confirmed) and completes the sale;
 * refusing releases the hold and leaves the offer payable: the money is refunded in
 * SSLCommerz's merchant panel. Either way the decision is in the audit log.
 */
export async function decideHeldPayment(
  db: Database,
  sslcommerz: SslcommerzProvider,
  actor: Actor,
  offerId: string,
  decision: HeldDecision,
  log: FastifyBaseLogger,
): Promise<{ offerId: string; decision: HeldDecision; paid: boolean }> {
  const intent = await findIntentOf(db, offerId);
  const valId = intent?.heldEventId;
  if (!intent || !valId) throw new AppError('NOT_FOUND', paymentMessages.nothingHeld);

  let paid = false;
  if (decision === 'approve') {
    const validation = await sslcommerz.validate(valId);
    if (!validation || (validation.status !== 'VALID' && validation.status !== 'VALIDATED')) {
      throw new AppError('CONFLICT', paymentMessages.providerRefused);
    }
    const settled = await recordSslcommerzPayment(db, intent, validation, log);
    paid = settled.outcome === 'recorded' || settled.outcome === 'duplicate';
  }
  await db.transaction(async (tx) => {
    await releaseHold(tx, offerId);
    await recordAudit(
      tx,
      actor,
      decision === 'approve' ? 'payment.approved' : 'payment.refused',
      { type: 'offer', id: offerId },
      { provider: 'sslcommerz', valId, paid },
    );
  });
  return { offerId, decision, paid };
}

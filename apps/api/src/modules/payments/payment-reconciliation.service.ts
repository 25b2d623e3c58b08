import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { settleKnownBkashPayment } from './bkash-settlement.service.ts';
import type {
  BkashProvider,
  PaymentProvider,
  SslcommerzProvider,
  StripeProvider,
} from './payment-provider.ts';
import { closeIntent, findUnresolvedIntents, type IntentRow } from './payments.repository.ts';
import { settleSslcommerz } from './sslcommerz-settlement.service.ts';
import { recordStripePayment } from './stripe-webhook.service.ts';

/** An intent this long without an outcome is asked about (issue 23). */
export const RECONCILE_AFTER_MINUTES = 15;

/**
 * What reconciliation did with one intent: `paid` (the sale completed now, or already had),
 * `failed` or `expired` (closed unpaid), `held` (risk-flagged, for an admin), `open` (the
 * rail has no final word yet: asked again next run).
 */
export type Reconciled = 'paid' | 'failed' | 'expired' | 'held' | 'open';

/**
 * Asks each rail about the intents whose outcome we never heard (no IPN, no callback, no
 * webhook; or a process died between the rail's "paid" and our commit) and settles them
 * through the same paths the callbacks take. Safe to repeat: paid offers and closed
 * intents are no longer unresolved, and the sale's unique keys record money once.
 */
export async function reconcilePayments(
  db: Database,
  providers: readonly PaymentProvider[],
  log: FastifyBaseLogger,
): Promise<Reconciled[]> {
  // The sandbox pays while the buyer waits: it never leaves an outcome unheard.
  const askable = providers.filter((p) => p.name !== 'sandbox');
  const intents = await findUnresolvedIntents(
    db,
    askable.map((p) => p.name),
    RECONCILE_AFTER_MINUTES,
  );
  const done: Reconciled[] = [];
  for (const intent of intents) {
    const rail = askable.find((p) => p.name === intent.provider);
    if (!rail) continue;
    try {
      const outcome = await reconcileIntent(db, rail, intent, log);
      if (outcome === 'failed' || outcome === 'expired') await closeIntent(db, intent, outcome);
      log.info({ offerId: intent.offerId, provider: rail.name, outcome }, 'payment reconciled');
      done.push(outcome);
    } catch (error) {
      // One rail being down does not stop the others; the next run asks again.
      log.warn({ err: error, offerId: intent.offerId }, 'a payment could not be reconciled now');
    }
  }
  return done;
}

function reconcileIntent(
  db: Database,
  rail: PaymentProvider,
  intent: IntentRow,
  log: FastifyBaseLogger,
): Promise<Reconciled> {
  switch (rail.name) {
    case 'sslcommerz':
      return reconcileSslcommerz(db, rail, intent, log);
    case 'bkash':
      return reconcileBkash(db, rail, intent, log);
    case 'stripe':
      return reconcileStripe(db, rail, intent, log);
    default:
      return Promise.resolve('open');
  }
}

async function reconcileSslcommerz(
  db: Database,
  sslcommerz: SslcommerzProvider,
  intent: IntentRow,
  log: FastifyBaseLogger,
): Promise<Reconciled> {
  const found = await sslcommerz.findTransaction(intent.reference);
  if (!found) return 'expired';
  if (found.status === 'VALID' || found.status === 'VALIDATED') {
    // The validation API confirms it, exactly as for an IPN.
    const settled = await settleSslcommerz(
      db,
      sslcommerz,
      { tranId: intent.reference, valId: found.valId },
      log,
    );
    if (settled.outcome === 'held') return 'held';
    return settled.outcome === 'refused' ? 'failed' : 'paid';
  }
  return found.status === 'PENDING' ? 'open' : 'failed';
}

async function reconcileBkash(
  db: Database,
  bkash: BkashProvider,
  intent: IntentRow,
  log: FastifyBaseLogger,
): Promise<Reconciled> {
  const known = await bkash.query(intent.reference);
  // Still `Initiated` after this long: the buyer never approved it in bKash's page.
  if (known?.status === 'Initiated') return 'expired';
  const settled = await settleKnownBkashPayment(db, intent, known, log);
  switch (settled.outcome) {
    case 'recorded':
    case 'duplicate':
      return 'paid';
    case 'uncertain':
      return 'open';
    default:
      return 'failed';
  }
}

async function reconcileStripe(
  db: Database,
  stripe: StripeProvider,
  intent: IntentRow,
  log: FastifyBaseLogger,
): Promise<Reconciled> {
  const current = await stripe.retrieveIntent(intent.reference);
  switch (current.status) {
    case 'succeeded': {
      // No webhook event reported it: the intent id stands in as the event id.
      const outcome = await recordStripePayment(
        db,
        stripe,
        `reconciled_${current.id}`,
        current,
        log,
      );
      return outcome === 'refused' ? 'failed' : 'paid';
    }
    case 'canceled':
      return 'failed';
    case 'processing':
    case 'requires_action':
    case 'requires_capture':
      return 'open';
    default:
      // Never confirmed with a card in all this time: the buyer left the form.
      return 'expired';
  }
}

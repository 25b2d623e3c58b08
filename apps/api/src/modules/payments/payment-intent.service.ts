import {
  offerMessages,
  PAYMENT_CURRENCY,
  type PaymentIntent,
  type PaymentProvider as PaymentProviderName,
  paymentMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../http/app-error.ts';
import { assertPayable } from './complete-sale.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { toPaymentIntent } from './payment-views.ts';
import * as repo from './payments.repository.ts';

/**
 * The buyer's one payment intent for an accepted offer: the stored one when its rail is
 * still enabled (a second Pay resumes the first payment, whatever method it names, so one
 * offer never has two payments under way), otherwise a new one from the chosen provider
 * (the first enabled when none is named), stored before it is shown.
 *
 * Only the offer row is locked, never the listing: this transaction may wait on the
 * provider's API, and holding no other lock it cannot deadlock with accepting, paying or
 * fraud marking (they lock the listing, then offers). Concurrent first calls queue on the
 * lock and find the first call's intent; the unique offer id backs that up.
 */
export async function openPaymentIntent(
  db: Database,
  providers: readonly PaymentProvider[],
  actor: Actor,
  offerId: string,
  method?: PaymentProviderName,
): Promise<PaymentIntent> {
  const provider = method ? providers.find((p) => p.name === method) : providers[0];
  if (!provider) throw new AppError('BAD_REQUEST', paymentMessages.methodNotEnabled);
  try {
    return await db.transaction(async (tx) => {
      const listingId = await repo.findListingOfOwnOffer(tx, actor.id, offerId);
      const offer = listingId ? await repo.lockOfferForPayment(tx, offerId) : undefined;
      if (!listingId || !offer) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);
      assertPayable(offer);

      const stored = await repo.findIntentOf(tx, offerId);
      const startedWith = providers.find((p) => p.name === stored?.provider);
      // A closed intent (failed or expired at its rail) is replaced by a new payment.
      if (stored && startedWith && !stored.closedAs) return toPaymentIntent(stored, startedWith);

      const issued = await provider.createIntent({
        offerId,
        amount: offer.amount,
        buyer: { name: actor.name, email: actor.email },
        listingTitle: await repo.titleOfListing(tx, listingId),
      });
      const intent = {
        offerId,
        provider: provider.name,
        ...issued,
        amount: offer.amount,
        currency: PAYMENT_CURRENCY,
      };
      // An intent from a rail the operator disabled, or closed unpaid, cannot be paid any more.
      if (stored) await repo.replaceIntent(tx, intent);
      else await repo.insertIntent(tx, intent);
      return toPaymentIntent(intent, provider);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', paymentMessages.startingAlready);
    }
    throw error;
  }
}

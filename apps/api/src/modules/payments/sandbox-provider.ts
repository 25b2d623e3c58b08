import { randomBytes } from 'node:crypto';
import { cardLast4, normalizeCardNumber, paymentMessages, SANDBOX_TEST_CARDS } from '@basha/domain';
import type { ChargeOutcome, SandboxProvider } from './payment-provider.ts';

/**
 * A card processor in test mode that needs no network. It answers Stripe's well-known test
 * numbers the way Stripe does, and refuses any other number as a live card, so nobody
 * mistakes it for a real charge.
 */
export function createSandboxProvider(): SandboxProvider {
  return {
    name: 'sandbox',
    publishableKey: null,
    async createIntent() {
      const reference = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      return {
        reference,
        clientSecret: `${reference}_secret_${randomBytes(18).toString('base64url')}`,
      };
    },
    charge({ cardNumber }): ChargeOutcome {
      const digits = normalizeCardNumber(cardNumber);
      const testCard = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
      if (!testCard) return { paid: false, message: paymentMessages.liveCardInTestMode };
      if (testCard.outcome !== 'succeeds') return { paid: false, message: testCard.message };
      return { paid: true, cardLast4: cardLast4(digits) };
    },
    async refund() {
      // A test-mode charge moved no money; its refund always succeeds.
      return { refunded: true, reference: `re_sandbox_${randomBytes(12).toString('hex')}` };
    },
  };
}

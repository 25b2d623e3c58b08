import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config.ts';
import { createBkashProvider } from './bkash-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createSslcommerzProvider } from './sslcommerz-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** One provider per enabled rail, in the operator's order (the first is preselected). */
export function createPaymentProviders(
  config: PaymentsConfig,
  log: FastifyBaseLogger,
): Promise<PaymentProvider[]> {
  return Promise.all(
    config.rails.map(async (rail): Promise<PaymentProvider> => {
      switch (rail.provider) {
        case 'stripe':
          return createStripeProvider(rail, log);
        case 'sslcommerz':
          return createSslcommerzProvider(rail, log);
        case 'bkash':
          return createBkashProvider(rail, log);
        default:
          return createSandboxProvider();
      }
    }),
  );
}

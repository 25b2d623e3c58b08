import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { createContext, type ReactNode, useContext } from 'react';

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js comes from js.stripe.com, as Stripe requires (PCI); `pure` loads it only when a
 * Stripe payment is opened. A failed load is forgotten so that Retry tries the network again.
 */
export const loadStripeOnce: StripeLoader = (publishableKey) => {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
};

const StripeLoaderContext = createContext<StripeLoader>(loadStripeOnce);

/** Swaps the loader; component tests use it, since Stripe's servers cannot run here. */
export function StripeLoaderProvider({
  loader,
  children,
}: {
  loader: StripeLoader;
  children: ReactNode;
}) {
  return <StripeLoaderContext.Provider value={loader}>{children}</StripeLoaderContext.Provider>;
}

export const useStripeLoader = () => useContext(StripeLoaderContext);

import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';

type Listener = (event: unknown) => void;

/** Stripe's test cards that this double answers like Stripe's test mode does. */
const DECLINED = '4000000000000002';

/**
 * A stand-in for Stripe.js, which is served by Stripe's servers and cannot run here. It has
 * just the surface `@stripe/react-stripe-js` and our form use: `elements().create('card')`
 * mounts a plain input, `change` events report completeness like Stripe's card element,
 * and `confirmCardPayment` answers 4000 0000 0000 0002 with Stripe's decline and any other
 * complete number with a succeeded intent. It records every confirmation it was asked for.
 */
export function createFakeStripe() {
  const confirmations: { clientSecret: string; cardNumber: string }[] = [];
  let cardInput: HTMLInputElement | null = null;

  const createCardElement = () => {
    const listeners = new Map<string, Set<Listener>>();
    const emit = (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    };
    return {
      mount(target: HTMLElement) {
        cardInput = document.createElement('input');
        cardInput.setAttribute('aria-label', 'Stripe card number');
        cardInput.addEventListener('input', () => {
          const digits = (cardInput?.value ?? '').replace(/\D/g, '');
          emit('change', {
            elementType: 'card',
            empty: digits.length === 0,
            complete: digits.length === 16,
            error: undefined,
          });
        });
        target.append(cardInput);
        queueMicrotask(() => emit('ready', { elementType: 'card' }));
      },
      on(event: string, listener: Listener) {
        listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      },
      off(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
      },
      update() {},
      destroy() {
        cardInput?.remove();
        cardInput = null;
      },
    };
  };

  let card: ReturnType<typeof createCardElement> | null = null;
  const elements = {
    create(type: string) {
      if (type !== 'card') throw new Error(`the fake Stripe.js has no ${type} element`);
      card = createCardElement();
      return card;
    },
    getElement: () => card,
    update() {},
  };

  const stripe = {
    elements: () => elements,
    createToken: () => Promise.reject(new Error('not used')),
    createPaymentMethod: () => Promise.reject(new Error('not used')),
    async confirmCardPayment(clientSecret: string): Promise<PaymentIntentResult> {
      const cardNumber = (cardInput?.value ?? '').replace(/\D/g, '');
      confirmations.push({ clientSecret, cardNumber });
      if (cardNumber === DECLINED) {
        return {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        } as PaymentIntentResult;
      }
      return {
        paymentIntent: { id: 'pi_fake', status: 'succeeded' },
      } as PaymentIntentResult;
    },
  };

  return { stripe: stripe as unknown as Stripe, confirmations };
}

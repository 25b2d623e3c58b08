// A stand-in for Stripe.js (js.stripe.com), served by the end-to-end tests in its place:
// the card element is a plain input, and confirmCardPayment sends the card to
// api.stripe.com's confirm endpoint, which the tests route to the local fake Stripe.
(() => {
  function Stripe(publishableKey) {
    let card = null;
    let input = null;

    function createCard() {
      const listeners = {};
      const emit = (event, payload) => {
        for (const cb of listeners[event] || []) cb(payload);
      };
      return {
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('aria-label', 'Card number (Stripe)');
          input.setAttribute('autocomplete', 'cc-number');
          input.addEventListener('input', () => {
            const digits = input.value.replace(/\D/g, '');
            emit('change', {
              elementType: 'card',
              empty: digits.length === 0,
              complete: digits.length === 16,
              error: undefined,
            });
          });
          node.append(input);
          setTimeout(() => emit('ready', { elementType: 'card' }), 0);
        },
        on(event, cb) {
          listeners[event] = (listeners[event] || []).concat(cb);
        },
        off(event, cb) {
          listeners[event] = (listeners[event] || []).filter((other) => other !== cb);
        },
        update() {},
        focus() {
          input?.focus();
        },
        unmount() {},
        destroy() {
          input?.remove();
          input = null;
        },
      };
    }

    const elements = {
      create(type) {
        if (type !== 'card') throw new Error(`fake Stripe.js has no ${type} element`);
        card = createCard();
        return card;
      },
      getElement: () => card,
      update() {},
    };

    return {
      elements: () => elements,
      createToken: () => Promise.reject(new Error('not used')),
      createPaymentMethod: () => Promise.reject(new Error('not used')),
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmCardPayment(clientSecret) {
        const intentId = clientSecret.split('_secret_')[0];
        // A simple form post, as Stripe.js makes: no preflight, the key in the body.
        const response = await fetch(
          `https://api.stripe.com/v1/payment_intents/${intentId}/confirm`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              key: publishableKey,
              client_secret: clientSecret,
              'payment_method_data[type]': 'card',
              'payment_method_data[card][number]': (input?.value || '').replace(/\D/g, ''),
            }),
          },
        );
        const body = await response.json();
        return response.ok ? { paymentIntent: body } : { error: body.error };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();

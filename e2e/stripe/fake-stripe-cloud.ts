// Stripe's side of an end-to-end Stripe payment, on this machine (Stripe's servers cannot be
// reached here): the API's local stand-in for api.stripe.com, plus the webhook Stripe would
// send once a card is confirmed, signed with the SDK's own test helper.
import Stripe from 'stripe';
import { startFakeStripe, stripeEventPayload } from '../../apps/api/test/fake-stripe-server.ts';

const port = Number(process.env.FAKE_STRIPE_PORT);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? '';
const secret = process.env.STRIPE_WEBHOOK_SECRET ?? '';

await startFakeStripe({
  port,
  async onSucceeded(intent) {
    const payload = stripeEventPayload('payment_intent.succeeded', {
      ...intent,
      amount_received: intent.amount,
      payment_method: 'pm_fake',
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    // After answering the browser, like Stripe: the page has to wait for the webhook.
    setTimeout(() => {
      void fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    }, 500);
  },
});
console.log(`fake Stripe on 127.0.0.1:${port}, webhooks to ${webhookUrl}`);

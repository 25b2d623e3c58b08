// A stand-in for api.stripe.com that the Stripe SDK is pointed at in tests, and that the
// end-to-end tests' Stripe.js double confirms cards with (tests only).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeStripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
};

type Reply = { status: number; body: unknown };

type Intent = Record<string, unknown> & { id: string; client_secret: string };

/** An event as Stripe's webhook delivers it, around `object` (to be signed and sent). */
export function stripeEventPayload(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** Stripe's test card that is always declined. */
const DECLINED_CARD = '4000000000000002';

/**
 * Answers like Stripe would: POST /v1/payment_intents creates an intent (the same one again
 * for a repeated idempotency key), GET /v1/payment_intents/:id returns it with its card,
 * POST /v1/payment_intents/:id/confirm (the browser's call, with the client secret and the
 * card) declines 4000 0000 0000 0002 like Stripe and otherwise succeeds, then tells
 * `onSucceeded` (the end-to-end runner sends the signed webhook from there).
 * `failCreates` makes the next creates answer with a Stripe error instead.
 */
export async function startFakeStripe(
  options: { port?: number; onSucceeded?: (intent: Intent) => Promise<void> } = {},
) {
  const requests: FakeStripeRequest[] = [];
  const byIdempotencyKey = new Map<string, Intent>();
  const byId = new Map<string, Record<string, unknown>>();
  let failure: Reply | null = null;
  let failuresLeft = 0;
  let refundRefusal: string | null = null;
  /** Refunds made: by idempotency key, and which intents are refunded. */
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const refundedIntents = new Set<string>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const key = req.headers['idempotency-key'];
      const request: FakeStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form: new URLSearchParams(raw),
      };
      requests.push(request);
      const reply = await answer(request, url);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(reply.body));
    });
  });

  async function answer(request: FakeStripeRequest, url: URL): Promise<Reply> {
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      if (failure && failuresLeft > 0) {
        failuresLeft -= 1;
        return failure;
      }
      const known = request.idempotencyKey && byIdempotencyKey.get(request.idempotencyKey);
      if (known) return { status: 200, body: known };
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(request.form.get('amount')),
        currency: request.form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: { offerId: request.form.get('metadata[offerId]') },
        payment_method: null,
      };
      if (request.idempotencyKey) byIdempotencyKey.set(request.idempotencyKey, intent);
      byId.set(id, intent);
      return { status: 200, body: intent };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') return refund(request);
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(request.path);
    if (request.method === 'POST' && confirm) return confirmIntent(confirm[1] ?? '', request.form);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const id = retrieve[1] ?? '';
      const intent = byId.get(id) ?? { id, object: 'payment_intent' };
      const expanded = [...url.searchParams].some(
        ([name, value]) => name.startsWith('expand[') && value === 'payment_method',
      );
      const last4 = typeof intent.card_last4 === 'string' ? intent.card_last4 : '4242';
      const method = { id: 'pm_fake', object: 'payment_method', card: { last4 } };
      return {
        status: 200,
        body: { ...intent, payment_method: expanded ? method : method.id },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } },
    };
  }

  /** POST /v1/refunds: the same refund again for a repeated key; never twice, never more. */
  function refund(request: FakeStripeRequest): Reply {
    const refused = (message: string): Reply => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message } },
    });
    const known = request.idempotencyKey && refundsByKey.get(request.idempotencyKey);
    if (known) return { status: 200, body: known };
    if (refundRefusal) return refused(refundRefusal);
    const intentId = request.form.get('payment_intent') ?? '';
    const intent = byId.get(intentId);
    if (intent?.status !== 'succeeded') {
      return refused(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      );
    }
    if (refundedIntents.has(intentId)) {
      return refused(`Charge for PaymentIntent ${intentId} has already been refunded.`);
    }
    const amount = Number(request.form.get('amount') ?? intent.amount);
    if (amount > Number(intent.amount)) {
      return refused(`Refund amount (${amount}) is greater than charge amount (${intent.amount})`);
    }
    const made = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: 'succeeded',
    };
    refundedIntents.add(intentId);
    if (request.idempotencyKey) refundsByKey.set(request.idempotencyKey, made);
    return { status: 200, body: made };
  }

  async function confirmIntent(id: string, form: URLSearchParams): Promise<Reply> {
    const intent = byId.get(id) as Intent | undefined;
    if (!intent || form.get('client_secret') !== intent.client_secret) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'No such payment_intent.' } },
      };
    }
    const card = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    if (card === DECLINED_CARD) {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      };
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      card_last4: card.slice(-4),
    });
    await options.onSucceeded?.(intent);
    return { status: 200, body: intent };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Makes the next `times` creates answer `status` with a Stripe error of `type`. */
    failCreates(times: number, status: number, type: string, message: string) {
      failure = { status, body: { error: { type, message } } };
      failuresLeft = times;
    },
    /** Every new refund is refused with `message` (null: back to normal). */
    refuseRefunds(message: string | null) {
      refundRefusal = message;
    },
    /** The intents refunded so far. */
    refundedIntents,
    /** Registers an intent made elsewhere (a payment the server never opened). */
    intents: byId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

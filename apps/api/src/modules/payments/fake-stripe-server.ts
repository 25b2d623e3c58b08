// A stand-in for api.stripe.com that the Stripe SDK is pointed at in tests (tests only).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeStripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
};

type Reply = { status: number; body: unknown };

/**
 * Answers like Stripe would: POST /v1/payment_intents creates an intent (the same one again
 * for a repeated idempotency key), GET /v1/payment_intents/:id returns it with its card.
 * `failCreates` makes the next creates answer with a Stripe error instead.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  const byId = new Map<string, Record<string, unknown>>();
  let failure: Reply | null = null;
  let failuresLeft = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const key = req.headers['idempotency-key'];
      const request: FakeStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form: new URLSearchParams(raw),
      };
      requests.push(request);
      const reply = answer(request, url);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(reply.body));
    });
  });

  function answer(request: FakeStripeRequest, url: URL): Reply {
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      if (failure && failuresLeft > 0) {
        failuresLeft -= 1;
        return failure;
      }
      const known = request.idempotencyKey && byIdempotencyKey.get(request.idempotencyKey);
      if (known) return { status: 200, body: known };
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent = {
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
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const id = retrieve[1] ?? '';
      const intent = byId.get(id) ?? { id, object: 'payment_intent' };
      const expanded = [...url.searchParams].some(
        ([name, value]) => name.startsWith('expand[') && value === 'payment_method',
      );
      const method = { id: 'pm_fake', object: 'payment_method', card: { last4: '4242' } };
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Makes the next `times` creates answer `status` with a Stripe error of `type`. */
    failCreates(times: number, status: number, type: string, message: string) {
      failure = { status, body: { error: { type, message } } };
      failuresLeft = times;
    },
    /** Registers an intent made elsewhere (a payment the server never opened). */
    intents: byId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptedOffer, as, expiryIn, startPayment } from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

/**
 * Card numbers are never stored or logged, and no response repeats one. The app runs with
 * the most verbose log level here and every log line is captured.
 */
let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let logLines: string[];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' });
  captureLogs();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(() => t.close());

/** Captures (and silences) what the app's logger and every request's child logger write. */
function captureLogs(): void {
  logLines = [];
  const stream = (t.app.log as unknown as Record<symbol, { write(line: string): boolean }>)[
    pino.symbols.streamSym
  ];
  if (!stream) throw new Error('the logger has no stream');
  vi.spyOn(stream, 'write').mockImplementation((line: string) => {
    logLines.push(line);
    return true;
  });
}

function pay(offerId: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment`,
    headers: { ...as(buyer), 'content-type': 'application/json' },
    payload: body,
  });
}

// Full numbers, as typed and as digits, and their first twelve digits (anything past the
// last four that could leak).
const CARDS = [
  '4242 4242 4242 4242',
  '4000000000000002',
  '4000 0000 0000 9995',
  '4242424242424241',
];
const forbidden = CARDS.flatMap((number) => {
  const digits = number.replaceAll(' ', '');
  return [number, digits, digits.slice(0, 12)];
});

function expectNoCardNumberIn(text: string): void {
  for (const fragment of forbidden) expect(text).not.toContain(fragment);
}

describe('card numbers stay out of logs and responses', () => {
  it('neither a success, a decline, a refusal nor a broken body logs or echoes the number', async () => {
    const responses = [];
    for (const cardNumber of CARDS) {
      const { offerId } = await acceptedOffer(t, agent, buyer);
      const { clientSecret } = (await startPayment(t, buyer, offerId)).json();
      const card = { clientSecret, cardNumber, expiry: expiryIn(6), cvc: '123' };
      responses.push(await pay(offerId, JSON.stringify(card)));
      responses.push(await pay(offerId, JSON.stringify(card)));
      responses.push(await pay(offerId, JSON.stringify({ ...card, cvc: 7, expiry: '00/00' })));
      responses.push(await pay(offerId, JSON.stringify({ ...card, extra: cardNumber })));
      responses.push(await pay(offerId, `{"cardNumber":"${cardNumber}", "cvc": 12`));
      responses.push(await pay(offerId, JSON.stringify({ ...card, cardNumber: [cardNumber] })));
    }
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200, 400, 402, 409]));
    for (const response of responses) expectNoCardNumberIn(response.body);

    // The logger was really on: every request was logged, with its method and URL.
    expect(logLines.some((line) => line.includes('/payment'))).toBe(true);
    expectNoCardNumberIn(logLines.join('\n'));
  });
});

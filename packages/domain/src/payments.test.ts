import { describe, expect, it } from 'vitest';
import {
  CardPaymentInputSchema,
  cardExpiryProblem,
  cardLast4,
  cardNumberProblem,
  normalizeCardNumber,
  parseCardExpiry,
  passesLuhn,
  paymentMessages,
  SANDBOX_TEST_CARDS,
} from './index.ts';
import { todayInDhaka } from './money.ts';

/** "MM/YY" `months` away from this month in Dhaka. */
function expiryIn(months: number): string {
  const [year, month] = todayInDhaka().split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  const mm = String((index % 12) + 1).padStart(2, '0');
  const yy = String(Math.floor(index / 12) % 100).padStart(2, '0');
  return `${mm}/${yy}`;
}

const goodCard = {
  clientSecret: 'pi_sandbox_1_secret_2',
  cardNumber: '4242 4242 4242 4242',
  expiry: expiryIn(12),
  cvc: '123',
};

describe('card numbers', () => {
  it('the Luhn check accepts real card numbers and every sandbox test card', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('the Luhn check refuses a changed digit and non-digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4242a24242424242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('ignores the spaces and dashes people type between groups', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardLast4('4000 0000 0000 9995')).toBe('9995');
  });

  it('says what is wrong in Stripe words', () => {
    expect(cardNumberProblem('')).toBe(paymentMessages.cardNumberIncomplete);
    expect(cardNumberProblem('   ')).toBe(paymentMessages.cardNumberIncomplete);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(paymentMessages.cardNumberInvalid);
    expect(cardNumberProblem('42')).toBe(paymentMessages.cardNumberInvalid);
    expect(cardNumberProblem('4242424242424242424242')).toBe(paymentMessages.cardNumberInvalid);
  });
});

describe('card expiry', () => {
  const today = '2026-03-10';

  it('reads MM/YY', () => {
    expect(parseCardExpiry('03/26')).toEqual({ month: 3, year: 2026 });
    expect(parseCardExpiry(' 12 / 31 ')).toEqual({ month: 12, year: 2031 });
    expect(parseCardExpiry('13/26')).toBeNull();
    expect(parseCardExpiry('00/26')).toBeNull();
    expect(parseCardExpiry('3/26')).toBeNull();
    expect(parseCardExpiry('03/2026')).toBeNull();
  });

  it('a card is good through the end of its expiry month', () => {
    expect(cardExpiryProblem('03/26', today)).toBeNull();
    expect(cardExpiryProblem('04/26', today)).toBeNull();
    expect(cardExpiryProblem('01/27', today)).toBeNull();
  });

  it('refuses a past month, a malformed date and an empty one', () => {
    expect(cardExpiryProblem('02/26', today)).toBe(paymentMessages.expiryPast);
    expect(cardExpiryProblem('12/25', today)).toBe(paymentMessages.expiryPast);
    expect(cardExpiryProblem('13/26', today)).toBe(paymentMessages.expiryInvalid);
    expect(cardExpiryProblem('', today)).toBe(paymentMessages.expiryIncomplete);
  });
});

describe('card payment input', () => {
  it('accepts a good card', () => {
    expect(CardPaymentInputSchema.safeParse(goodCard).success).toBe(true);
    expect(CardPaymentInputSchema.safeParse({ ...goodCard, cvc: '1234' }).success).toBe(true);
  });

  it('reads a card typed in Bangla digits as the same card', () => {
    const bangla = (ascii: string) =>
      ascii.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    const parsed = CardPaymentInputSchema.parse({
      ...goodCard,
      cardNumber: bangla(goodCard.cardNumber),
      expiry: bangla(goodCard.expiry),
      cvc: bangla(goodCard.cvc),
    });
    expect(parsed).toEqual(goodCard);
  });

  it.each([
    ['cardNumber', { cardNumber: '4242 4242 4242 4241' }, paymentMessages.cardNumberInvalid],
    ['expiry', { expiry: expiryIn(-1) }, paymentMessages.expiryPast],
    ['expiry', { expiry: '1/2' }, paymentMessages.expiryInvalid],
    ['cvc', { cvc: '12' }, paymentMessages.cvcInvalid],
    ['cvc', { cvc: '12345' }, paymentMessages.cvcInvalid],
    ['cvc', { cvc: '12a' }, paymentMessages.cvcInvalid],
    ['clientSecret', { clientSecret: '' }, paymentMessages.wrongPayment],
  ])('refuses a bad %s', (path, change, message) => {
    const result = CardPaymentInputSchema.safeParse({ ...goodCard, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [path], message });
  });

  it('never repeats the card number in its messages', () => {
    const number = '4242 4242 4242 4241';
    const result = CardPaymentInputSchema.safeParse({ ...goodCard, cardNumber: number, cvc: 1 });
    const text = JSON.stringify(result.error?.issues);
    expect(text).not.toContain('4241');
    expect(text).not.toContain('4242');
  });

  it('refuses unknown fields', () => {
    expect(CardPaymentInputSchema.safeParse({ ...goodCard, name: 'x' }).success).toBe(false);
  });
});

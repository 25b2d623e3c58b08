import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isAcceptableOfferAmount,
  MakeOfferInputSchema,
  OFFER_STATUSES,
  type OfferStatus,
  offerMessages,
  offerStatusOf,
  transitionRefusal,
} from './index.ts';
import { calendarDaysAfter, todayInDhaka } from './money.ts';

/** A date `days` away from today in Dhaka, as YYYY-MM-DD. */
const dhakaDate = (days: number) => calendarDaysAfter(todayInDhaka(), days);

describe('offer status', () => {
  const today = '2026-03-10';

  it('a pending offer whose deadline has passed shows as expired', () => {
    expect(offerStatusOf({ status: 'pending', deadline: '2026-03-09' }, today)).toBe('expired');
  });

  it('a pending offer is still pending on its deadline day and before', () => {
    expect(offerStatusOf({ status: 'pending', deadline: '2026-03-10' }, today)).toBe('pending');
    expect(offerStatusOf({ status: 'pending', deadline: '2026-04-01' }, today)).toBe('pending');
  });

  it.each(['accepted', 'rejected', 'paid'] as const)(
    'a %s offer keeps its status after the deadline',
    (status) => {
      expect(offerStatusOf({ status, deadline: '2026-01-01' }, today)).toBe(status);
    },
  );

  it('defaults to today in Dhaka', () => {
    expect(offerStatusOf({ status: 'pending', deadline: dhakaDate(-1) })).toBe('expired');
    expect(offerStatusOf({ status: 'pending', deadline: dhakaDate(0) })).toBe('pending');
  });
});

describe('offer transitions', () => {
  const allowed: [OfferStatus, OfferStatus][] = [
    ['pending', 'accepted'],
    ['pending', 'rejected'],
    ['accepted', 'paid'],
    ['paid', 'refunded'],
  ];

  it('allows exactly pending → accepted, pending → rejected, accepted → paid and paid → refunded', () => {
    for (const from of OFFER_STATUSES) {
      for (const to of OFFER_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
        expect(transitionRefusal(from, to) === null, `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it.each([
    ['expired', 'accepted', 'This offer has expired.'],
    ['expired', 'rejected', 'This offer has expired.'],
    ['accepted', 'accepted', 'This offer has already been accepted.'],
    ['accepted', 'rejected', 'This offer has already been accepted.'],
    ['rejected', 'accepted', 'This offer has already been rejected.'],
    ['paid', 'rejected', 'This offer has already been paid.'],
    ['pending', 'paid', 'Only an accepted offer can be paid.'],
    ['refunded', 'paid', 'This offer was refunded.'],
  ] as const)('%s → %s is refused with “%s”', (from, to, message) => {
    expect(transitionRefusal(from, to)).toBe(message);
  });
});

describe('offer amount', () => {
  it('must be at least the listing minimum price', () => {
    expect(isAcceptableOfferAmount(5000, 5000)).toBe(true);
    expect(isAcceptableOfferAmount(7000, 5000)).toBe(true);
    expect(isAcceptableOfferAmount(4999, 5000)).toBe(false);
    expect(offerMessages.amountTooLow).toBe('Make a valid offer');
  });
});

describe('make-offer form', () => {
  const messagesOf = (input: unknown) =>
    MakeOfferInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('accepts a deadline up to a year ahead', () => {
    expect(MakeOfferInputSchema.parse({ amount: 5050, deadline: dhakaDate(365) }).deadline).toBe(
      dhakaDate(365),
    );
  });

  it('counts calendar days across month and year ends', () => {
    expect(calendarDaysAfter('2026-12-31', 1)).toBe('2027-01-01');
    expect(calendarDaysAfter('2028-02-28', 1)).toBe('2028-02-29');
    expect(calendarDaysAfter('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('accepts a whole-taka amount (number or numeric text) and a deadline from today on', () => {
    expect(MakeOfferInputSchema.parse({ amount: 5050, deadline: dhakaDate(0) })).toEqual({
      amount: 5050,
      deadline: dhakaDate(0),
    });
    expect(MakeOfferInputSchema.parse({ amount: '5050', deadline: dhakaDate(30) }).amount).toBe(
      5050,
    );
  });

  it.each([
    [
      { amount: 'five thousand', deadline: dhakaDate(1) },
      'amount',
      'Offered price cannot be a string',
    ],
    [{ deadline: dhakaDate(1) }, 'amount', 'Enter the price you offer.'],
    [{ amount: 5000.5, deadline: dhakaDate(1) }, 'amount', 'Enter whole taka, without paisa.'],
    [{ amount: 5000, deadline: dhakaDate(-1) }, 'deadline', 'Select A Valid Date'],
    [{ amount: 5000 }, 'deadline', 'Select A Valid Date'],
    [{ amount: 5000, deadline: '10/03/2026' }, 'deadline', 'Select A Valid Date'],
    [{ amount: 5000, deadline: '2026-02-30' }, 'deadline', 'Select A Valid Date'],
    [{ amount: 5000, deadline: 20260310 }, 'deadline', 'Select A Valid Date'],
    // A slip of the year: an offer held open for decades.
    [{ amount: 5000, deadline: dhakaDate(366) }, 'deadline', offerMessages.deadlineTooFar],
    [{ amount: 5000, deadline: '2099-12-31' }, 'deadline', offerMessages.deadlineTooFar],
  ])('%j → %s: %s', (input, path, message) => {
    expect(messagesOf(input)).toEqual([[path, message]]);
  });

  it('refuses fields it does not know', () => {
    const result = MakeOfferInputSchema.safeParse({
      amount: 5000,
      deadline: dhakaDate(1),
      status: 'accepted',
    });
    expect(result.success).toBe(false);
  });
});

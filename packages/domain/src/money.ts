import { z } from 'zod/mini';
import { takaMessages } from './request-messages.ts';
import { typedNumber } from './text.ts';

/**
 * Whole taka from a form or JSON: accepts a number or a numeric string (Bangla digits and
 * lakh commas as typed: "৫০,০০,০০০"), refuses text with
 * `notNumeric` (the spec's "... cannot be a string"), fractions and non-positive values.
 */
export function wholeTaka(messages: { notNumeric: string; required: string }) {
  return z.pipe(
    z.transform((value) =>
      typeof value === 'string' && value.trim() !== '' ? Number(typedNumber(value)) : value,
    ),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? messages.required : messages.notNumeric,
      })
      .check(
        z.refine(Number.isFinite, messages.notNumeric),
        z.refine(Number.isInteger, takaMessages.whole),
        z.refine((n) => n > 0, takaMessages.positive),
        z.refine((n) => n <= 1_000_000_000_000, takaMessages.tooLarge),
      ),
  );
}

/** Bangladesh has one time zone; "today" for deadlines means today in Dhaka. */
export const MARKET_TIME_ZONE = 'Asia/Dhaka';

// Made once: building a formatter with a time zone costs more than the offer check using it
// (2.7 % of the API's CPU in the write mix when it was made per call). Made on first use,
// not as the module loads: the first time-zone formatter loads the engine's time-zone data
// (19 of the domain's 57 ms of module time in Node, a third), and most pages never ask for
// today's date.
let dhakaDate: Intl.DateTimeFormat | undefined;

/** Today's date in Dhaka as YYYY-MM-DD. */
export function todayInDhaka(now: Date = new Date()): string {
  dhakaDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: MARKET_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dhakaDate.format(now);
}

/** The calendar date `days` after `date` (both YYYY-MM-DD; negative days go back). */
export function calendarDaysAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

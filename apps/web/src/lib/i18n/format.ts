import { formatNumber, localDigits } from '@basha/domain';
import type { Locale } from './define-messages.ts';

/** Month abbreviations as Intl writes them for en-GB and bn-BD ("02 Sept 2026", "০২ সেপ, ২০২৬"). */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

// Numbers as the emails write them too (the domain's, one way for both).
export { formatNumber, localDigits } from '@basha/domain';

/**
 * A number with up to `fractionDigits` decimals (2.5 katha, 435.6 sq ft), grouped and in the
 * reader's digits like `formatNumber`: the same text as Intl's en-IN and bn-BD formats with
 * that many fraction digits at most.
 */
export function formatDecimal(value: number, locale: Locale, fractionDigits = 2): string {
  const factor = 10 ** fractionDigits;
  const scaled = Math.round(Math.abs(value) * factor);
  const whole = Math.floor(scaled / factor);
  const fraction = String(scaled % factor)
    .padStart(fractionDigits, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && scaled !== 0 ? '-' : '';
  const text = `${sign}${formatNumber(whole, 'en')}${fraction ? `.${fraction}` : ''}`;
  return localDigits(text, locale);
}

/** A month written YYYY-MM, as dates write it: "Jun 2027", "জুন ২০২৭". */
export function formatMonth(yearMonth: string, locale: Locale): string {
  const [year = '', month = '1'] = yearMonth.split('-');
  return localDigits(`${MONTHS[locale][Number(month) - 1] ?? ''} ${year}`, locale);
}

/** Bangladesh Standard Time, UTC+6 all year (no daylight saving since 2009). */
const BANGLADESH_UTC_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * The spec's en-GB dates ("02 Jan 2026"); Bangla months and digits in Bangla ("০২ জানু,
 * ২০২৬"). Intl's text, written without Intl.DateTimeFormat for the same reason as numbers:
 * the first one cost a throttled phone over 100 ms while the details page rendered. A moment
 * is written as the date it was in Bangladesh, the marketplace's calendar, whatever the
 * clock of the machine: a page rendered on the server (ADR 35) and the browser taking it
 * over must write the same date. A calendar date ("2026-01-02") is that date.
 */
export function formatDate(value: string | Date, locale: Locale): string {
  const date =
    typeof value === 'string' && value.length === 10
      ? new Date(`${value}T00:00:00Z`)
      : new Date(new Date(value).getTime() + BANGLADESH_UTC_OFFSET_MS);
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = MONTHS[locale][date.getUTCMonth()];
  const year = String(date.getUTCFullYear());
  return localDigits(
    locale === 'en' ? `${day} ${month} ${year}` : `${day} ${month}, ${year}`,
    locale,
  );
}

/**
 * The time of a moment in Bangladesh on the 12-hour clock Bangladeshis read: "2:05 PM" in
 * English, and in Bangla the part of the day ("২:০৫ দুপুর", "৮:৩৫ রাত্রি"), not an English
 * "PM": Intl's en-US and bn-BD (`dayPeriod: 'short'`) text, written without Intl like the
 * dates.
 */
export function formatTime(value: string | Date, locale: Locale): string {
  const inDhaka = new Date(new Date(value).getTime() + BANGLADESH_UTC_OFFSET_MS);
  const hours = inDhaka.getUTCHours();
  const minutes = String(inDhaka.getUTCMinutes()).padStart(2, '0');
  const period = locale === 'bn' ? banglaDayPeriod(hours) : hours < 12 ? 'AM' : 'PM';
  return localDigits(`${hours % 12 || 12}:${minutes} ${period}`, locale);
}

/** The Bangla part of the day an hour (0–23) falls in, as CLDR names them. */
function banglaDayPeriod(hour: number): string {
  if (hour < 4) return 'রাত্রি';
  if (hour < 6) return 'ভোর';
  if (hour < 12) return 'সকাল';
  if (hour < 16) return 'দুপুর';
  if (hour < 18) return 'বিকাল';
  if (hour < 20) return 'সন্ধ্যা';
  return 'রাত্রি';
}

/** A moment as its date and time in Bangladesh: "02 Dec 2026, 2:05 PM". */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return `${formatDate(value, locale)}, ${formatTime(value, locale)}`;
}

/** The year it is in Bangladesh (see formatDate): the same on the server and in a browser. */
export function yearInBangladesh(now = new Date()): number {
  return new Date(now.getTime() + BANGLADESH_UTC_OFFSET_MS).getUTCFullYear();
}

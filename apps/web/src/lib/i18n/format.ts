import type { Locale } from './define-messages.ts';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Month abbreviations as Intl writes them for en-GB and bn-BD ("02 Sept 2026", "০২ সেপ, ২০২৬"). */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

/** A text's digits in the language's digits, nothing else changed ("404", a year, "4242"). */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'bn'
    ? text.replace(/\d/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit)
    : text;
}

/**
 * Whole numbers with South Asian grouping (12,34,567); Bangla digits in Bangla. The same
 * text as Intl's en-IN and bn-BD formats, without them: the first Intl.NumberFormat of a
 * page cost over 100 ms of a throttled phone's main thread (loading its locale data).
 */
export function formatNumber(value: number, locale: Locale): string {
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded);
  // Thousands, then every two digits: lakh, crore…
  const lakhs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = lakhs ? `${lakhs},${digits.slice(-3)}` : digits;
  return localDigits(value < 0 && rounded !== 0 ? `-${grouped}` : grouped, locale);
}

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
 * The time of a moment in Bangladesh on the 12-hour clock Bangladeshis read ("2:05 PM",
 * "২:০৫ PM"): Intl's en-US and bn-BD text, written without Intl like the dates.
 */
export function formatTime(value: string | Date, locale: Locale): string {
  const inDhaka = new Date(new Date(value).getTime() + BANGLADESH_UTC_OFFSET_MS);
  const hours = inDhaka.getUTCHours();
  const minutes = String(inDhaka.getUTCMinutes()).padStart(2, '0');
  const period = hours < 12 ? 'AM' : 'PM';
  return localDigits(`${hours % 12 || 12}:${minutes} ${period}`, locale);
}

/** A moment as its date and time in Bangladesh: "02 Dec 2026, 2:05 PM". */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return `${formatDate(value, locale)}, ${formatTime(value, locale)}`;
}

/** The year it is in Bangladesh (see formatDate): the same on the server and in a browser. */
export function yearInBangladesh(now = new Date()): number {
  return new Date(now.getTime() + BANGLADESH_UTC_OFFSET_MS).getUTCFullYear();
}

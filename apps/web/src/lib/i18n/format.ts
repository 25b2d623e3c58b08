import type { Locale } from './define-messages.ts';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Month abbreviations as Intl writes them for en-GB and bn-BD ("02 Sept 2026", "০২ সেপ, ২০২৬"). */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

function localDigits(text: string, locale: Locale): string {
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
 * The spec's en-GB dates ("02 Jan 2026"); Bangla months and digits in Bangla ("০২ জানু,
 * ২০২৬"). Intl's text, written without Intl.DateTimeFormat for the same reason as numbers:
 * the first one cost a throttled phone over 100 ms while the details page rendered.
 */
export function formatDate(value: string | Date, locale: Locale): string {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  const day = String(date.getDate()).padStart(2, '0');
  const month = MONTHS[locale][date.getMonth()];
  const year = String(date.getFullYear());
  return localDigits(
    locale === 'en' ? `${day} ${month} ${year}` : `${day} ${month}, ${year}`,
    locale,
  );
}

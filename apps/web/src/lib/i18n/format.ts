import type { Locale } from './define-messages.ts';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * One formatter per locale, made on first use: building an Intl formatter costs far more
 * than formatting with it, and a list formats dozens of dates.
 */
function perLocale<Formatter>(make: (locale: Locale) => Formatter): (locale: Locale) => Formatter {
  const made = new Map<Locale, Formatter>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const dateFormat = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'bn-BD', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    }),
);

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
  const signed = value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
  return locale === 'bn'
    ? signed.replace(/\d/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit)
    : signed;
}

/** The spec's en-GB dates ("02 Jan 2026"); Bangla months and digits in Bangla. */
export function formatDate(value: string | Date, locale: Locale): string {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  return dateFormat(locale).format(date);
}

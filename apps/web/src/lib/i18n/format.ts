import type { Locale } from './define-messages.ts';

const intlLocale: Record<Locale, string> = { en: 'en-IN', bn: 'bn-BD' };

/**
 * One formatter per locale, made on first use: building an Intl formatter costs far more
 * than formatting with it (a page of cards formats dozens of prices), and on a slow phone
 * a fresh one per price blocked the main thread for over 100 ms.
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

const numberFormat = perLocale(
  (locale) => new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 0 }),
);

const dateFormat = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'bn-BD', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    }),
);

/** Whole numbers with South Asian grouping (12,34,567); Bangla digits in Bangla. */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale).format(value);
}

/** The spec's en-GB dates ("02 Jan 2026"); Bangla months and digits in Bangla. */
export function formatDate(value: string | Date, locale: Locale): string {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  return dateFormat(locale).format(date);
}

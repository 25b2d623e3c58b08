import type { Locale } from './define-messages.ts';

const intlLocale: Record<Locale, string> = { en: 'en-IN', bn: 'bn-BD' };

/** Whole numbers with South Asian grouping (12,34,567); Bangla digits in Bangla. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 0 }).format(value);
}

/** The spec's en-GB dates ("02 Jan 2026"); Bangla months and digits in Bangla. */
export function formatDate(value: string | Date, locale: Locale): string {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'bn-BD', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

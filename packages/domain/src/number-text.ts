import type { PageLocale } from './page-language.ts';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A text's digits in the language's digits, nothing else changed ("404", a year, "4242"). */
export function localDigits(text: string, language: PageLocale): string {
  return language === 'bn'
    ? text.replace(/\d/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit)
    : text;
}

/**
 * Whole numbers with South Asian grouping (12,34,567); Bangla digits in Bangla: the web app's
 * numbers and the emails' alike. The same text as Intl's en-IN and bn-BD formats, without
 * them: the first Intl.NumberFormat of a page cost over 100 ms of a throttled phone's main
 * thread (loading its locale data).
 */
export function formatNumber(value: number, language: PageLocale): string {
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded);
  // Thousands, then every two digits: lakh, crore…
  const lakhs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = lakhs ? `${lakhs},${digits.slice(-3)}` : digits;
  return localDigits(value < 0 && rounded !== 0 ? `-${grouped}` : grouped, language);
}

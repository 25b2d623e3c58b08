/**
 * The language a page's address asks for (ADR 28): `?lang=bn` opens any page in Bangla and
 * `?lang=en` in English, whatever the reader chose before, so a shared link reads in the
 * language it was shared in and search engines can index both versions. Without the
 * parameter the reader's saved choice rules, and English for a first visit.
 */
export const PAGE_LOCALES = ['en', 'bn'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export const PAGE_LOCALE_PARAM = 'lang';

/** The language a page's query string asks for, or null when it names none it knows. */
export function pageLocaleOf(search: string | URLSearchParams): PageLocale | null {
  const asked = new URLSearchParams(search).get(PAGE_LOCALE_PARAM);
  return PAGE_LOCALES.find((locale) => locale === asked) ?? null;
}

/**
 * A page's address (path and query, or absolute) in a language: `?lang=bn` for Bangla, and
 * no parameter for English, the default version (`x-default`). Other parameters are kept.
 */
export function pageAddressIn(address: string, locale: PageLocale): string {
  const url = new URL(address, 'http://basha.invalid');
  if (locale === 'en') url.searchParams.delete(PAGE_LOCALE_PARAM);
  else url.searchParams.set(PAGE_LOCALE_PARAM, locale);
  const relative = `${url.pathname}${url.search}`;
  return /^https?:\/\//.test(address) ? `${url.origin}${relative}` : relative;
}

import { PAGE_LOCALES, type PageLocale, pageAddressIn, pageLocaleOf } from '@basha/domain';
import { escapeHtml } from './html-text.ts';

/**
 * What the page head says of its language (ADR 28): the `<html lang>` of a `?lang=bn` page,
 * and the `hreflang` alternates every page names both ways (English without the parameter,
 * also `x-default`; Bangla with `?lang=bn`), as absolute URLs under PUBLIC_URL.
 */
export function pageLanguageHead(address: string, publicUrl: string) {
  const locale: PageLocale = pageLocaleOf(new URL(address, 'http://basha.invalid').search) ?? 'en';
  const link = (hreflang: string, version: PageLocale) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${publicUrl}${pageAddressIn(address, version)}`)}">`;
  return {
    locale,
    alternates: [
      ...PAGE_LOCALES.map((version) => link(version, version)),
      link('x-default', 'en'),
    ].join(''),
  };
}

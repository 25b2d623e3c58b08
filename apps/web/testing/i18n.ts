import { fillMessage } from '@basha/domain';
import { banglaCatalog } from '../src/lib/i18n/bangla-catalog.ts';
import type { Locale } from '../src/lib/i18n/define-messages.ts';
import { type Catalog, englishCatalog, type MessageKey } from '../src/lib/i18n/english-catalog.ts';
import { formatNumber } from '../src/lib/i18n/format.ts';

/** The app's i18n for one language, from the real catalogs, for the plain text helpers. */
export function i18nFor(locale: Locale) {
  const catalog: Catalog = locale === 'bn' ? banglaCatalog : englishCatalog;
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    fillMessage(catalog[key], params ?? {});
  const number = (value: number) => formatNumber(value, locale);
  return {
    t,
    locale,
    number,
    money: (value: number) => t('common.taka', { amount: number(value) }),
  };
}

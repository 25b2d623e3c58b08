import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { catalog, type MessageKey } from './catalog.ts';
import { LOCALES, type Locale } from './define-messages.ts';
import { formatDate, formatNumber } from './format.ts';

const STORAGE_KEY = 'basha.locale';

type Params = Record<string, string | number>;

export type I18n = {
  locale: Locale;
  setLocale(locale: Locale): void;
  /** A catalog text with {placeholders} filled in. */
  t(key: MessageKey, params?: Params): string;
  /** A message from the API, in the reader's language when the catalog knows it. */
  serverText(english: string): string;
  number(value: number): string;
  /** "{amount} TK" in the active language. */
  money(value: number): string;
  date(value: string | Date): string;
};

const I18nContext = createContext<I18n | null>(null);

function initialLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return LOCALES.includes(saved as Locale) ? (saved as Locale) : 'en';
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLocaleState(next);
  }, []);

  const value = useMemo<I18n>(() => {
    const texts = catalog[locale];
    const fill = (text: string, params?: Params) =>
      params
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
        : text;
    const number = (n: number) => formatNumber(n, locale);
    return {
      locale,
      setLocale,
      t: (key, params) => fill(texts[key] ?? key, params),
      serverText: (english) => (texts as Record<string, string>)[`server:${english}`] ?? english,
      number,
      money: (n) => fill(texts['common.taka'] ?? '{amount}', { amount: number(n) }),
      date: (d) => formatDate(d, locale),
    };
  }, [locale, setLocale]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n must be used inside <I18nProvider>');
  return i18n;
}

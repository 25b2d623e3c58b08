import { pageAddressIn, pageLocaleOf } from '@basha/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { loadCatalog, loadedCatalog } from './catalog.ts';
import { type CodedMessage, codedText, serverKey } from './coded-message.ts';
import { LOCALES, type Locale } from './define-messages.ts';
import type { Catalog, MessageKey } from './english-catalog.ts';
import { formatDate, formatDateTime, formatNumber, localDigits } from './format.ts';

const STORAGE_KEY = 'basha.locale';

type Params = Record<string, string | number>;

export type I18n = {
  locale: Locale;
  setLocale(locale: Locale): void;
  /** A catalog text with {placeholders} filled in. */
  t(key: MessageKey, params?: Params): string;
  /**
   * A message from the API or a domain rule, translated by its code (with its params); a
   * message without a code, or with one the catalog lacks, shows its English text.
   */
  serverText(message: CodedMessage | string): string;
  number(value: number): string;
  /** Digits with no grouping, in the language's digits: a year, a code, a card's last four. */
  digits(value: string | number): string;
  /** "{amount} TK" in the active language. */
  money(value: number): string;
  date(value: string | Date): string;
  /** A moment's date and time in Bangladesh, for what happens several times a day. */
  dateTime(value: string | Date): string;
};

const I18nContext = createContext<I18n | null>(null);

/**
 * The language the reader chose last time, English by default. A server rendering the page
 * has no window: asked for `localStorage`, Node 25 and later warn that it has none.
 */
export function savedLocale(): Locale {
  const saved = typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_KEY);
  return LOCALES.includes(saved as Locale) ? (saved as Locale) : 'en';
}

/**
 * Downloads the saved language's texts; the app awaits it before its first render, so a
 * Bangla reader never sees English first. A page address's `?lang=` (a shared link) is the
 * reader's choice from then on.
 */
export function loadSavedLocale(): Promise<unknown> {
  const asked = typeof location === 'undefined' ? null : pageLocaleOf(location.search);
  if (asked) localStorage.setItem(STORAGE_KEY, asked);
  return loadCatalog(savedLocale());
}

/**
 * Keeps an address that names a language true to the one chosen: reloading a `?lang=bn`
 * page after switching to English must not bring Bangla back. Addresses without the
 * parameter are left alone; the router's state stays with the history entry.
 */
function addressInLocale(locale: Locale): void {
  if (!pageLocaleOf(location.search)) return;
  const here = `${location.pathname}${location.search}${location.hash}`;
  history.replaceState(history.state, '', pageAddressIn(here, locale));
}

type Active = { locale: Locale; texts: Catalog };

/** The given (else the saved) language if its texts are here, else English until they arrive. */
function initialActive(locale: Locale): Active {
  const texts = loadedCatalog(locale);
  return texts ? { locale, texts } : { locale: 'en', texts: loadedCatalog('en') as Catalog };
}

/**
 * `locale`: the language of the first render, when it must be the one a page was rendered
 * in on the server (ADR 35); the saved choice follows right after, if it differs.
 */
export function I18nProvider({
  children,
  locale: first,
}: {
  children: ReactNode;
  locale?: Locale;
}) {
  const [active, setActive] = useState<Active>(() => initialActive(first ?? savedLocale()));
  const { locale, texts } = active;
  // The last language asked for: a slow download never overrides a later choice.
  const wanted = useRef<Locale>(savedLocale());

  const switchTo = useCallback((next: Locale) => {
    wanted.current = next;
    loadCatalog(next).then(
      (loaded) => {
        if (wanted.current === next) setActive({ locale: next, texts: loaded });
      },
      // Offline, say: the page stays in the language it is in; choosing again retries.
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (wanted.current !== locale) switchTo(wanted.current);
  }, [locale, switchTo]);

  // Before the browser paints: the page's fonts depend on the language (index.css).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback(
    (next: Locale) => {
      localStorage.setItem(STORAGE_KEY, next);
      addressInLocale(next);
      switchTo(next);
    },
    [switchTo],
  );

  const value = useMemo<I18n>(() => {
    const fill = (text: string, params?: Params) =>
      params
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
        : text;
    const number = (n: number) => formatNumber(n, locale);
    return {
      locale,
      setLocale,
      t: (key, params) => fill(texts[key] ?? key, params),
      serverText: (message) => {
        const { text, code, params } = typeof message === 'string' ? codedText(message) : message;
        const translated = code && (texts as Record<string, string>)[serverKey(code)];
        if (!translated) return text;
        // Numbers in the reader's digits, like every number the app writes.
        const localized = params
          ? Object.fromEntries(
              Object.entries(params).map(([name, v]) => [
                name,
                typeof v === 'number' ? number(v) : v,
              ]),
            )
          : undefined;
        return fill(translated, localized);
      },
      number,
      digits: (value) => localDigits(String(value), locale),
      money: (n) => fill(texts['common.taka'] ?? '{amount}', { amount: number(n) }),
      date: (d) => formatDate(d, locale),
      dateTime: (d) => formatDateTime(d, locale),
    };
  }, [locale, texts, setLocale]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n must be used inside <I18nProvider>');
  return i18n;
}

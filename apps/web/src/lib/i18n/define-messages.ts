export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * One feature's texts in every language. The Bangla side must have exactly the English
 * keys (the compiler checks here; a test checks the merged catalog too).
 */
export function defineMessages<const English extends Record<string, string>>(messages: {
  en: English;
  bn: { [Key in keyof English]: string };
}) {
  return messages;
}

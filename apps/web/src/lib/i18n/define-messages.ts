export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * One feature's English texts. Its Bangla texts live beside it in `messages.bn.ts` (a
 * `Translation` of these), so the Bangla catalog is a chunk of its own that only Bangla
 * readers download.
 */
export function defineMessages<const English extends Record<string, string>>(english: English) {
  return english;
}

/** The texts of one feature in another language: exactly the English keys (the compiler checks). */
export type Translation<English extends Record<string, string>> = {
  [Key in keyof English]: string;
};

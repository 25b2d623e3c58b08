import { z } from 'zod/mini';
import { textMessages } from './text-messages.ts';

/**
 * A NUL character (PostgreSQL's text cannot hold one: it answers "invalid byte sequence for
 * encoding UTF8: 0x00") or half of a UTF-16 surrogate pair (no Unicode character: the
 * drivers would silently store U+FFFD in its place). In `u` mode a well-formed pair is one
 * code point, so `\p{Cs}` only matches a lone half.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Whether PostgreSQL can store the string as the very text the user typed. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

const storable = z.refine<string>(isStorableText, textMessages.unstorable);

/**
 * Every string the API accepts (body, query, params, form field) is declared with `text()`,
 * never with `z.string()`, so no input reaches the database with a character it refuses.
 * Add the field's own checks after it: `text({ error }).check(z.trim(), z.maxLength(…))`.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(storable);
}

/**
 * Where a parsed JSON value or query holds text PostgreSQL cannot store, as field paths
 * (`a.b.0`); keys count too. For bodies no schema of ours describes (better-auth's).
 */
export function unstorableTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path.join('.')];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    isStorableText(key) ? unstorableTextPaths(inner, [...path, key]) : [[...path, key].join('.')],
  );
}

const BANGLA_DIGITS = /[০-৯]/g;

/** Bangla digits as ASCII ones ("০১৭১২" → "01712"); every other character as it was. */
export function asciiDigits(typed: string): string {
  return typed.replace(BANGLA_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/**
 * A number as people type it, as schemas read it: Bangla digits as ASCII, and the commas that
 * group lakhs and thousands ("৫০,০০,০০০", "1,200") left out; trimmed.
 */
export function typedNumber(typed: string): string {
  return asciiDigits(typed.trim()).replace(/(\d),(?=\d)/g, '$1');
}

/** A form field or query parameter left empty means "not given": `z.pipe(z.transform(blankAsMissing), z.optional(…))`. */
export function blankAsMissing(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * The values of a field a form or query gives once, several times (`?types=a&types=b`), or
 * comma-separated (`lift,parking`); undefined when blank.
 */
export function listOfValues(value: unknown): unknown[] | undefined {
  const given = blankAsMissing(value);
  if (given === undefined) return undefined;
  const values = Array.isArray(given) ? given : [given];
  return values.flatMap((one) =>
    typeof one === 'string'
      ? one
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [one],
  );
}

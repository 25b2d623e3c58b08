import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as domain from './index.ts';
import { isStorableText, text, unstorableTextPaths } from './text.ts';
import { textMessages } from './text-messages.ts';

const UNSTORABLE = {
  nul: 'Gulshan\u0000',
  'lone high surrogate': 'Gulshan \uD83D',
  'lone low surrogate': '\uDE00 Gulshan',
  'reversed pair': '\uDE00\uD83D',
};

describe('the text rule', () => {
  it.each(Object.entries(UNSTORABLE))('refuses a %s', (_, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(text().safeParse(value).error?.issues[0]?.message).toBe(textMessages.unstorable);
  });

  it.each([
    ['Bangla', 'গুলশান ২, ঢাকা'],
    ['an emoji (a well-formed surrogate pair)', 'Nice flat 😀'],
    ['newlines and tabs', 'line one\n\tline two'],
    ['the empty string', ''],
  ])('accepts %s', (_, value) => {
    expect(isStorableText(value)).toBe(true);
    expect(text().parse(value)).toBe(value);
  });

  it('keeps the checks added after it, and its message comes first', () => {
    const schema = text().check(z.trim(), z.maxLength(3, 'Too long.'));
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('abcd\u0000').error?.issues.map((issue) => issue.message)).toEqual([
      textMessages.unstorable,
      'Too long.',
    ]);
  });
});

/** Every exported schema that reads a request: bodies, form fields, query strings, params. */
const requestSchemas = Object.entries(domain).filter(
  ([name]) => /(Input|Query|Fields|Params)Schema$/.test(name) || name === 'SignInSchema',
) as [string, z.ZodMiniObject][];

/** The request's string fields; free text is a string with no format, pattern or enum. */
function stringFields(schema: z.ZodMiniObject) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown> & { anyOf?: Record<string, unknown>[] }>;
  };
  return Object.entries(json.properties ?? {}).flatMap(([field, property]) => {
    const asString = [property, ...(property.anyOf ?? [])].find((p) => p.type === 'string');
    if (!asString) return [];
    const freeText = !('format' in asString || 'pattern' in asString || 'enum' in asString);
    return [{ field, freeText }];
  });
}

describe('every request schema of the contract', () => {
  const fields = requestSchemas.flatMap(([name, schema]) =>
    stringFields(schema).map((f) => ({ name, schema, ...f })),
  );

  it('is found, with its free-text fields', () => {
    const freeText = fields.filter((f) => f.freeText).map((f) => `${f.name}.${f.field}`);
    // A sample the walk must find, so an empty walk cannot pass for a clean one.
    expect(freeText).toEqual(
      expect.arrayContaining([
        'ListingBrowseQuerySchema.location',
        'UserListQuerySchema.q',
        'ListingFieldsSchema.description',
        'SignUpFieldsSchema.name',
        'CreateReviewInputSchema.text',
        'RejectListingInputSchema.reason',
        'CardPaymentInputSchema.cardNumber',
      ]),
    );
  });

  it.each(Object.entries(UNSTORABLE))('refuses a %s in every string field', (_, value) => {
    for (const { name, schema, field, freeText } of fields) {
      const issues = schema.safeParse({ [field]: value }).error?.issues ?? [];
      const onField = issues.filter((issue) => issue.path[0] === field);
      expect(onField, `${name}.${field}`).not.toEqual([]);
      // Free text has no other rule that would refuse it: the text rule must be the one.
      if (freeText) {
        expect(
          onField.map((issue) => issue.message),
          `${name}.${field}`,
        ).toContain(textMessages.unstorable);
      }
    }
  });
});

describe('text in a value no schema describes', () => {
  it('is found at any depth, in values and in keys', () => {
    expect(
      unstorableTextPaths({
        email: 'a\u0000@b.test',
        fine: 'গুলশান 😀',
        nested: { list: ['ok', '\uD800'] },
        'key\u0000': 1,
      }),
    ).toEqual(['email', 'nested.list.1', 'key\u0000']);
  });

  it('finds nothing in storable values, numbers or null', () => {
    expect(unstorableTextPaths({ a: 'x', b: 1, c: null, d: [true] })).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
  });
});

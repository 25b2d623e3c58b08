import { describe, expect, it } from 'vitest';
import { EmailSchema, PasswordSchema, passwordMessages } from './index.ts';

const firstMessage = (password: string) =>
  PasswordSchema.safeParse(password).error?.issues[0]?.message;

describe('password rule', () => {
  it.each([
    ['Dhaka@2026', undefined],
    ['ঢাকাa1@bcd', undefined],
    ['পাসওয়ার্ড১২৩৪৫@', undefined],
    ['Abcdef1@', undefined],
    ['Abcde1@', passwordMessages.tooShort],
    [`A1@${'b'.repeat(126)}`, passwordMessages.tooLong],
    ['12345678!', passwordMessages.letter],
    ['abcdefgh!', passwordMessages.digit],
    ['abcdefgh1', passwordMessages.special],
    ['abcdefg1#', passwordMessages.special],
  ])('%j → %s', (password, message) => {
    expect(firstMessage(password)).toBe(message);
  });

  it('states the whole rule in its messages', () => {
    expect(passwordMessages.tooShort).toBe('Password must be at least 8 characters long.');
    expect(passwordMessages.special).toBe(
      'Password must contain at least one of these special characters: @$!%*?&',
    );
  });
});

describe('email', () => {
  it('is trimmed and lowercased so lookups are case-insensitive', () => {
    expect(EmailSchema.parse('  Rahim@Example.COM ')).toBe('rahim@example.com');
  });

  it('refuses what is not an email', () => {
    expect(EmailSchema.safeParse('rahim@').error?.issues[0]?.message).toBe(
      'Enter a valid email address.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { todayInDhaka, wholeTaka } from './money.ts';

const Price = wholeTaka({ notNumeric: 'Price cannot be a string', required: 'Price is required.' });
const messageOf = (value: unknown) => Price.safeParse(value).error?.issues[0]?.message;

describe('whole taka', () => {
  it('accepts numbers and numeric strings', () => {
    expect(Price.parse(5000)).toBe(5000);
    expect(Price.parse(' 5100 ')).toBe(5100);
  });

  it('reads taka as Bangladeshis type it: Bangla digits, lakh and thousand commas', () => {
    expect(Price.parse('৫০০০০০০')).toBe(5_000_000);
    expect(Price.parse('৫০,০০,০০০')).toBe(5_000_000);
    expect(Price.parse('50,00,000')).toBe(5_000_000);
    expect(Price.parse('5,000,000')).toBe(5_000_000);
  });

  it.each([
    ['abc', 'Price cannot be a string'],
    ['12abc', 'Price cannot be a string'],
    [',500', 'Price cannot be a string'],
    ['500,', 'Price cannot be a string'],
    ['৫০০ টাকা', 'Price cannot be a string'],
    [Number.NaN, 'Price cannot be a string'],
    [undefined, 'Price is required.'],
    ['', 'Price is required.'],
    [12.5, 'Enter whole taka, without paisa.'],
    [0, 'The amount must be more than 0 TK.'],
    [-10, 'The amount must be more than 0 TK.'],
  ])('%j → %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });
});

describe('today in Dhaka', () => {
  it('is already tomorrow in Dhaka at 20:00 UTC', () => {
    expect(todayInDhaka(new Date('2026-01-01T20:00:00Z'))).toBe('2026-01-02');
    expect(todayInDhaka(new Date('2026-01-01T17:59:00Z'))).toBe('2026-01-01');
  });
});

import { describe, expect, it } from 'vitest';
import { banglaCatalog } from './bangla-catalog.ts';
import { englishCatalog } from './english-catalog.ts';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMonth,
  formatNumber,
  formatTime,
  yearInBangladesh,
} from './format.ts';

describe('message catalog', () => {
  it('has a Bangla text for every English key, and nothing extra', () => {
    expect(Object.keys(banglaCatalog).sort()).toEqual(Object.keys(englishCatalog).sort());
  });

  it('has no empty texts and keeps every {placeholder}', () => {
    for (const [key, english] of Object.entries(englishCatalog)) {
      const bangla = (banglaCatalog as Record<string, string>)[key] ?? '';
      expect(bangla.trim(), key).not.toBe('');
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(bangla), key).toEqual(placeholders(english));
    }
  });
});

describe('formatting', () => {
  it('groups taka in lakh and crore, with Bangla digits in Bangla', () => {
    expect(formatNumber(12_345_678, 'en')).toBe('1,23,45,678');
    expect(formatNumber(12_345_678, 'bn')).toBe('১,২৩,৪৫,৬৭৮');
  });

  it("writes numbers exactly as Intl's en-IN and bn-BD formats would", () => {
    const english = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const bangla = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
    const values = [
      0, 7, 999, 1000, 99_999, 1_00_000, 9_99_99_999, 50_00_00_000, 2.5, 999.5, -1234,
    ];
    for (let digits = 1; digits <= 15; digits++) values.push(Number('9'.repeat(digits)));
    for (const value of values) {
      expect(formatNumber(value, 'en'), String(value)).toBe(english.format(value));
      expect(formatNumber(value, 'bn'), String(value)).toBe(bangla.format(value));
    }
  });

  it("keeps the spec's en-GB dates in English", () => {
    expect(formatDate('2026-01-02', 'en')).toBe('02 Jan 2026');
    expect(formatDate('2026-01-02', 'bn')).toMatch(/^০২/);
  });

  it('writes a moment as the date it was in Bangladesh, whatever the clock of the machine', () => {
    // 20:30 in London is 02:30 the next day in Dhaka (UTC+6).
    expect(formatDate('2026-01-02T20:30:00.000Z', 'en')).toBe('03 Jan 2026');
    expect(formatDate(new Date('2026-12-31T17:59:59.000Z'), 'en')).toBe('31 Dec 2026');
    expect(formatDate(new Date('2026-12-31T18:00:00.000Z'), 'bn')).toBe('০১ জানু, ২০২৭');
  });

  it('counts the years in Bangladesh too', () => {
    expect(yearInBangladesh(new Date('2026-12-31T17:59:59.000Z'))).toBe(2026);
    expect(yearInBangladesh(new Date('2026-12-31T18:00:00.000Z'))).toBe(2027);
  });

  it("writes dates exactly as Intl's en-GB and bn-BD formats would, every month", () => {
    const options = { day: '2-digit', month: 'short', year: 'numeric' } as const;
    const english = new Intl.DateTimeFormat('en-GB', options);
    const bangla = new Intl.DateTimeFormat('bn-BD', options);
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 13, 45);
        expect(formatDate(date, 'en')).toBe(english.format(date));
        expect(formatDate(date, 'bn')).toBe(bangla.format(date));
        expect(formatDate(date.toISOString(), 'en')).toBe(english.format(date));
      }
    }
  });
});

describe('times', () => {
  it("writes a moment's time in Bangladesh exactly as Intl's en-US and bn-BD would, every hour", () => {
    const options = { timeZone: 'Asia/Dhaka', hour: 'numeric', minute: '2-digit' } as const;
    const english = new Intl.DateTimeFormat('en-US', options);
    // In Bangla the part of the day, not an English "PM".
    const bangla = new Intl.DateTimeFormat('bn-BD', { ...options, dayPeriod: 'short' });
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 5, 59]) {
        const moment = new Date(Date.UTC(2026, 11, 2, hour, minute));
        expect(formatTime(moment, 'en')).toBe(english.format(moment));
        expect(formatTime(moment.toISOString(), 'bn')).toBe(bangla.format(moment));
      }
    }
  });

  it('puts the date first, the date it was in Bangladesh', () => {
    // 20:30 in London is 02:30 the next morning in Dhaka.
    expect(formatDateTime('2026-01-02T20:30:00.000Z', 'en')).toBe('03 Jan 2026, 2:30 AM');
    expect(formatDateTime('2026-12-02T08:05:00.000Z', 'bn')).toBe('০২ ডিসে, ২০২৬, ২:০৫ দুপুর');
  });
});

describe('decimals and months', () => {
  it("write decimals exactly as Intl's en-IN and bn-BD formats would, up to two places", () => {
    const options = { maximumFractionDigits: 2 } as const;
    const english = new Intl.NumberFormat('en-IN', options);
    const bangla = new Intl.NumberFormat('bn-BD', options);
    for (const value of [
      0, 2.5, 435.6, 1524.6, 7.12345, 0.005, 99.999, 12_345.67, 1_00_000.1, -2.5,
    ]) {
      expect(formatDecimal(value, 'en'), String(value)).toBe(english.format(value));
      expect(formatDecimal(value, 'bn'), String(value)).toBe(bangla.format(value));
    }
  });

  it('write a handover month as dates write months', () => {
    expect(formatMonth('2027-06', 'en')).toBe('Jun 2027');
    expect(formatMonth('2027-09', 'en')).toBe('Sept 2027');
    expect(formatMonth('2027-06', 'bn')).toBe('জুন ২০২৭');
  });
});

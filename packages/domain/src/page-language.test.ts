import { describe, expect, it } from 'vitest';
import { pageAddressIn, pageLocaleOf } from './page-language.ts';

describe('page language in the address', () => {
  it('reads ?lang=bn and ?lang=en, and nothing else', () => {
    expect(pageLocaleOf('?lang=bn')).toBe('bn');
    expect(pageLocaleOf('lang=en&location=Gulshan')).toBe('en');
    expect(pageLocaleOf('')).toBeNull();
    expect(pageLocaleOf('?lang=fr')).toBeNull();
    expect(pageLocaleOf('?lang=BN')).toBeNull();
  });

  it('writes the Bangla version with ?lang=bn and the English one without it, keeping the rest', () => {
    expect(pageAddressIn('/allproperties?location=Gulshan', 'bn')).toBe(
      '/allproperties?location=Gulshan&lang=bn',
    );
    expect(pageAddressIn('/allproperties?lang=bn&location=Gulshan', 'en')).toBe(
      '/allproperties?location=Gulshan',
    );
    expect(pageAddressIn('https://basha.example/propertyDetails/1?lang=bn', 'en')).toBe(
      'https://basha.example/propertyDetails/1',
    );
    expect(pageAddressIn('https://basha.example/propertyDetails/1', 'bn')).toBe(
      'https://basha.example/propertyDetails/1?lang=bn',
    );
  });
});

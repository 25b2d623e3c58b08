import * as domain from '@basha/domain';
import { englishMessages, MESSAGE_CODES, messageCodeOf } from '@basha/domain';
import { describe, expect, it } from 'vitest';
import { banglaCatalog } from '../lib/i18n/bangla-catalog.ts';
import { serverKey } from '../lib/i18n/coded-message.ts';
import { englishCatalog } from '../lib/i18n/english-catalog.ts';

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('server messages', () => {
  it('have an English and a Bangla text for every code, with the same placeholders', () => {
    const english = englishCatalog as Record<string, string>;
    const bangla = banglaCatalog as Record<string, string>;
    for (const code of MESSAGE_CODES) {
      const key = serverKey(code);
      expect(english[key], key).toBe(englishMessages[code]);
      expect(bangla[key]?.trim(), key).toBeTruthy();
      expect(placeholders(bangla[key] ?? ''), key).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it('cover every message object the domain exports: each text has a code the catalogs know', () => {
    const objects = Object.entries(domain).filter(
      ([name]) => name.endsWith('Messages') && name !== 'englishMessages',
    );
    expect(objects.length).toBeGreaterThan(10);
    for (const [name, messages] of objects) {
      for (const [key, text] of Object.entries(messages as Record<string, string>)) {
        const code = messageCodeOf(text);
        expect(code, `${name}.${key}`).toBeDefined();
        expect(banglaCatalog, `${name}.${key}`).toHaveProperty([serverKey(code ?? '')]);
      }
    }
  });

  it('are keyed by code only: no catalog keys a text by its English', () => {
    const keys = Object.keys(englishCatalog);
    expect(keys.filter((key) => key.startsWith('server:'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';
import { englishMessages, fillMessage, MESSAGE_CODES, messageCodeOf } from './message-codes.ts';

describe('message codes', () => {
  it('give every message object the domain exports a code, so none can cross the wire without one', () => {
    const exported = Object.entries(domain).filter(([name]) => name.endsWith('Messages'));
    expect(exported.length).toBeGreaterThan(10);
    for (const [name, messages] of exported) {
      if (name === 'englishMessages') continue;
      for (const [key, text] of Object.entries(messages as Record<string, string>)) {
        expect(messageCodeOf(text), `${name}.${key}`).toMatch(/^\w+\.\w+$/);
      }
    }
  });

  it('are <group>.<key> where the text is declared', () => {
    expect(messageCodeOf(domain.listingMessages.photoTooLarge)).toBe('listing.photoTooLarge');
    expect(messageCodeOf(domain.photoMessages.tooLarge)).toBe('photo.tooLarge');
    expect(englishMessages['signIn.incorrect']).toBe('Incorrect email or password.');
  });

  it('lead back from each text to one code: no two messages share a text', () => {
    const texts = MESSAGE_CODES.map((code) => englishMessages[code]);
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of MESSAGE_CODES) expect(messageCodeOf(englishMessages[code])).toBe(code);
  });

  it('know no text that is not declared', () => {
    expect(messageCodeOf('Invalid input')).toBeUndefined();
  });

  it('fill {placeholders} with their params and leave unknown ones', () => {
    expect(fillMessage('Field "{field}" in {form}.', { field: 'photo' })).toBe(
      'Field "photo" in {form}.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { openSealedValue, sealValue } from './sealed-value.ts';

const SECRET = 'a-server-secret-of-some-length';

describe('sealed values', () => {
  it('open with the secret and purpose they were sealed with, and show nothing of the value', () => {
    const sealed = sealValue(SECRET, 'password-reset-link', 'the-token-itself');
    expect(sealed).not.toContain('the-token-itself');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('the-token');
    expect(openSealedValue(SECRET, 'password-reset-link', sealed)).toBe('the-token-itself');
    // Each sealing is its own: two copies of one value do not show they are the same.
    expect(sealValue(SECRET, 'password-reset-link', 'the-token-itself')).not.toBe(sealed);
  });

  it('do not open with another secret or purpose, altered, or cut short', () => {
    const sealed = sealValue(SECRET, 'password-reset-link', 'the-token-itself');
    expect(openSealedValue('another-secret', 'password-reset-link', sealed)).toBeUndefined();
    expect(openSealedValue(SECRET, 'unsubscribe', sealed)).toBeUndefined();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    expect(
      openSealedValue(SECRET, 'password-reset-link', bytes.toString('base64url')),
    ).toBeUndefined();
    expect(openSealedValue(SECRET, 'password-reset-link', sealed.slice(0, 20))).toBeUndefined();
    expect(openSealedValue(SECRET, 'password-reset-link', '')).toBeUndefined();
  });
});

import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashing } from './password-hashing.ts';

const standard = passwordHashing('standard');
const low = passwordHashing('low');

describe('password hashing', () => {
  it('hashes at the standard cost exactly as better-auth does, so hashes stored before still match', async () => {
    const storedBefore = await hashPassword('Dhaka@2026');
    for (const hashing of [standard, low]) {
      expect(await hashing.verify({ hash: storedBefore, password: 'Dhaka@2026' })).toBe(true);
      expect(await hashing.verify({ hash: storedBefore, password: 'Dhaka@2027' })).toBe(false);
    }

    const made = await standard.hash('Dhaka@2026');
    expect(made).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: made, password: 'Dhaka@2026' })).toBe(true);
    expect(await verifyPassword({ hash: made, password: 'dhaka@2026' })).toBe(false);
  });

  it('marks a low-cost hash, which a server at either cost checks', async () => {
    const made = await low.hash('গুলশান-2026');
    expect(made).toMatch(/^scrypt-n1024:[0-9a-f]{32}:[0-9a-f]{128}$/);
    for (const hashing of [standard, low]) {
      expect(await hashing.verify({ hash: made, password: 'গুলশান-2026' })).toBe(true);
      expect(await hashing.verify({ hash: made, password: 'গুলশান-2025' })).toBe(false);
    }
    // Not the standard hash with another label: the key differs for the same salt.
    const [, salt, key] = made.split(':');
    expect(await standard.verify({ hash: `${salt}:${key}`, password: 'গুলশান-2026' })).toBe(false);
  });

  it('salts every hash: the same password twice gives two hashes', async () => {
    expect(await low.hash('Dhaka@2026')).not.toBe(await low.hash('Dhaka@2026'));
  });

  it('refuses a stored value that is not a hash', async () => {
    for (const hash of ['', 'no-colon', 'a:b:c', 'scrypt-n1024:only-salt']) {
      await expect(standard.verify({ hash, password: 'Dhaka@2026' }), hash).rejects.toThrow(
        /Invalid password hash/,
      );
    }
  });
});

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

type ScryptCost = { N: number; r: number; p: number };

/**
 * better-auth's own scrypt settings (32 MiB and about 70 ms of one core here), written as
 * better-auth writes them: `salt:key` in hex. Every hash stored before this module has this
 * form, and every hash made at the standard cost still does.
 */
const STANDARD: ScryptCost = { N: 16384, r: 16, p: 1 };
/** A sixteenth of the work and memory, marked in the hash so any server can check it. */
const LOW: ScryptCost = { N: 1024, r: 16, p: 1 };
const LOW_COST_MARK = 'scrypt-n1024';
const KEY_BYTES = 64;

type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(stored: { hash: string; password: string }): Promise<boolean>;
};

/**
 * better-auth's `emailAndPassword.password`: hashes at `cost`, checks a hash of either cost.
 * `low` is for test runs only (the configuration refuses it in production): they hash about
 * 1 000 passwords through real sign-ups and logins, 3.8 ms of CPU each rather than 71.5 ms
 * (ADR 41).
 */
export function passwordHashing(cost: Config['passwordHashCost']): PasswordHashing {
  return {
    hash: async (password) => {
      const salt = randomBytes(16).toString('hex');
      const key = await derivedKey(password, salt, cost === 'low' ? LOW : STANDARD);
      const stored = `${salt}:${key.toString('hex')}`;
      return cost === 'low' ? `${LOW_COST_MARK}:${stored}` : stored;
    },
    verify: async ({ hash, password }) => {
      const parts = hash.split(':');
      const low = parts[0] === LOW_COST_MARK;
      const [salt, key, ...rest] = low ? parts.slice(1) : parts;
      if (!salt || !key || rest.length > 0) throw new Error('Invalid password hash');
      const expected = Buffer.from(key, 'hex');
      const actual = await derivedKey(password, salt, low ? LOW : STANDARD);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

function derivedKey(password: string, salt: string, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // As better-auth does: the password normalised, so the same characters typed on another
    // keyboard still match; maxmem twice the 128·N·r bytes scrypt takes, as better-auth's.
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

// What the login-throttling tests share (ADR 0011): accounts to guess at, and logins from a
// chosen client address.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signUp } from './test-app.ts';

export const PASSWORD = 'Dhaka@2026';
let n = 0;
const freshEmail = () => `throttled${++n}@example.test`;

export function logInFrom(app: FastifyInstance, address: string, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: address,
    payload: { email, password },
  });
}

export async function newAccount(app: FastifyInstance): Promise<string> {
  const email = freshEmail();
  expect((await signUp(app, { name: 'Someone', email, password: PASSWORD })).statusCode).toBe(201);
  return email;
}

/**
 * The most wrong guesses one pair can have checked since `started` with the default
 * settings: 5 free tries, then one after 1 s, 2 s, 4 s… (k more take 2^k - 1 seconds).
 */
export function mostCheckedSince(started: number): number {
  const seconds = (Date.now() - started) / 1000;
  return 5 + Math.floor(Math.log2(seconds + 1));
}

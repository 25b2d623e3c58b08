import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  logInFrom,
  mostCheckedSince,
  newAccount,
  PASSWORD,
} from '../../test/login-throttle-test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { rateLimitCounter } from '../db/schema.ts';
import { LOGIN_WAIT_MESSAGE } from './login-throttle.ts';

/**
 * Moves every pair's latest failure `seconds` into the past (as if the client had waited);
 * 0 puts it at this instant, as if it had just been counted (a slow password check under
 * load must not use up a wait before the test sees it).
 */
async function letTimePass(t: TestApp, seconds: number) {
  await t.sqlFromElsewhere(
    seconds === 0
      ? `update rate_limit_counters set window_started_at = now() where key like 'login:pair:%'`
      : `update rate_limit_counters set window_started_at = window_started_at - make_interval(secs => $1) where key like 'login:pair:%'`,
    seconds === 0 ? [] : [seconds],
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login throttling (ADR 0011)', () => {
  it('lets the right password in after 20 wrong guesses from another address', async () => {
    const email = await newAccount(t.app);
    const guesses = [];
    for (let i = 0; i < 20; i++) {
      guesses.push((await logInFrom(t.app, '198.51.100.7', email, `Wrong@${i}xyz`)).statusCode);
    }
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.slice(5)).toContain(429);

    const owner = await logInFrom(t.app, '203.0.113.20', email, PASSWORD);
    expect(owner.statusCode).toBe(200);
  });

  it('makes each further try of one account from one address wait twice as long', async () => {
    const email = await newAccount(t.app);
    const from = '198.51.100.8';
    for (let i = 0; i < 5; i++) {
      expect((await logInFrom(t.app, from, email, `Wrong@${i}xyz`)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await letTimePass(t, 0);
      const refused = await logInFrom(t.app, from, email, 'Wrong@again1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe(LOGIN_WAIT_MESSAGE);
      waits.push(Number(refused.headers['retry-after']));
      await letTimePass(t, waits.at(-1) as number);
      expect((await logInFrom(t.app, from, email, 'Wrong@again1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // Its own failures do hold the owner's right password back until the wait is over…
    await letTimePass(t, 0);
    expect((await logInFrom(t.app, from, email, PASSWORD)).statusCode).toBe(429);
    await letTimePass(t, 16);
    expect((await logInFrom(t.app, from, email, PASSWORD)).statusCode).toBe(200);
    // …and a success forgets them: the next typo is free again.
    expect((await logInFrom(t.app, from, email, 'Wrong@typo1')).statusCode).toBe(401);
  });

  it('holds the per-address limit under parallel guessing', async () => {
    const isolated = await createTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '5' });
    onTestFinished(() => isolated.close());
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        logInFrom(isolated.app, '198.51.100.11', `victim${i}@example.test`, 'Guess@123'),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('lets only the free tries through when guesses for one pair arrive in parallel', async () => {
    const email = await newAccount(t.app);
    const started = Date.now();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        logInFrom(t.app, '198.51.100.12', email, `Wrong@${i}xyz`),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(mostCheckedSince(started));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      12 - mostCheckedSince(started),
    );
  });

  it('counts clients behind a trusted proxy apart by X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', LOGIN_FAILURES_BEFORE_DELAY: '3' });
    onTestFinished(() => proxied.close());
    const email = await newAccount(proxied.app);
    const viaProxy = (client: string, password: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
        payload: { email, password },
      });
    for (let i = 0; i < 3; i++) {
      expect((await viaProxy('198.51.100.13', `Wrong@${i}xyz`)).statusCode).toBe(401);
    }
    expect((await viaProxy('198.51.100.13', PASSWORD)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.23', PASSWORD)).statusCode).toBe(200);
    const keys = await proxied.database.db
      .select({ key: rateLimitCounter.key })
      .from(rateLimitCounter)
      .where(like(rateLimitCounter.key, 'login:%'));
    expect(keys.map((row) => row.key).join(' ')).not.toContain('10.0.0.2');
  });

  it('refuses the renamed settings at boot, naming what replaced them', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_IP: '50' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_IP: was replaced by LOGIN_MAX_FAILURES_PER_ADDRESS/,
    );
  });
});

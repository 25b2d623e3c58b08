import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every line the app logs, parsed. */
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const SECRET = 'rahima-secret-7731@example.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' }, { logStream });
});
afterAll(() => t.close());

describe('log lines of failed queries', () => {
  it('keep the SQL text of a request that failed, never its parameter values', async () => {
    const admin = await createAccount(t, 'admin');
    // Break the admin user search as a bad migration would: its query then fails with the
    // search term among its parameters.
    await t.sqlFromElsewhere('alter table users rename column email to email_gone');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users?q=${encodeURIComponent(SECRET)}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('select');
    // better-auth's own query fails the same way, and better-auth logs its error itself.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: SECRET, password: 'Passw0rd!x' },
    });
    expect(signIn.statusCode).toBe(500);
    expect(lines.filter((line) => line.msg === 'request failed')).toHaveLength(2);

    const failure = lines.find((line) => line.msg === 'request failed');
    const err = failure?.err as { message: string; stack: string; query: string } | undefined;
    expect(err?.message).toMatch(/^Failed query: select /);
    expect(err?.query).toContain('"email"');
    expect(err?.stack).toContain('Failed query: select');
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('rahima');
    expect(logged).not.toContain('params');
    // The SQLSTATE of "undefined column" stays, so the log still says what went wrong.
    expect(JSON.stringify(failure)).toContain('42703');
  });

  it('drop the value a database error message quotes', async () => {
    const error = await t.database.db.execute(sql`select ${SECRET}::uuid`).then(
      () => undefined,
      (e: unknown) => e,
    );
    // The driver's own message quotes the value: what the log must not repeat.
    expect(String((error as { cause?: Error }).cause?.message)).toContain(SECRET);
    t.app.log.error({ err: error }, 'direct query failed');
    // As a library that wraps the failure in an error of its own, copying its message.
    t.app.log.error({ err: new Error(`lookup failed: ${(error as Error).message}`) }, 'wrapped');

    const wrapped = lines.find((line) => line.msg === 'wrapped');
    expect(JSON.stringify(wrapped)).toContain('lookup failed: Failed query: select $1::uuid');
    expect(JSON.stringify(wrapped)).not.toContain('rahima');

    const failure = lines.find((line) => line.msg === 'direct query failed');
    expect(JSON.stringify(failure)).not.toContain('rahima');
    expect(JSON.stringify(failure)).toContain('select $1::uuid');
    expect(JSON.stringify(failure)).toContain('22P02');
  });
});

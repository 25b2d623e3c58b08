import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  logIn,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let otherAdmin: TestAccount;
let agent: TestAccount;
let user: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin', { name: 'Admin Ayesha' });
  otherAdmin = await createAccount(t, 'admin');
  agent = await createAccount(t, 'agent', { name: 'Agent Babul' });
  user = await createAccount(t, 'user', { name: 'User Chaity' });
});
afterAll(() => t.close());

const as = (account: TestAccount | null) => (account ? { cookie: account.cookie } : {});

async function call(
  account: TestAccount | null,
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: as(account), ...(payload ? { payload } : {}) });
}

describe('who may call the users API', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  const adminRoutes: [string, 'GET' | 'PATCH' | 'POST' | 'DELETE', string, object?][] = [
    ['list users', 'GET', '/api/v1/users'],
    ['promote', 'PATCH', `/api/v1/users/${anyId}/role`, { role: 'agent' }],
    ['mark fraud', 'POST', `/api/v1/users/${anyId}/fraud`],
    ['delete', 'DELETE', `/api/v1/users/${anyId}`],
  ];

  it.each(adminRoutes)(
    '%s: anonymous 401, user and agent 403, admin allowed',
    async (_name, method, url, payload) => {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(user, method, url, payload)).statusCode).toBe(403);
      expect((await call(agent, method, url, payload)).statusCode).toBe(403);
      const asAdmin = await call(admin, method, url, payload);
      expect([200, 404]).toContain(asAdmin.statusCode);
    },
  );

  it('GET /api/v1/me: 401 anonymous, own record for every role', async () => {
    expect((await call(null, 'GET', '/api/v1/me')).statusCode).toBe(401);
    for (const account of [user, agent, admin]) {
      const me = await call(account, 'GET', '/api/v1/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        id: account.id,
        email: account.email,
        role: account.role,
        fraud: false,
      });
      expect(me.json().photoUrl).toMatch(/^\/media\//);
      expect(new Date(me.json().createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('GET /api/v1/session: 200 with null for a visitor or a bad cookie, the account when signed in', async () => {
    const visitor = await call(null, 'GET', '/api/v1/session');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: 'better-auth.session_token=not-a-session.c2lnbmF0dXJl' },
    });
    expect(forged.json()).toEqual({ user: null });
    for (const account of [user, agent, admin]) {
      const signedIn = await call(account, 'GET', '/api/v1/session');
      expect(signedIn.json().user).toEqual((await call(account, 'GET', '/api/v1/me')).json());
    }
  });

  it('ignores a forged user id in the query: the session decides who you are', async () => {
    const me = await call(user, 'GET', `/api/v1/me?id=${admin.id}`);
    expect(me.json().id).toBe(user.id);
  });
});

describe('listing users', () => {
  it('pages newest first with a cursor and searches name or email', async () => {
    const first = await call(admin, 'GET', '/api/v1/users?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = (
      await call(admin, 'GET', `/api/v1/users?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    const ids = [...page1.items, ...second.items].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([user.id, agent.id, otherAdmin.id, admin.id]);
    // The page knows it is the last one: no empty follow-up request.
    expect(second.nextCursor).toBeNull();

    const byName = (await call(admin, 'GET', '/api/v1/users?q=babul')).json();
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([agent.id]);
    const byEmail = (
      await call(admin, 'GET', `/api/v1/users?q=${encodeURIComponent(user.email.toUpperCase())}`)
    ).json();
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const wildcard = (await call(admin, 'GET', '/api/v1/users?q=%25')).json();
    expect(wildcard.items).toEqual([]);
  });

  it('rejects a malformed cursor or limit with 400 problem details', async () => {
    const badCursor = await call(admin, 'GET', '/api/v1/users?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'cursor' }],
    });
    expect((await call(admin, 'GET', '/api/v1/users?limit=1000')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/v1/users?limit=abc')).statusCode).toBe(400);
  });
});

describe('promotion, fraud and deletion', () => {
  it('promotes a user to agent, and the new agent sees it at once', async () => {
    const person = await createAccount(t, 'user');
    const response = await call(admin, 'PATCH', `/api/v1/users/${person.id}/role`, {
      role: 'agent',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: person.id, role: 'agent', fraud: false });
    expect((await call(person, 'GET', '/api/v1/me')).json().role).toBe('agent');
  });

  it('promotes a user to admin, who can then use the admin API', async () => {
    const person = await createAccount(t, 'user');
    expect(
      (await call(admin, 'PATCH', `/api/v1/users/${person.id}/role`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await call(person, 'GET', '/api/v1/users')).statusCode).toBe(200);
  });

  it('refuses to promote agents and admins, or to make anyone a plain user', async () => {
    const promoteAgain = await call(admin, 'PATCH', `/api/v1/users/${agent.id}/role`, {
      role: 'admin',
    });
    expect(promoteAgain.statusCode).toBe(409);
    expect(promoteAgain.json().detail).toBe(
      'Only users can be promoted; this account is an agent.',
    );
    const promoteAdmin = await call(admin, 'PATCH', `/api/v1/users/${otherAdmin.id}/role`, {
      role: 'agent',
    });
    expect(promoteAdmin.statusCode).toBe(409);
    const demote = await call(admin, 'PATCH', `/api/v1/users/${user.id}/role`, { role: 'user' });
    expect(demote.statusCode).toBe(400);
    const extraField = await call(admin, 'PATCH', `/api/v1/users/${user.id}/role`, {
      role: 'agent',
      fraud: true,
    });
    expect(extraField.statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/v1/me')).json().role).toBe('user');
  });

  it('marks an agent as fraud once; users and admins cannot be marked', async () => {
    const shady = await createAccount(t, 'agent');
    const marked = await call(admin, 'POST', `/api/v1/users/${shady.id}/fraud`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ role: 'agent', fraud: true });
    expect((await call(shady, 'GET', '/api/v1/me')).json().fraud).toBe(true);

    const again = await call(admin, 'POST', `/api/v1/users/${shady.id}/fraud`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This agent is already marked as fraud.');
    const plainUser = await call(admin, 'POST', `/api/v1/users/${user.id}/fraud`);
    expect(plainUser.statusCode).toBe(409);
    expect(plainUser.json().detail).toBe('Only agents can be marked as fraud.');
    expect((await call(admin, 'POST', `/api/v1/users/${otherAdmin.id}/fraud`)).statusCode).toBe(
      409,
    );
  });

  it('deletes a user: the account is gone and its sessions die at once', async () => {
    const leaving = await createAccount(t, 'user');
    expect((await call(leaving, 'GET', '/api/v1/me')).statusCode).toBe(200);
    const deleted = await call(admin, 'DELETE', `/api/v1/users/${leaving.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(leaving, 'GET', '/api/v1/me')).statusCode).toBe(401);
    expect((await logIn(t.app, leaving.email, leaving.password)).statusCode).toBe(401);
    expect((await call(admin, 'DELETE', `/api/v1/users/${leaving.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete agents and admins', async () => {
    const response = await call(admin, 'DELETE', `/api/v1/users/${agent.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('Only users can be deleted; this account is an agent.');
    expect((await call(admin, 'DELETE', `/api/v1/users/${otherAdmin.id}`)).statusCode).toBe(409);
    expect((await call(agent, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses every action on your own account with 403', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/v1/users/${admin.id}/role`, { role: 'agent' }],
      ['POST', `/api/v1/users/${admin.id}/fraud`, undefined],
      ['DELETE', `/api/v1/users/${admin.id}`, undefined],
    ] as const) {
      const response = await call(admin, method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('You cannot change your own account.');
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(admin, 'DELETE', '/api/v1/users/not-a-uuid')).statusCode).toBe(400);
    const unknown = await call(
      admin,
      'DELETE',
      '/api/v1/users/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This user does not exist.');
  });

  it('lets exactly one of two admins racing to promote the same user win', async () => {
    const contested = await createAccount(t, 'user');
    const results = await Promise.all([
      call(admin, 'PATCH', `/api/v1/users/${contested.id}/role`, { role: 'agent' }),
      call(otherAdmin, 'PATCH', `/api/v1/users/${contested.id}/role`, { role: 'admin' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

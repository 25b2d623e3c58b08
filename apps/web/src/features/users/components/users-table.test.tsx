import type { User } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { UsersTable } from './users-table.tsx';

const person = (id: string, name: string, role: User['role'], fraud = false): User => ({
  id,
  name,
  email: `${id}@example.com`,
  photoUrl: null,
  role,
  fraud,
  createdAt: '2026-01-02T10:00:00.000Z',
});

const me = person('me', 'Admin Me', 'admin');
const people = [
  me,
  person('other-admin', 'Other Admin', 'admin'),
  person('buyer', 'Plain Buyer', 'user'),
  person('agent', 'Honest Agent', 'agent'),
  person('fraud', 'Fraud Agent', 'agent', true),
];

function api(answers: Record<string, { status: number; body?: unknown }> = {}) {
  return stubApi((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')}`;
    if (answers[key]) return answers[key];
    if (url.endsWith(SESSION_URL)) return sessionOf(me);
    if (url.includes('/api/v1/users') && (init.method ?? 'GET') === 'GET') {
      return { status: 200, body: { items: people, nextCursor: null } };
    }
    return undefined;
  });
}

const rowOf = async (name: string) =>
  within(await screen.findByRole('row', { name: new RegExp(name) }));
const buttonsIn = (row: { queryAllByRole: (role: 'button') => HTMLElement[] }) =>
  row.queryAllByRole('button').map((button) => button.textContent);

describe('manage users', () => {
  it('offers each role only the actions the rules allow', async () => {
    api();
    renderWithApp(<UsersTable />);
    const buyer = await rowOf('Plain Buyer');
    expect(buttonsIn(buyer)).toEqual(['Make Admin', 'Make Agent', 'Delete']);

    const agent = await rowOf('Honest Agent');
    expect(buttonsIn(agent)).toEqual(['Mark Fraud']);
    expect(agent.getByRole('button', { name: 'Mark Fraud' })).toBeEnabled();

    const fraud = await rowOf('Fraud Agent');
    expect(fraud.getByText('Fraud')).toBeVisible();
    expect(fraud.getByRole('button', { name: 'Mark Fraud' })).toBeDisabled();

    expect(buttonsIn(await rowOf('Other Admin'))).toEqual([]);
    const self = await rowOf('Admin Me');
    expect(buttonsIn(self)).toEqual([]);
    expect(self.getByText('You')).toBeVisible();
  });

  it('asks "Make this user agent?" first, then says "Success"', async () => {
    const calls = api({
      'PATCH /api/v1/users/buyer/role': {
        status: 200,
        body: { ...people[2], role: 'agent' },
      },
    });
    renderWithApp(<UsersTable />);
    const buyer = await rowOf('Plain Buyer');
    await userEvent.click(buyer.getByRole('button', { name: 'Make Agent' }));

    const confirm = screen.getByRole('dialog', { name: 'Make this user agent?' });
    expect(confirm).toHaveTextContent("You won't be able to revert this!");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make Agent' }));

    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveTextContent(
      'Plain Buyer is now an agent.',
    );
    const patch = calls.find((call) => call.init.method === 'PATCH');
    expect(JSON.parse(String(patch?.init.body))).toEqual({ role: 'agent' });
  });

  it('does nothing when the confirm is cancelled', async () => {
    const calls = api();
    renderWithApp(<UsersTable />);
    await userEvent.click((await rowOf('Plain Buyer')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s refusal when the action is no longer allowed', async () => {
    const detail = 'Only users can be deleted; this account is an agent.';
    api({
      'DELETE /api/v1/users/buyer': {
        status: 409,
        body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'CONFLICT', detail },
      },
    });
    renderWithApp(<UsersTable />);
    await userEvent.click((await rowOf('Plain Buyer')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(detail)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deleted!' })).toBeNull());
  });

  it('drops a deleted user even when a search sent just before the delete answers after it', async () => {
    let deleted = false;
    let answerLateSearch = () => {};
    const lateSearch = new Promise<void>((resolve) => {
      answerLateSearch = resolve;
    });
    const list = () => ({
      status: 200,
      body: { items: people.filter((p) => !(deleted && p.id === 'buyer')), nextCursor: null },
    });
    const calls = stubApi(async (url, init) => {
      const method = init.method ?? 'GET';
      if (url.endsWith(SESSION_URL)) return sessionOf(me);
      if (method === 'DELETE' && url.endsWith('/api/v1/users/buyer')) {
        deleted = true;
        return { status: 204 };
      }
      if (method !== 'GET' || !url.includes('/api/v1/users')) return undefined;
      const answer = list();
      // The search read the list before the delete, and its answer arrives after it.
      if (url.endsWith('?q=plain') && !deleted) await lateSearch;
      return answer;
    });
    renderWithApp(<UsersTable />);
    const buyer = await rowOf('Plain Buyer');
    await userEvent.type(screen.getByLabelText('Search by name or email'), 'plain');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('?q=plain'))).toBe(true));

    // The row still shows (the search keeps the last list on screen): the admin deletes it.
    await userEvent.click(buyer.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    answerLateSearch();

    expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Plain Buyer/ })).toBeNull());
  });

  it('searches by name or email', async () => {
    const calls = api();
    renderWithApp(<UsersTable />);
    await rowOf('Plain Buyer');
    await userEvent.type(screen.getByLabelText('Search by name or email'), 'rahim');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('?q=rahim'))).toBe(true));
  });
});

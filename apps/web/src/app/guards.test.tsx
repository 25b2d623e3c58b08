import type { User } from '@basha/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../testing/render.tsx';
import { RequireRole } from './guards.tsx';

function Site() {
  return (
    <Routes>
      <Route path="/" element={<p>Home</p>} />
      <Route element={<RequireRole allow={['user', 'agent']} />}>
        <Route path="/dashboard/messages" element={<p>Inbox</p>} />
      </Route>
    </Routes>
  );
}

const signedInAs = (role: User['role']) =>
  stubApi((url) => (url.endsWith(SESSION_URL) ? sessionOf(accountOf(role)) : undefined));

describe('a page for some roles', () => {
  it.each(['user', 'agent'] as const)('opens for a %s', async (role) => {
    signedInAs(role);
    renderWithApp(<Site />, { path: '/dashboard/messages' });
    expect(await screen.findByText('Inbox')).toBeVisible();
  });

  it('sends an admin home, as the spec’s guard does, rather than show a refusal', async () => {
    signedInAs('admin');
    renderWithApp(<Site />, { path: '/dashboard/messages' });
    expect(await screen.findByText('Home')).toBeVisible();
    expect(screen.queryByText('Inbox')).toBeNull();
  });
});

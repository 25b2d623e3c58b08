import { type DeviceSession, passwordChangeMessages } from '@basha/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MySessions } from './my-sessions.tsx';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

const here: DeviceSession = {
  id: '0b9c7f34-3a31-4a53-9d6c-3e1c8e1f0a01',
  userAgent: FIREFOX_LINUX,
  ipAddress: '198.51.100.40',
  signedInAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-11-27T08:00:00.000Z',
  current: true,
};
const phone: DeviceSession = {
  id: '5d1e2a60-8f3b-4c3e-a8a4-1b2c3d4e5f60',
  userAgent: CHROME_ANDROID,
  ipAddress: '203.0.113.40',
  signedInAt: '2026-11-22T18:30:00.000Z',
  expiresAt: '2026-11-29T18:30:00.000Z',
  current: false,
};

function serve(sessions: DeviceSession[]) {
  let listed = sessions;
  return stubApi((url, init) => {
    if (url.endsWith(SESSION_URL)) return sessionOf(null);
    if (url.endsWith('/api/v1/me/sessions') && (init.method ?? 'GET') === 'GET') {
      return { status: 200, body: { items: listed } };
    }
    if (url.endsWith('/api/v1/me/sessions/others') && init.method === 'DELETE') {
      const others = listed.filter((item) => !item.current).length;
      listed = listed.filter((item) => item.current);
      return { status: 200, body: { signedOut: others } };
    }
    // A password changed on the profile signs the other devices out.
    if (url.endsWith('/api/v1/me/password') && init.method === 'PUT') {
      listed = listed.filter((item) => item.current);
      return { status: 200, body: { message: passwordChangeMessages.changed } };
    }
    const one = listed.find((item) => url.endsWith(`/api/v1/me/sessions/${item.id}`));
    if (one && init.method === 'DELETE') {
      listed = listed.filter((item) => item !== one);
      return { status: 204 };
    }
    return undefined;
  });
}

/** The devices listed (toasts are list items too, so only the section's own). */
const devices = () =>
  within(screen.getByRole('region', { name: 'Where you are signed in' })).queryAllByRole(
    'listitem',
  );

describe('my sessions', () => {
  it('lists each device with its address and sign-in date, marking this one', async () => {
    serve([here, phone]);
    renderWithApp(<MySessions />);
    const items = await within(
      await screen.findByRole('region', { name: 'Where you are signed in' }),
    ).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Firefox · Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('198.51.100.40');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Chrome · Android');
    expect(items[1]).toHaveTextContent('203.0.113.40');
    expect(items[1]).not.toHaveTextContent('This device');
  });

  it('signs one other device out by its id', async () => {
    const calls = serve([here, phone]);
    renderWithApp(<MySessions />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome · Android' }));
    expect(await screen.findByText('That device is signed out.')).toBeVisible();
    const deleted = calls.find((call) => call.init.method === 'DELETE');
    expect(deleted?.url).toMatch(new RegExp(`/api/v1/me/sessions/${phone.id}$`));
    await expect.poll(() => devices().length).toBe(1);
  });

  it('asks first, then signs out everywhere else and says how many', async () => {
    const calls = serve([here, phone, { ...phone, id: '9a8b7c6d-0000-4000-8000-000000000001' }]);
    renderWithApp(<MySessions />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const confirm = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(confirm).toHaveTextContent('This device stays signed in.');
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Sign out everywhere else' }),
    );
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/me\/sessions\/others$/),
    ]);
    await expect.poll(() => devices().length).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('sends nothing when the question is cancelled', async () => {
    const calls = serve([here, phone]);
    renderWithApp(<MySessions />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const confirm = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(false);
  });

  it('lists only this device once the password is changed on the same page', async () => {
    serve([here, phone]);
    renderWithApp(
      <>
        <ChangePasswordForm />
        <MySessions />
      </>,
    );
    await expect.poll(() => devices().length).toBe(2);
    await userEvent.type(screen.getByLabelText('Current password'), 'Passw0rd!x');
    await userEvent.type(screen.getByLabelText('New password'), 'Comilla@2027');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordChangeMessages.changed)).toBeVisible();
    await expect.poll(() => devices().length).toBe(1);
  });
});

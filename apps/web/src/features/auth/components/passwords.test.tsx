import { passwordChangeMessages, passwordMessages, passwordResetMessages } from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  fieldRefusal,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const visitor = (passwordReset: boolean) => (url: string) => {
  if (url.endsWith(SESSION_URL)) return sessionOf(null);
  if (url.endsWith('/api/v1/auth/providers'))
    return { status: 200, body: { emailPassword: true, google: false, passwordReset } };
  return undefined;
};

const sent = { status: 202, body: { message: passwordResetMessages.sent } };

/** The login page, and the request page once its link is followed. */
function LoginThenForgot() {
  const { pathname } = useLocation();
  return pathname === '/forgot-password' ? (
    <ForgotPasswordForm />
  ) : (
    <LoginForm returnTo="/" onLoggedIn={() => {}} />
  );
}

describe('a forgotten password', () => {
  it('is offered on the login form only where the server sends email', async () => {
    stubApi(visitor(false));
    const first = renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    await screen.findByRole('button', { name: 'Login As User' });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull(),
    );
    first.unmount();
    stubApi(visitor(true));
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('takes the email typed on the login form along to the request', async () => {
    stubApi(visitor(true));
    renderWithApp(<LoginThenForgot />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('button', { name: 'Email me a link' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('rahim@example.com');
  });

  it('asks for a link by email, then says what happens next, the same for any email', async () => {
    const calls = stubApi((url) =>
      url.endsWith('/password-reset-requests') ? sent : visitor(true)(url),
    );
    renderWithApp(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    expect(calls.some((c) => c.url.includes('password-reset'))).toBe(false);

    await userEvent.type(screen.getByLabelText('Email'), 'Rahim@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordResetMessages.sent);
    const request = calls.find((c) => c.url.endsWith('/password-reset-requests'));
    expect(JSON.parse(String(request?.init.body))).toEqual({ email: 'rahim@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it('says so in Bangla on a Bangla page', async () => {
    localStorage.setItem('basha.locale', 'bn');
    onTestFinished(() => localStorage.removeItem('basha.locale'));
    await loadSavedLocale();
    stubApi((url) => (url.endsWith('/password-reset-requests') ? sent : visitor(true)(url)));
    renderWithApp(<ForgotPasswordForm />);
    await userEvent.type(await screen.findByLabelText('ইমেইল'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'লিংক ইমেইল করুন' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'এই ইমেইলে কোনো অ্যাকাউন্ট থাকলে নতুন পাসওয়ার্ড বেছে নেওয়ার লিংক পাঠানো হচ্ছে।',
    );
  });

  it('takes a new password that keeps the sign-up rule, with the link’s token', async () => {
    const calls = stubApi((url) =>
      url.endsWith('/password-resets')
        ? { status: 200, body: { message: passwordResetMessages.changed } }
        : visitor(true)(url),
    );
    const onReset = vi.fn();
    renderWithApp(<ResetPasswordForm token="emailed-token" onReset={onReset} />);
    await userEvent.type(screen.getByLabelText('New password'), 'short1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(passwordMessages.tooShort)).toBeVisible();
    expect(calls.some((c) => c.url.endsWith('/password-resets'))).toBe(false);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Sylhet@2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(onReset).toHaveBeenCalledOnce());
    expect(await screen.findByText(passwordResetMessages.changed)).toBeVisible();
    const reset = calls.find((c) => c.url.endsWith('/password-resets'));
    expect(JSON.parse(String(reset?.init.body))).toEqual({
      token: 'emailed-token',
      password: 'Sylhet@2027',
    });
  });

  it('says a used or expired link no longer works, with the way to a new one', async () => {
    stubApi((url) =>
      url.endsWith('/password-resets')
        ? fieldRefusal('token', passwordResetMessages.linkUsed)
        : visitor(true)(url),
    );
    const onReset = vi.fn();
    renderWithApp(<ResetPasswordForm token="used-token" onReset={onReset} />);
    await userEvent.type(screen.getByLabelText('New password'), 'Sylhet@2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetMessages.linkUsed);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(onReset).not.toHaveBeenCalled();
  });

  it('opened without a token, says the link is incomplete', () => {
    stubApi(visitor(true));
    renderWithApp(<ResetPasswordForm token="" onReset={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(passwordResetMessages.tokenRequired);
  });
});

describe('changing the password on the profile', () => {
  it('sends the current and the new one, and says a wrong current one beside its box', async () => {
    let answer: { status: number; body: unknown } = fieldRefusal(
      'currentPassword',
      passwordChangeMessages.currentWrong,
    );
    const calls = stubApi((url) => (url.endsWith('/api/v1/me/password') ? answer : undefined));
    renderWithApp(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText('Current password'), 'Not@mine12');
    await userEvent.type(screen.getByLabelText('New password'), 'Comilla@2027');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordChangeMessages.currentWrong)).toBeVisible();
    const sent = calls.find((c) => c.url.endsWith('/api/v1/me/password'));
    expect(sent?.init.method).toBe('PUT');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      currentPassword: 'Not@mine12',
      newPassword: 'Comilla@2027',
    });

    answer = { status: 200, body: { message: passwordChangeMessages.changed } };
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Passw0rd!x');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordChangeMessages.changed)).toBeVisible();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('holds the new one to the sign-up rule before asking the server', async () => {
    const calls = stubApi(() => undefined);
    renderWithApp(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText('Current password'), 'Passw0rd!x');
    await userEvent.type(screen.getByLabelText('New password'), 'comilla2027');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordMessages.special)).toBeVisible();
    expect(calls.some((c) => c.url.endsWith('/api/v1/me/password'))).toBe(false);
  });

  it('shows each box on its own toggle', async () => {
    stubApi(() => undefined);
    renderWithApp(<ChangePasswordForm />);
    const [current, next] = screen.getAllByRole('button', { name: 'Show password' });
    await userEvent.click(next as HTMLElement);
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    await userEvent.click(current as HTMLElement);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'text');
  });
});

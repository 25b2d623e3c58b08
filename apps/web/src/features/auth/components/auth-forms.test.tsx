import { DEMO_ACCOUNTS, passwordMessages, profilePhotoMessages } from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './signup-form.tsx';

const visitorApi = (url: string) => {
  if (url.endsWith(SESSION_URL)) return sessionOf(null);
  if (url.endsWith('/api/v1/auth/providers'))
    return { status: 200, body: { emailPassword: true, google: false, passwordReset: false } };
  return undefined;
};

describe('login form', () => {
  it('demo buttons fill in the demo credentials', async () => {
    stubApi(visitorApi);
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login As Agent' }));
    expect(screen.getByLabelText('Email')).toHaveValue(DEMO_ACCOUNTS.agent.email);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_ACCOUNTS.agent.password);
  });

  it('shows and hides the password', async () => {
    stubApi(visitorApi);
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('says what is missing instead of calling the server', async () => {
    const calls = stubApi(visitorApi);
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    expect(screen.getByText('Password is required.')).toBeVisible();
    expect(calls.some((c) => c.url.includes('sign-in'))).toBe(false);
  });

  it('hides Google sign-in when the server has not configured it, shows it when it has', async () => {
    stubApi(visitorApi);
    const first = renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    await screen.findByRole('button', { name: 'Login As User' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign In With Google' })).toBeNull(),
    );
    first.unmount();
    stubApi((url) =>
      url.endsWith('/providers')
        ? { status: 200, body: { emailPassword: true, google: true, passwordReset: false } }
        : visitorApi(url),
    );
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Sign In With Google' })).toBeVisible();
  });

  it("on a Bangla page, starts Google sign-in asking for a new account's emails in Bangla", async () => {
    localStorage.setItem('basha.locale', 'bn');
    onTestFinished(() => localStorage.removeItem('basha.locale'));
    await loadSavedLocale();
    // The server's answer is a refusal, so the page stays here rather than leaving for Google.
    const calls = stubApi((url) => {
      if (url.endsWith('/providers'))
        return { status: 200, body: { emailPassword: true, google: true, passwordReset: false } };
      if (url.includes('/sign-in/social'))
        return { status: 503, body: { status: 503, code: 'UNAVAILABLE', detail: 'Try again.' } };
      return visitorApi(url);
    });
    renderWithApp(<LoginForm returnTo="/wishlist" onLoggedIn={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'গুগল দিয়ে সাইন ইন' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/sign-in/social'))).toBe(true));
    const start = calls.find((c) => c.url.includes('/sign-in/social'));
    expect(JSON.parse(String(start?.init.body))).toMatchObject({
      provider: 'google',
      callbackURL: '/wishlist',
      additionalData: { language: 'bn' },
    });
  });

  it('shows one success toast after a good login (never an error toast too)', async () => {
    stubApi((url) =>
      url.includes('/sign-in/email') ? { status: 200, body: { redirect: false } } : visitorApi(url),
    );
    const onLoggedIn = vi.fn();
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={onLoggedIn} />);
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Dhaka@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successful!')).toBeVisible();
    expect(onLoggedIn).toHaveBeenCalledOnce();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  it('says where to open Basha when the server refuses the page as another site', async () => {
    stubApi((url) =>
      url.includes('/sign-in/email')
        ? {
            status: 403,
            body: {
              type: 'about:blank',
              title: 'Forbidden',
              status: 403,
              code: 'CROSS_SITE_REQUEST',
              detail: 'Invalid origin',
              openAt: 'http://localhost:3000',
            },
          }
        : visitorApi(url),
    );
    renderWithApp(<LoginForm returnTo="/" onLoggedIn={() => {}} />);
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Dhaka@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText(
        "This page is not at Basha's address. Open Basha at http://localhost:3000 and try again.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('Invalid origin')).toBeNull();
  });
});

describe('signup form', () => {
  async function fill(values: { name?: string; email?: string; password?: string; photo?: File }) {
    if (values.name) await userEvent.type(screen.getByLabelText('Name'), values.name);
    if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
    if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
    if (values.photo) await userEvent.upload(screen.getByLabelText('Profile photo'), values.photo);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  }
  const photo = () =>
    new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

  it.each([
    ['Ab1@', passwordMessages.tooShort],
    ['12345678@', passwordMessages.letter],
    ['Password@', passwordMessages.digit],
    ['Password1', passwordMessages.special],
  ])('password %j → %s', async (password, message) => {
    stubApi(visitorApi);
    renderWithApp(<SignUpForm onSignedUp={() => {}} />);
    await fill({ name: 'Rahim', email: 'rahim@example.com', password, photo: photo() });
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('requires every field and the photo', async () => {
    stubApi(visitorApi);
    renderWithApp(<SignUpForm onSignedUp={() => {}} />);
    await fill({});
    expect(await screen.findByText('Name is required.')).toBeVisible();
    expect(screen.getByText(profilePhotoMessages.required)).toBeVisible();
  });

  it('sends a multipart sign-up and toasts "Signup Successful! Now Login"', async () => {
    const calls = stubApi((url) =>
      url.includes('/sign-up/email') ? { status: 201, body: { user: {} } } : visitorApi(url),
    );
    const onSignedUp = vi.fn();
    renderWithApp(<SignUpForm onSignedUp={onSignedUp} />);
    await fill({
      name: 'Rahim',
      email: 'rahim@example.com',
      password: 'Dhaka@2026',
      photo: photo(),
    });
    expect(await screen.findByText('Signup Successful! Now Login')).toBeVisible();
    const body = calls.find((c) => c.url.includes('/sign-up/email'))?.init.body as FormData;
    expect(body.get('email')).toBe('rahim@example.com');
    expect(body.get('photo')).toBeInstanceOf(File);
    expect(body.get('language')).toBe('en');
    // The login form starts from the email just signed up with.
    expect(onSignedUp).toHaveBeenCalledExactlyOnceWith('rahim@example.com');
  });

  it("on a Bangla page, asks for the account's emails in Bangla", async () => {
    localStorage.setItem('basha.locale', 'bn');
    onTestFinished(() => localStorage.removeItem('basha.locale'));
    await loadSavedLocale();
    const calls = stubApi((url) =>
      url.includes('/sign-up/email') ? { status: 201, body: { user: {} } } : visitorApi(url),
    );
    renderWithApp(<SignUpForm onSignedUp={() => {}} />);
    await userEvent.type(await screen.findByLabelText('নাম'), 'রহিম');
    await userEvent.type(screen.getByLabelText('ইমেইল'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('পাসওয়ার্ড'), 'Dhaka@2026');
    await userEvent.upload(screen.getByLabelText('প্রোফাইল ছবি'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'সাইন আপ' }));
    expect(await screen.findByText('সাইন আপ সফল হয়েছে! এখন লগইন করুন')).toBeVisible();
    const body = calls.find((c) => c.url.includes('/sign-up/email'))?.init.body as FormData;
    expect(body.get('language')).toBe('bn');
  });

  it('shows the server’s duplicate-email message in a toast', async () => {
    stubApi((url) =>
      url.includes('/sign-up/email')
        ? {
            status: 409,
            body: {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              code: 'CONFLICT',
              detail: 'An account with this email already exists. Please log in instead.',
            },
          }
        : visitorApi(url),
    );
    renderWithApp(<SignUpForm onSignedUp={() => {}} />);
    await fill({
      name: 'Rahim',
      email: 'rahim@example.com',
      password: 'Dhaka@2026',
      photo: photo(),
    });
    expect(
      await screen.findByText('An account with this email already exists. Please log in instead.'),
    ).toBeVisible();
  });
});

import { EMAIL_DEFAULTS, type User } from '@basha/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../../../testing/render.tsx';
import { EmailSettings } from './email-settings-form.tsx';

function settingsOf(role: User['role'], sending = true) {
  stubApi((url) => {
    if (url.endsWith(SESSION_URL)) return sessionOf(accountOf(role));
    if (url.endsWith('/api/v1/me/email-preferences')) {
      return { status: 200, body: { language: 'en', email: EMAIL_DEFAULTS, sending } };
    }
    return undefined;
  });
  renderWithApp(<EmailSettings />);
}

describe('email settings', () => {
  it('show a buyer the kinds a buyer is told of, not an agent’s', async () => {
    settingsOf('user');
    expect(await screen.findByLabelText('my offer is rejected')).toBeChecked();
    expect(screen.getByLabelText('a property matches my saved search')).toBeChecked();
    expect(screen.queryByLabelText('an offer arrives on my property')).toBeNull();
  });

  it('show an agent the kinds of their listings, not a buyer’s', async () => {
    settingsOf('agent');
    expect(await screen.findByLabelText('an offer arrives on my property')).toBeChecked();
    expect(screen.queryByLabelText('my offer is rejected')).toBeNull();
  });

  it('say so when the server sends no email, and still keep the choices', async () => {
    settingsOf('user', false);
    expect(await screen.findByRole('note')).toHaveTextContent(/^This Basha sends no email yet\./);
    expect(screen.getByLabelText('my offer is rejected')).toBeEnabled();
  });

  it('say nothing of it when the server sends email', async () => {
    settingsOf('user');
    await screen.findByLabelText('my offer is rejected');
    expect(screen.queryByRole('note')).toBeNull();
  });
});

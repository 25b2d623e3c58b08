import type { ListingDetails } from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { AgentPhoneForm } from './agent-phone-form.tsx';
import { ContactAgent } from './contact-agent.tsx';

const listing: ListingDetails = {
  id: 'c7e0c2f4-6f1f-4a8e-9b0c-2d4b7a1e5f10',
  title: 'Lake view flat',
  location: 'Gulshan, Dhaka',
  price: { min: 50_000, max: 60_000 },
  status: 'verified',
  sold: false,
  delisted: false,
  rejectionReason: null,
  photo: {
    url: '/media/p-1200.webp',
    srcset: '/media/p-1200.webp 1200w',
    width: 1200,
    height: 800,
  },
  agent: { id: 'a1', name: 'Agent Karim', email: 'karim@example.com', photoUrl: null },
  agentPhone: '+8801712345678',
  description: 'Three bedrooms.',
  sale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const signedIn = (id: string, role: 'user' | 'agent') =>
  sessionOf({
    id,
    name: 'Rahim',
    email: 'rahim@example.com',
    photoUrl: null,
    role,
    fraud: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

describe("contacting a listing's agent", () => {
  it('offers Message agent, Call and WhatsApp to a buyer', async () => {
    stubApi((url) => (url.endsWith(SESSION_URL) ? signedIn('u1', 'user') : undefined));
    renderWithApp(<ContactAgent listing={listing} />);
    expect(await screen.findByRole('button', { name: 'Message agent' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Call +8801712345678' })).toHaveAttribute(
      'href',
      'tel:+8801712345678',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/8801712345678',
    );
  });

  it('does not offer the agent a conversation with themselves, nor links without a number', async () => {
    stubApi((url) => (url.endsWith(SESSION_URL) ? signedIn('a1', 'agent') : undefined));
    renderWithApp(<ContactAgent listing={{ ...listing, agentPhone: null }} />);
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Message agent' })).toBeNull();
  });
});

describe("an agent's phone number", () => {
  it("shows the server's refusal under the field, translated by its code", async () => {
    stubApi((url, init) => {
      if (url.endsWith('/api/v1/me/phone') && init.method === 'PUT') {
        return {
          status: 400,
          body: {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Enter a Bangladeshi mobile number, like 01712345678 or +8801712345678.',
            code: 'VALIDATION_FAILED',
            messageCode: 'phone.invalid',
            errors: [
              {
                path: 'phone',
                message: 'Enter a Bangladeshi mobile number, like 01712345678 or +8801712345678.',
                messageCode: 'phone.invalid',
              },
            ],
          },
        };
      }
      if (url.endsWith('/api/v1/me/phone')) return { status: 200, body: { phone: null } };
      return undefined;
    });
    renderWithApp(<AgentPhoneForm />);
    const field = await screen.findByLabelText('Mobile number (shown to signed-in buyers)');
    await userEvent.type(field, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save number' }));
    expect(
      await screen.findByText(
        'Enter a Bangladeshi mobile number, like 01712345678 or +8801712345678.',
      ),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

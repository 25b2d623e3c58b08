import { phoneMessages } from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aListingDetails } from '../../../../testing/listings.ts';
import {
  fieldRefusal,
  renderWithApp,
  SESSION_URL,
  sessionOf,
  stubApi,
} from '../../../../testing/render.tsx';
import { setLiveStreamOpen } from '../../../lib/live-stream-state.ts';
import { AgentPhoneForm } from './agent-phone-form.tsx';
import { ContactAgent } from './contact-agent.tsx';
import { ConversationThread } from './conversation-thread.tsx';

const listing = aListingDetails({ agentPhone: '+8801712345678' });

const signedIn = (id: string, role: 'user' | 'agent', fraud = false) =>
  sessionOf({
    id,
    name: 'Rahim',
    email: 'rahim@example.com',
    photoUrl: null,
    role,
    fraud,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

/** Rahim's thread with Agent Karim on the listing, as Rahim reads it. */
function threadWithKarim(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    listing: { id: listing.id, title: 'Lake view flat' },
    buyer: { id: 'u1', name: 'Rahim' },
    agent: { id: 'a1', name: 'Agent Karim' },
    viewerSide: 'buyer',
    lastMessage: null,
    unreadCount: 0,
    closed: false,
    reportedByViewerAt: null,
    lastActivityAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Rahim's thread with Agent Karim on the listing, no messages yet, read by `session`. */
function serveEmptyThread(conversationId: string, session: ReturnType<typeof signedIn>) {
  stubApi((url) => {
    if (url.endsWith(SESSION_URL)) return session;
    if (url.endsWith(`/api/v1/conversations/${conversationId}`)) {
      return {
        status: 200,
        body: threadWithKarim(conversationId, { buyer: { id: 'a2', name: 'Rahim' } }),
      };
    }
    if (url.includes('/messages?')) return { status: 200, body: { items: [], nextCursor: null } };
    return undefined;
  });
}

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

describe('a fraud-marked agent', () => {
  const CONVERSATION_ID = '0f6d2a1e-8b3c-4d5e-9f7a-6b5c4d3e2f1a';

  it('is not offered "Message agent" on another agent\'s listing', async () => {
    stubApi((url) => (url.endsWith(SESSION_URL) ? signedIn('a2', 'agent', true) : undefined));
    renderWithApp(<ContactAgent listing={listing} />);
    expect(await screen.findByRole('link', { name: 'Call +8801712345678' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Message agent' })).toBeNull());
  });

  it('reads a thread they started but gets no compose box, with the reason', async () => {
    serveEmptyThread(CONVERSATION_ID, signedIn('a2', 'agent', true));
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    expect(
      await screen.findByText(
        "You cannot start conversations or send messages as you're marked as fraud.",
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });
});

describe('writing a message', () => {
  const CONVERSATION_ID = '7d2c9a40-1b3e-4f5a-9c6d-2e8f0a1b3c4d';
  it('counts the characters against the limit, so a long text is not cut unseen', async () => {
    serveEmptyThread(CONVERSATION_ID, signedIn('a2', 'user'));
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    const box = await screen.findByLabelText('Your message');
    expect(box).toHaveAccessibleDescription('0 of 2,000 characters');
    await userEvent.type(box, 'Is it free?');
    expect(box).toHaveAccessibleDescription('11 of 2,000 characters');
  });
});

describe("an agent's phone number", () => {
  it("shows the server's refusal under the field, translated by its code", async () => {
    stubApi((url, init) => {
      if (url.endsWith('/api/v1/me/phone') && init.method === 'PUT') {
        return fieldRefusal('phone', phoneMessages.invalid);
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

describe('a thread longer than one page', () => {
  const CONVERSATION_ID = '5b1e7c1a-3f0e-4a55-8d1b-0c9e2f4a6b21';
  const message = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: CONVERSATION_ID,
    sender: { id: 'u1', name: 'Rahim' },
    fromViewer: true,
    text: `message ${n}`,
    // Message n at 0n:05 UTC, (n + 6):05 in Dhaka.
    createdAt: `2026-01-01T0${n}:05:00.000Z`,
  });

  it('shows the newest messages, and older ones above them on "Load more", oldest first', async () => {
    stubApi((url) => {
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}`)) {
        return {
          status: 200,
          body: threadWithKarim(CONVERSATION_ID),
        };
      }
      if (url.includes('/messages?') && url.includes('cursor=older-1')) {
        return { status: 200, body: { items: [message(2), message(1)], nextCursor: null } };
      }
      if (url.includes('/messages?')) {
        return { status: 200, body: { items: [message(4), message(3)], nextCursor: 'older-1' } };
      }
      return undefined;
    });
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    await screen.findByText('message 4');
    const texts = () => screen.getAllByText(/^message \d$/).map((node) => node.textContent);
    expect(texts()).toEqual(['message 3', 'message 4']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('message 1');
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Several messages a day: each says the minute it was sent, on Bangladesh's clock.
    const sentAt = screen.getByText('message 4').closest('li')?.querySelector('time');
    expect(sentAt).toHaveTextContent('01 Jan 2026, 10:05 AM');
    expect(sentAt).toHaveAttribute('datetime', '2026-01-01T04:05:00.000Z');
  });
});

describe('an open thread keeps itself current', () => {
  const CONVERSATION_ID = '9d2f1c3b-7a4e-4b8c-9e0f-1a2b3c4d5e6f';
  afterEach(() => {
    setLiveStreamOpen(false);
    vi.useRealTimers();
  });

  /**
   * Renders the thread and counts its reads of the messages over a little more than 2 s of
   * the page's clock. The clock is the test's (it also runs on in real time, for the render):
   * counted in real time, a busy machine's late timers left a 1 s poll two reads in 2.3 s.
   */
  async function messageReadsOver2s() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi((url) => {
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}`)) {
        return {
          status: 200,
          body: threadWithKarim(CONVERSATION_ID),
        };
      }
      if (url.includes('/messages?')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    await screen.findByRole('heading', { name: 'About "Lake view flat"' });
    await vi.advanceTimersByTimeAsync(2_300);
    return calls.filter(({ url }) => url.includes(`/${CONVERSATION_ID}/messages?`)).length;
  }

  it('polls every second while the live event stream is down', async () => {
    expect(await messageReadsOver2s()).toBeGreaterThanOrEqual(3);
  });

  it('does not poll while the stream is open: new messages come as events', async () => {
    setLiveStreamOpen(true);
    expect(await messageReadsOver2s()).toBe(1);
  });
});

describe('reporting a conversation', () => {
  const CONVERSATION_ID = '3c9a6f1e-2b7d-4e8a-9f1c-5d6e7f8a9b0c';
  const REPORTED_AT = '2026-01-02T05:00:00.000Z';

  it('gives way, once sent, to when it was reported: a second report is not offered', async () => {
    let reported: string | null = null;
    const calls = stubApi((url, init) => {
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}/reports`)) {
        reported = REPORTED_AT;
        const reason = JSON.parse(String(init.body)).reason;
        return {
          status: 201,
          body: { id: 'r1', conversationId: CONVERSATION_ID, reason, createdAt: REPORTED_AT },
        };
      }
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}`)) {
        return {
          status: 200,
          body: threadWithKarim(CONVERSATION_ID, { reportedByViewerAt: reported }),
        };
      }
      if (url.includes('/messages?')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    await userEvent.click(await screen.findByText('Report conversation'));
    await userEvent.type(screen.getByLabelText('Why are you reporting it?'), 'Asks for a deposit');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText(
        'You reported this conversation on 02 Jan 2026. An admin will look at it.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Report conversation')).toBeNull();
    expect(screen.queryByLabelText('Why are you reporting it?')).toBeNull();
    expect(calls.filter(({ url }) => url.endsWith('/reports'))).toHaveLength(1);
  });

  it('says when it was reported when the thread is opened again, with no form', async () => {
    stubApi((url) => {
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}`)) {
        return {
          status: 200,
          body: threadWithKarim(CONVERSATION_ID, { reportedByViewerAt: REPORTED_AT }),
        };
      }
      if (url.includes('/messages?')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    expect(
      await screen.findByText(
        'You reported this conversation on 02 Jan 2026. An admin will look at it.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Report conversation')).toBeNull();
  });
});

describe('an admin reading a reported thread', () => {
  it('is led back to the reported conversations, and is offered neither compose nor report', async () => {
    const CONVERSATION_ID = '6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c';
    stubApi((url) => {
      if (url.endsWith(`/api/v1/conversations/${CONVERSATION_ID}`)) {
        return {
          status: 200,
          body: threadWithKarim(CONVERSATION_ID, { viewerSide: 'admin' }),
        };
      }
      if (url.includes('/messages?')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    renderWithApp(<ConversationThread conversationId={CONVERSATION_ID} />);
    expect(await screen.findByRole('link', { name: 'Reported Conversations' })).toHaveAttribute(
      'href',
      '/dashboard/reported-conversations',
    );
    expect(screen.queryByRole('link', { name: 'All conversations' })).toBeNull();
    expect(screen.queryByText('Report conversation')).toBeNull();
  });
});

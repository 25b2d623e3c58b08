import type { Notification } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { NotificationBell } from './notification-bell.tsx';

afterEach(() => localStorage.removeItem('basha.locale'));

const listingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const offerReceived: Notification = {
  id: '0b9c7f34-3a31-4a53-9d6c-3e1c8e1f0a01',
  sequence: 12,
  kind: 'offerReceived',
  listingId,
  offerId: '5d1e2a60-8f3b-4c3e-a8a4-1b2c3d4e5f60',
  params: { listingTitle: 'Lake view flat', amount: 5070 },
  link: '/dashboard/requested-properties',
  readAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
};
const promoted: Notification = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  sequence: 11,
  kind: 'roleChanged',
  listingId: null,
  offerId: null,
  params: { role: 'agent' },
  link: '/dashboard/profile',
  readAt: null,
  createdAt: '2026-11-23T08:00:00.000Z',
};

/** The bell's API: the list and count follow what was marked read. */
function serve(items: Notification[]) {
  let listed = items;
  return stubApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url.endsWith('/api/v1/me/notifications/unread-count')) {
      return { status: 200, body: { unread: listed.filter((n) => n.readAt === null).length } };
    }
    if (url.endsWith('/api/v1/me/notifications') && method === 'GET') {
      return { status: 200, body: { items: listed, nextCursor: null } };
    }
    if (url.endsWith('/api/v1/me/notifications/read-all') && method === 'POST') {
      const marked = listed.filter((n) => n.readAt === null).length;
      listed = listed.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-25T00:00:00.000Z' }));
      return { status: 200, body: { marked } };
    }
    const one = listed.find((n) => url.endsWith(`/api/v1/me/notifications/${n.id}/read`));
    if (one && method === 'POST') {
      listed = listed.map((n) => (n === one ? { ...n, readAt: '2026-11-25T00:00:00.000Z' } : n));
      return { status: 200, body: { ...one, readAt: '2026-11-25T00:00:00.000Z' } };
    }
    return undefined;
  });
}

describe('the notification bell', () => {
  it('counts unread, lists entries newest first with their text and link, and marks one read', async () => {
    const calls = serve([offerReceived, promoted]);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const entries = await within(panel).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const offerLink = within(entries[0] as HTMLElement).getByRole('link');
    expect(offerLink).toHaveTextContent('New offer of 5,070 TK on "Lake view flat".');
    expect(offerLink).toHaveAttribute('href', '/dashboard/requested-properties');
    // When it happened, to the minute on Bangladesh's clock (08:00 UTC is 2 PM in Dhaka).
    expect(offerLink).toHaveTextContent('24 Nov 2026, 2:00 PM');
    expect(within(entries[1] as HTMLElement).getByRole('link')).toHaveTextContent(
      'Your account is now: agent.',
    );

    await userEvent.click(
      within(entries[1] as HTMLElement).getByRole('button', { name: 'Mark read' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith(`/notifications/${promoted.id}/read`))).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('marks all read: the count goes and the button is off', async () => {
    serve([offerReceived, promoted]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled(),
    );
  });

  it('keeps the focus in the panel after marking all read from the keyboard, and Escape closes it', async () => {
    serve([offerReceived, promoted]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    (await screen.findByRole('button', { name: 'Mark all read' })).focus();
    await userEvent.keyboard('{Enter}');
    // The disabled button dropped the focus; the panel took it rather than the page's start.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Notifications' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('closes with Escape and says when there is nothing yet', async () => {
    serve([]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('speaks Bangla: the count in Bangla digits, the entries from the Bangla catalog', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    serve([offerReceived, promoted]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'নোটিফিকেশন, ২টি অপঠিত' }));
    const panel = await screen.findByRole('region', { name: 'নোটিফিকেশন' });
    expect(panel).toHaveTextContent('"Lake view flat"-এ ৫,০৭০ টাকার নতুন অফার এসেছে।');
    expect(panel).toHaveTextContent('আপনার অ্যাকাউন্ট এখন: এজেন্ট।');
    expect(panel).toHaveTextContent('২৪ নভে, ২০২৬, ২:০০ দুপুর');
  });
});

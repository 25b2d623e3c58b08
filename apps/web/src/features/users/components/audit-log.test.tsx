import type { AuditEntry } from '@basha/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { AuditLog } from './audit-log.tsx';

const entry = (
  action: AuditEntry['action'],
  target: AuditEntry['target'],
  details: AuditEntry['details'] = {},
): AuditEntry => ({
  id: `${action}-${target.id}`,
  actor: { id: 'a-1', name: 'Admin Ayesha' },
  action,
  target,
  details,
  createdAt: '2026-12-01T04:00:00.000Z',
});

const entries = [
  entry(
    'user.promoted',
    { type: 'user', id: 'u-1', label: 'Karim' },
    { from: 'user', to: 'agent' },
  ),
  entry(
    'listing.rejected',
    { type: 'listing', id: 'l-1', label: 'Lake view flat' },
    { reason: 'The photos show another building.' },
  ),
  entry('review.deleted', { type: 'review', id: 'r-1', label: 'Lake view flat' }),
  entry('listing.verified', {
    type: 'listing',
    id: '0b9f7a86-4a0e-4f7e-9a55-2f3f4f9d7c11',
    label: null,
  }),
];

function serve() {
  stubApi((url) =>
    url.includes('/api/v1/admin/audit-log')
      ? { status: 200, body: { items: entries, nextCursor: null } }
      : undefined,
  );
}

afterEach(() => localStorage.removeItem('basha.locale'));

describe('the audit log', () => {
  it('names each record, says what the decision said, and owns up to records that are gone', async () => {
    serve();
    renderWithApp(<AuditLog />);
    const rows = await screen.findAllByRole('row');
    const [promoted, rejected, deleted, gone] = rows.slice(1).map((row) => within(row));
    expect(promoted?.getByText('User: Karim')).toBeVisible();
    expect(promoted?.getByText('User → Agent')).toBeVisible();
    // Decisions come several a day: each says its minute (04:00 UTC is 10 AM in Dhaka).
    expect(promoted?.getByText('01 Dec 2026, 10:00 AM')).toBeVisible();
    expect(rejected?.getByText('Reason: The photos show another building.')).toBeVisible();
    expect(deleted?.getByText('Review on "Lake view flat"')).toBeVisible();
    expect(rejected?.getByText('Property: Lake view flat')).toBeVisible();
    expect(gone?.getByText(/^Property \(no longer on Basha\)/)).toBeVisible();
    expect(gone?.getByText('0b9f7a86')).toBeVisible();
  });

  it('puts each name where Bangla puts it', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    serve();
    renderWithApp(<AuditLog />);
    expect(await screen.findByText('"Lake view flat"-এর রিভিউ')).toBeVisible();
    expect(screen.getByText('ইউজার: Karim')).toBeVisible();
  });
});

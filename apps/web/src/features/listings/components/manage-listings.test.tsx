import { type AdminListingPage, type ManagedListing, NOT_STATED_FACTS } from '@basha/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { ManageListings } from './manage-listings.tsx';

const listing = (id: string, title: string, changes: Partial<ManagedListing> = {}) =>
  ({
    id,
    title,
    location: 'Mirpur 10, Dhaka',
    price: { min: 5000, max: 5100 },
    status: 'pending',
    sold: false,
    photo: {
      url: '/media/x-1200.webp',
      srcset: '/media/x-400.webp 400w',
      width: 1200,
      height: 800,
    },
    photoCount: 1,
    agent: { id: 'agent', name: 'Tanvir Hossain', email: 'agent@example.com', photoUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    rejectionReason: null,
    delisted: false,
    pendingRevision: null,
    revisionRejection: null,
    facts: NOT_STATED_FACTS,
    pricePerSqft: null,
    place: null,
    ...changes,
  }) satisfies ManagedListing;

const page: AdminListingPage = {
  items: [
    listing('honest', 'Honest pending flat'),
    listing('hidden', 'Fraud agent pending flat', { delisted: true }),
    listing('placed', 'Placed pending flat', {
      place: { division: 'dhaka', district: 'dhaka', area: 'mirpur' },
    }),
  ],
  nextCursor: null,
  counts: { total: 9, verified: 4, pending: 1, rejected: 2, hidden: 2 },
};

function showManageListings() {
  stubApi((url) => {
    if (url.endsWith(SESSION_URL)) return sessionOf({ id: 'admin', role: 'admin' });
    if (url.includes('/api/v1/admin/listings')) return { status: 200, body: page };
    return undefined;
  });
  renderWithApp(<ManageListings />);
}

describe('manage properties', () => {
  it('offers Verify and Reject on a pending listing, but only a view of a fraud agent’s', async () => {
    showManageListings();

    const honest = within(await screen.findByRole('row', { name: /Honest pending flat/ }));
    expect(honest.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Verify',
      'Reject',
    ]);
    const hidden = within(screen.getByRole('row', { name: /Fraud agent pending flat/ }));
    expect(hidden.getByText('Hidden from buyers: the agent was marked as fraud.')).toBeVisible();
    expect(hidden.queryAllByRole('button')).toEqual([]);
  });

  it('flags a listing whose location its agent has to complete', async () => {
    showManageListings();

    const unplaced = within(await screen.findByRole('row', { name: /Honest pending flat/ }));
    expect(unplaced.getByText('Location to complete')).toBeVisible();
    const placed = within(screen.getByRole('row', { name: /Placed pending flat/ }));
    expect(placed.queryByText('Location to complete')).toBeNull();
  });

  it('says what each count counts, hidden listings apart from their status', async () => {
    showManageListings();

    const counts = within(await screen.findByRole('region', { name: 'Properties by status' }));
    const shown = counts
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(shown).toEqual([
      ['Total', '9'],
      ['Verified', '4'],
      ['Pending', '1'],
      ['Rejected', '2'],
      ['Hidden: agent marked as fraud', '2'],
    ]);
  });
});

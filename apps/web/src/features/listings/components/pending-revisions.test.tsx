import type { ListingRevision, PendingRevisionPage } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { PendingRevisions, RevisionDiff } from './pending-revisions.tsx';

const REVISION_ID = '91150971-6002-4d31-ac4a-40525503aef9';
const photo = (key: string) => ({
  url: `/media/listing-photos/${key}-1200.webp`,
  srcset: `/media/listing-photos/${key}-400.webp 400w`,
  width: 1200,
  height: 800,
});

const queue: PendingRevisionPage = {
  items: [
    {
      id: REVISION_ID,
      listing: { id: 'listing', title: 'Lake-view flat in Gulshan' },
      agent: { id: 'agent', name: 'Agent Rahim' },
      changedFields: ['title', 'priceMin', 'photos'],
      submittedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  nextCursor: null,
};

const revision: ListingRevision = {
  id: REVISION_ID,
  status: 'pending',
  listing: { id: 'listing', title: 'Lake-view flat in Gulshan' },
  agent: { id: 'agent', name: 'Agent Rahim' },
  changes: [
    { field: 'title', from: 'Lake-view flat in Gulshan', to: 'Lake-view flat, renovated' },
    { field: 'priceMin', from: 5000, to: 9000 },
    { field: 'photos', from: [photo('old'), photo('kept')], to: [photo('new'), photo('kept')] },
  ],
  reason: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

const conflict = {
  status: 409,
  body: {
    type: 'about:blank',
    title: 'Conflict',
    status: 409,
    code: 'CONFLICT',
    detail: 'Another admin has already approved these changes.',
    messageCode: 'listingRevision.alreadyApproved',
    params: {},
  },
};

function showQueue(decision: (url: string, body: unknown) => { status: number; body: unknown }) {
  return stubApi((url, init) => {
    if (url.endsWith(SESSION_URL)) return sessionOf({ id: 'admin', role: 'admin' });
    if (init.method === 'POST')
      return decision(url, init.body ? JSON.parse(String(init.body)) : null);
    if (url.includes(`/api/v1/admin/listing-revisions/${REVISION_ID}`)) {
      return { status: 200, body: revision };
    }
    if (url.includes('/api/v1/admin/listing-revisions')) return { status: 200, body: queue };
    return undefined;
  });
}

/** The diff's rows below its head: each change's old and new value, as read. */
const diffRows = (diff: HTMLElement) =>
  within(diff)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const posts = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter(({ init }) => init.method === 'POST');

afterEach(() => localStorage.removeItem('basha.locale'));

describe('edits awaiting review', () => {
  it('lists each edit with what it changes, and shows the diff old → new with photos', async () => {
    showQueue(() => ({ status: 200, body: { ...revision, status: 'approved' } }));
    renderWithApp(<PendingRevisions />);

    const queueSection = within(
      await screen.findByRole('region', { name: 'Edits awaiting review' }),
    );
    expect(
      await queueSection.findByText('Changes: Property title, Minimum price, Photos'),
    ).toBeVisible();
    await userEvent.click(
      queueSection.getByRole('button', { name: 'Review changes to Lake-view flat in Gulshan' }),
    );

    const diff = await screen.findByRole('table', {
      name: /Changes to “Lake-view flat in Gulshan”/,
    });
    const rows = diffRows(diff);
    expect(rows).toEqual([
      ['Lake-view flat in Gulshan', 'Lake-view flat, renovated'],
      ['5,000 TK', '9,000 TK'],
      ['', ''],
    ]);
    expect(within(diff).getByRole('img', { name: 'Current photo 1' })).toHaveAttribute(
      'src',
      photo('old').url,
    );
    expect(within(diff).getByRole('img', { name: 'Proposed photo 1' })).toHaveAttribute(
      'src',
      photo('new').url,
    );
    expect(within(diff).getByRole('img', { name: 'Proposed photo 2' })).toHaveAttribute(
      'src',
      photo('kept').url,
    );
  });

  it('approves after a confirm', async () => {
    const calls = showQueue(() => ({ status: 200, body: { ...revision, status: 'approved' } }));
    renderWithApp(<PendingRevisions />);
    await userEvent.click(await screen.findByRole('button', { name: /^Review changes to/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve changes' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Put these changes live?' })).getByRole('button', {
        name: 'Yes, approve them',
      }),
    );
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url).toMatch(new RegExp(`/listing-revisions/${REVISION_ID}/approve$`));
    expect(
      await screen.findByText('The changes to “Lake-view flat in Gulshan” are live.'),
    ).toBeVisible();
  });

  it('rejects only with a reason, which it sends', async () => {
    const calls = showQueue(() => ({ status: 200, body: { ...revision, status: 'rejected' } }));
    renderWithApp(<PendingRevisions />);
    await userEvent.click(await screen.findByRole('button', { name: /^Review changes to/ }));
    const rejectButton = await screen.findByRole('button', { name: 'Reject these changes' });
    expect(rejectButton).toBeDisabled();

    await userEvent.type(
      screen.getByLabelText('Reason for the agent (required)'),
      'The owner did not agree to this price.',
    );
    await userEvent.click(rejectButton);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Reject these changes?' })).getByRole('button', {
        name: 'Yes, reject them',
      }),
    );
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url).toMatch(/\/reject$/);
    expect(JSON.parse(String(posts(calls)[0]?.init.body))).toEqual({
      reason: 'The owner did not agree to this price.',
    });
  });

  it('says so when another admin decided first (409), in Bangla too', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    showQueue(() => conflict);
    renderWithApp(<PendingRevisions />);
    await userEvent.click(await screen.findByRole('button', { name: /পরিবর্তন দেখুন$/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'পরিবর্তন অনুমোদন করুন' }));
    await userEvent.click(screen.getByRole('button', { name: 'হ্যাঁ, অনুমোদন করুন' }));
    expect(
      await screen.findByText('আরেকজন অ্যাডমিন এই পরিবর্তনগুলো আগেই অনুমোদন করেছেন।'),
    ).toBeVisible();
  });

  it('shows facts and places in words, and taka as money, in Bangla', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    stubApi(() => undefined);
    renderWithApp(
      <RevisionDiff
        title="গুলশানের ফ্ল্যাট"
        changes={[
          { field: 'priceMax', from: 5_100_000, to: 5_500_000 },
          { field: 'type', from: 'apartment', to: 'duplex' },
          { field: 'area', from: 'gulshan', to: 'banani' },
          { field: 'amenities', from: ['lift'], to: ['lift', 'generator'] },
          { field: 'bedrooms', from: 3, to: 4 },
        ]}
      />,
    );
    const diff = await screen.findByRole('table');
    const rows = diffRows(diff);
    expect(rows).toEqual([
      ['৫১,০০,০০০ টাকা', '৫৫,০০,০০০ টাকা'],
      ['অ্যাপার্টমেন্ট/ফ্ল্যাট', 'ডুপ্লেক্স'],
      ['গুলশান', 'বনানী'],
      ['লিফট', 'লিফট, জেনারেটর'],
      ['৩', '৪'],
    ]);
  });
});

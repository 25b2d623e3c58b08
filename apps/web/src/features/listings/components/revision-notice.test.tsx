import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import { RevisionNotice } from './revision-notice.tsx';

function show(state: Parameters<typeof RevisionNotice>[0]['listing']) {
  stubApi((url) =>
    url.endsWith(SESSION_URL) ? sessionOf({ id: 'agent', role: 'agent' }) : undefined,
  );
  return renderWithApp(<RevisionNotice listing={state} />);
}

describe('the agent’s notice about edits to a verified listing', () => {
  it('says the changes await review', async () => {
    show({
      pendingRevision: { id: 'r', submittedAt: '2026-11-20T10:00:00.000Z' },
      revisionRejection: null,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Changes awaiting review');
  });

  it('gives the reason the last changes were rejected', async () => {
    show({
      pendingRevision: null,
      revisionRejection: { reason: 'Wrong photo.', decidedAt: '2026-11-21T10:00:00.000Z' },
    });
    expect(await screen.findByText('Your last changes were rejected: Wrong photo.')).toBeVisible();
  });

  it('shows nothing without revisions', async () => {
    show({ pendingRevision: null, revisionRejection: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/changes/i)).toBeNull();
  });
});

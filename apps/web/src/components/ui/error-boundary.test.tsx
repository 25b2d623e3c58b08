import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('bug');
}

describe('ErrorBoundary', () => {
  it('shows the fallback for children that fail, and tries again when the key changes', () => {
    // React reports the caught error on the console; that is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary resetKey="/a" fallback={() => <p>Something went wrong</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeVisible();
    rerender(
      <ErrorBoundary resetKey="/b" fallback={() => <p>Something went wrong</p>}>
        <p>Next page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Next page')).toBeVisible();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../testing/render.tsx';
import NotFoundPage from '../../app/routes/not-found.tsx';
import { loadSavedLocale } from '../../lib/i18n/i18n-provider.tsx';
import { Footer } from './footer.tsx';

afterEach(() => localStorage.removeItem('basha.locale'));

describe('numbers that are not amounts, in Bangla', () => {
  it('writes the copyright year and the 404 in Bangla digits', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    stubApi(() => undefined);
    renderWithApp(
      <>
        <NotFoundPage />
        <Footer />
      </>,
    );
    expect(await screen.findByText('৪০৪')).toBeVisible();
    // The site's name in Bangla too: "© ২০২৬ Basha।" mixed the scripts.
    expect(screen.getByText(/^© [০-৯]{4} বাসা। /)).toBeVisible();
  });
});

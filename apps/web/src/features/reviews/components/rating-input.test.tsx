import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { RatingInput } from './rating-input.tsx';

afterEach(() => localStorage.removeItem('basha.locale'));

describe('star rating', () => {
  it('reads every star out with Bangla digits in Bangla', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    stubApi(() => undefined);
    renderWithApp(<RatingInput name="rating" value={undefined} onChange={() => {}} />);
    for (const name of ['১ তারা', '২ তারা', '৩ তারা', '৪ তারা', '৫ তারা']) {
      expect(await screen.findByRole('radio', { name })).toBeInTheDocument();
    }
  });
});

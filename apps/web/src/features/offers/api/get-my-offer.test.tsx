import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { useMyOffer } from './get-my-offer.ts';

afterEach(() => localStorage.removeItem('basha.locale'));

function OfferOrWhyNot({ id }: { id: string }) {
  return <QueryState query={useMyOffer(id)}>{(offer) => offer.id}</QueryState>;
}

describe('one of my offers', () => {
  it('says an offer that is not among the buyer’s does not exist, in the reader’s language', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale(); // the Bangla catalog, before the first render
    stubApi((url) =>
      url.startsWith('/api/v1/offers/mine')
        ? { status: 200, body: { items: [], nextCursor: null } }
        : undefined,
    );
    renderWithApp(<OfferOrWhyNot id="00000000-0000-4000-8000-000000000000" />);
    expect(await screen.findByText('এই অফারটি নেই।')).toBeVisible();
    expect(screen.queryByText('This offer does not exist.')).toBeNull();
  });
});

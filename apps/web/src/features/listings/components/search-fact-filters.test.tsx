import type { ListingSearchCounts } from '@basha/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import AllPropertiesPage from '../../../app/routes/all-properties.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';

afterEach(() => localStorage.removeItem('basha.locale'));

/** Shows the address's query string, and goes Back, as the browser would. */
function AddressBar() {
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{decodeURIComponent(useLocation().search)}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}
const address = () => screen.getByLabelText('address');

const counts: ListingSearchCounts = {
  total: 1234,
  byType: {
    apartment: 1000,
    house: 100,
    duplex: 34,
    plot: 50,
    commercial: 20,
    office: 20,
    shop: 10,
  },
  capped: false,
};

/** Answers every search with no listings and the counts above; returns the calls. */
function serveSearches(answer = counts) {
  return stubApi((url) => {
    if (url.startsWith('/api/v1/listings/counts')) return { status: 200, body: answer };
    if (url.startsWith('/api/v1/listings?')) {
      return { status: 200, body: { items: [], nextCursor: null } };
    }
    return undefined;
  });
}

const page = (path: string) =>
  renderWithApp(
    <>
      <AllPropertiesPage />
      <AddressBar />
    </>,
    { path },
  );

describe('the filters on facts and place', () => {
  it('writes each choice to the address, and Back returns to the search before', async () => {
    const calls = serveSearches();
    page('/allproperties');
    await userEvent.click(screen.getByText('More filters'));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Apartment/Flat (1,000)' }));
    await waitFor(() => expect(address()).toHaveTextContent('?types=apartment'));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Duplex/ }));
    expect(address()).toHaveTextContent('?types=apartment&types=duplex');

    await userEvent.selectOptions(screen.getByLabelText('Division'), 'Dhaka');
    await userEvent.selectOptions(screen.getByLabelText('District'), 'Dhaka');
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'Gulshan');
    await userEvent.selectOptions(screen.getByLabelText('Bedrooms (at least)'), '3+');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lift' }));
    expect(address()).toHaveTextContent(
      '?types=apartment&types=duplex&division=dhaka&district=dhaka&area=gulshan&minBedrooms=3&amenities=lift',
    );
    await waitFor(() =>
      expect(
        calls.some(({ url }) => url.includes('/counts?') && url.includes('amenities=lift')),
      ).toBe(true),
    );
    expect(
      calls.some(({ url }) => url.startsWith('/api/v1/listings?') && url.includes('area=gulshan')),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toHaveTextContent(
      '?types=apartment&types=duplex&division=dhaka&district=dhaka&area=gulshan&minBedrooms=3',
    );
    expect(screen.getByRole('checkbox', { name: 'Lift' })).not.toBeChecked();
    // Nine choices typed and clicked one by one: about 3 s on a quiet machine.
  }, 15_000);

  it('keeps a ticked box when a place is chosen before the tick has rendered', async () => {
    serveSearches();
    page('/allproperties');
    await userEvent.click(await screen.findByText('More filters'));
    // The tick's search is a transition: on a busy phone the place can be chosen before it
    // has rendered, and the place's search must build on it, not on the address before it.
    // (One act: React renders neither before both are done.)
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Lift' }));
      fireEvent.change(screen.getByLabelText('Division'), { target: { value: 'dhaka' } });
    });

    await waitFor(() => expect(address()).toHaveTextContent('?amenities=lift&division=dhaka'));
    expect(screen.getByRole('checkbox', { name: 'Lift' })).toBeChecked();
  });

  it('changing the division clears the district and area under the old one', async () => {
    serveSearches();
    page('/allproperties?division=dhaka&district=dhaka&area=gulshan');
    expect(screen.getByLabelText('Area')).toHaveValue('gulshan');
    await userEvent.selectOptions(screen.getByLabelText('Division'), 'Sylhet');
    expect(address()).toHaveTextContent(/^\?division=sylhet$/);
    expect(screen.getByLabelText('Area')).toBeDisabled();
  });

  it('writes a size window in the chosen unit after a pause in typing', async () => {
    serveSearches();
    page('/allproperties?types=plot');
    await userEvent.selectOptions(screen.getByLabelText('Size unit'), 'katha');
    await userEvent.type(screen.getByLabelText('Minimum size'), '3');
    await userEvent.type(screen.getByLabelText('Maximum size'), '5');
    // Two pauses in typing, one per box: wait for both (a loaded machine types slowly).
    await waitFor(
      () => expect(address()).toHaveTextContent('?types=plot&sizeUnit=katha&minSize=3&maxSize=5'),
      { timeout: 3_000 },
    );
  });

  it('takes sizes in Bangla digits, and says beside the box why a size was left out', async () => {
    const calls = serveSearches();
    page('/allproperties?minSize=১,২০০&maxSize=-50');
    expect(await screen.findByText('The size must be a number more than 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum size')).toHaveValue('১,২০০');
    await waitFor(() =>
      expect(
        calls.some(({ url }) => url.includes('minSize=1200') && !url.includes('maxSize')),
      ).toBe(true),
    );
  });

  it('says a size window is upside down on its minimum', async () => {
    serveSearches();
    page('/allproperties?minSize=1800&maxSize=1200');
    expect(
      await screen.findByText('The minimum size must not be more than the maximum size.'),
    ).toBeInTheDocument();
  });

  it('says how many properties the search found, and "10,000+" past the cap', async () => {
    serveSearches();
    const { unmount } = page('/allproperties?types=apartment');
    expect(await screen.findByText('1,234 properties')).toBeVisible();
    unmount();
    serveSearches({ ...counts, total: 10_000, capped: true });
    page('/allproperties?types=house');
    expect(await screen.findByText('10,000+ properties')).toBeVisible();
  });

  it("says the types' counts are lower bounds once counting stopped at the cap", async () => {
    // Only 34 duplexes, but counting stopped among 10 000 matches of every type.
    const byType = { ...counts.byType, apartment: 9_966, house: 0 };
    serveSearches({ total: 34, byType, capped: false, typesCapped: true });
    page('/allproperties?types=duplex');
    expect(await screen.findByText('34 properties')).toBeVisible();
    const panel = screen.getByText(/More filters/).closest('details') as HTMLElement;
    expect(
      within(panel).getByRole('checkbox', { name: 'Apartment/Flat (9,966+)' }),
    ).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Duplex (34+)' })).toBeChecked();
    // None among the first matches says nothing of the houses: no count rather than "0+".
    expect(within(panel).getByRole('checkbox', { name: 'House' })).not.toBeChecked();
  });

  it('speaks Bangla: the count and the type counts in Bangla digits', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    serveSearches();
    page('/allproperties?types=apartment');
    expect(await screen.findByText('১,২৩৪টি প্রপার্টি')).toBeVisible();
    const panel = screen.getByText(/আরও ফিল্টার/).closest('details') as HTMLElement;
    expect(within(panel).getByRole('checkbox', { name: /১,০০০/ })).toBeChecked();
  });
});

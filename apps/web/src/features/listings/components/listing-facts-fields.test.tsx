import { listingFactsMessages, NOT_STATED_FACTS } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aListingDetails } from '../../../../testing/listings.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { loadSavedLocale } from '../../../lib/i18n/i18n-provider.tsx';
import { ListingDetailsView } from './listing-details-view.tsx';
import { ListingForm } from './listing-form.tsx';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderForm(props: Partial<Parameters<typeof ListingForm>[0]> = {}) {
  stubApi(() => undefined);
  const save = vi.fn(async () => aListingDetails());
  // Gallery photos are uploaded one by one before the form is saved (ADR 31).
  const uploadPhoto = vi.fn(async () => ({
    key: 'listing-photos/5f1d2c3b-4a5e-4f6a-8b7c-9d0e1f2a3b4c',
    photo: {
      url: '/media/u-1200.webp',
      srcset: '/media/u-400.webp 400w',
      width: 1200,
      height: 800,
    },
  }));
  renderWithApp(
    <ListingForm mode="add" save={save} onSaved={() => {}} uploadPhoto={uploadPhoto} {...props} />,
  );
  return { save };
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the facts fields of the listing form', { timeout: 15_000 }, () => {
  it('ask only for the facts that apply to the chosen type', async () => {
    const user = userEvent.setup();
    renderForm();
    // Before a type is chosen: the type and the size.
    expect(screen.queryByLabelText('Bedrooms')).toBeNull();
    expect(screen.getByLabelText('Size')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Type'), 'Apartment/Flat');
    for (const label of ['Bedrooms', 'Bathrooms', 'Floor (optional)', 'Completion']) {
      expect(screen.getByLabelText(label)).toBeVisible();
    }
    expect(screen.getByRole('group', { name: 'Amenities (optional)' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Lift' })).toBeVisible();
    // Built space is in square feet: no unit to choose.
    expect(screen.queryByLabelText('Unit')).toBeNull();
    expect(screen.queryByLabelText('Handover month')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Completion'), 'Under construction');
    expect(screen.getByLabelText('Handover month')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Type'), 'House');
    expect(screen.queryByLabelText('Floor (optional)')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Type'), 'Plot/Land');
    for (const label of ['Bedrooms', 'Bathrooms', 'Completion', 'Furnishing (optional)']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.queryByRole('group', { name: 'Amenities (optional)' })).toBeNull();
    expect(optionsOf('Unit')).toEqual(['sq ft', 'katha', 'decimal', 'bigha']);
  });

  it('send a plot without the facts it cannot have, even ones typed before', async () => {
    const user = userEvent.setup();
    const { save } = renderForm();
    await user.type(screen.getByLabelText('Property title'), 'Plot in Purbachal');
    await user.type(screen.getByLabelText('Property location'), 'Sector 15, Purbachal');
    await user.type(screen.getByLabelText('Description'), 'A corner plot.');
    await user.type(screen.getByLabelText('Minimum price'), '5000000');
    await user.type(screen.getByLabelText('Maximum price'), '5500000');
    await user.selectOptions(screen.getByLabelText('Division'), 'Dhaka');
    await user.selectOptions(screen.getByLabelText('District'), 'Narayanganj');
    await user.selectOptions(screen.getByLabelText('Area (optional)'), 'Purbachal');
    await user.selectOptions(screen.getByLabelText('Type'), 'Apartment/Flat');
    await user.type(screen.getByLabelText('Bedrooms'), '3');
    await user.selectOptions(screen.getByLabelText('Type'), 'Plot/Land');
    await user.type(screen.getByLabelText('Size'), '5');
    await user.selectOptions(screen.getByLabelText('Unit'), 'katha');
    const photo = new File([new Uint8Array(4)], 'plot.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Property photo'), photo);
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    const fields = (save.mock.calls[0] as unknown as [{ fields: Record<string, unknown> }])[0]
      .fields;
    expect(fields).toMatchObject({
      type: 'plot',
      size: 5,
      sizeUnit: 'katha',
      division: 'dhaka',
      district: 'narayanganj',
      area: 'purbachal',
    });
    expect(fields.bedrooms).toBeUndefined();
  });

  it('narrow the districts to the division and the areas to the district', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('District')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Division'), 'Sylhet');
    expect(optionsOf('District')).toEqual([
      'Choose…',
      'Habiganj',
      'Moulvibazar',
      'Sunamganj',
      'Sylhet',
    ]);
    await user.selectOptions(screen.getByLabelText('District'), 'Sylhet');
    expect(optionsOf('Area (optional)')).toContain('Zindabazar');
    // Another division empties the district and the area chosen under the first.
    await user.selectOptions(screen.getByLabelText('Division'), 'Dhaka');
    expect(screen.getByLabelText('District')).toHaveValue('');
    expect(screen.getByLabelText('Area (optional)')).toHaveValue('');
  });

  it('name the places and facts in Bangla for a Bangla reader', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('বিভাগ'), 'চট্টগ্রাম');
    expect(optionsOf('জেলা')).toContain('কক্সবাজার');
    await user.selectOptions(screen.getByLabelText('ধরন'), 'প্লট/জমি');
    expect(optionsOf('একক')).toEqual(['বর্গফুট', 'কাঠা', 'শতাংশ', 'বিঘা']);
  });

  it('show the server’s message at the fact it refused', async () => {
    const user = userEvent.setup();
    renderForm({
      mode: 'update',
      initial: {
        title: 'Old',
        location: 'Gulshan',
        description: 'Old',
        priceMin: 10,
        priceMax: 20,
      },
      initialFacts: {
        facts: {
          ...NOT_STATED_FACTS,
          type: 'apartment',
          bedrooms: 3,
          bathrooms: 2,
          size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
          completion: 'ready',
          amenities: ['lift'],
        },
        place: { division: 'dhaka', district: 'dhaka', area: 'gulshan' },
      },
      save: async () => {
        const { ApiError } = await import('../../../lib/api-client.ts');
        throw new ApiError(400, {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'VALIDATION_FAILED',
          detail: listingFactsMessages.bedroomsInvalid,
          errors: [
            {
              path: 'bedrooms',
              message: listingFactsMessages.bedroomsInvalid,
              messageCode: 'listingFacts.bedroomsInvalid',
            },
          ],
        });
      },
    });
    // The update form starts from the listing's facts and place.
    expect(screen.getByLabelText('Type')).toHaveValue('apartment');
    expect(screen.getByLabelText('Bedrooms')).toHaveValue('3');
    expect(screen.getByRole('checkbox', { name: 'Lift' })).toBeChecked();
    expect(screen.getByLabelText('Area (optional)')).toHaveValue('gulshan');
    await user.click(screen.getByRole('button', { name: 'Update Property' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Bedrooms')).toHaveAccessibleDescription(
        listingFactsMessages.bedroomsInvalid,
      ),
    );
    expect(screen.getByLabelText('Bedrooms')).toHaveAttribute('aria-invalid', 'true');
  });
});

const details = aListingDetails({
  location: 'Road 90, Gulshan 2',
  price: { min: 14_500_000, max: 16_000_000 },
  facts: {
    type: 'apartment',
    bedrooms: 3,
    bathrooms: 2,
    size: { value: 1450, unit: 'sqft', squareFeet: 1450 },
    floor: 7,
    totalFloors: 12,
    facing: null,
    completion: 'ready',
    handoverMonth: null,
    furnishing: 'semi_furnished',
    amenities: ['lift', 'generator'],
  },
  pricePerSqft: { min: 10_000, max: 11_034 },
  place: { division: 'dhaka', district: 'dhaka', area: 'gulshan' },
});

const factsOnPage = () =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: /Property facts|প্রপার্টির তথ্য/ }))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('the facts on the details page', () => {
  it('lists every fact of the type, "Not stated" where missing, and the price per sq ft', () => {
    stubApi(() => undefined);
    renderWithApp(<ListingDetailsView listing={details} />);
    expect(factsOnPage()).toEqual({
      Place: 'Gulshan, Dhaka',
      Type: 'Apartment/Flat',
      Bedrooms: '3 bedrooms',
      Bathrooms: '2 bathrooms',
      Size: '1,450 sq ft',
      'Price per sq ft': '10,000–11,034 TK per sq ft',
      Floor: 'Floor 7 of 12',
      Facing: 'Not stated',
      Completion: 'Ready',
      Furnishing: 'Semi-furnished',
      Amenities: 'Lift, Generator',
    });
  });

  it('says every fact in Bangla, with Bangla digits and units', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    stubApi(() => undefined);
    renderWithApp(
      <ListingDetailsView
        listing={{
          ...details,
          facts: {
            ...details.facts,
            type: 'plot',
            size: { value: 5, unit: 'katha', squareFeet: 3600 },
          },
        }}
      />,
    );
    const facts = factsOnPage();
    expect(facts).toMatchObject({ ধরন: 'প্লট/জমি', অবস্থান: 'গুলশান, ঢাকা' });
    expect(facts.আয়তন).toBe('৫ কাঠা (৩,৬০০ বর্গফুট)');
    // A plot has no rooms, floor or building to state.
    expect(Object.keys(facts)).not.toContain('শোবার ঘর');
    expect(Object.values(facts).join(' ')).not.toMatch(/[0-9]/);
  });
});

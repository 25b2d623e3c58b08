import {
  listingFactsMessages,
  listingLocationMessages,
  listingMessages,
  photoMessages,
  textMessages,
} from '@basha/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aListingDetails } from '../../../../testing/listings.ts';
import { renderWithApp, SESSION_URL, sessionOf, stubApi } from '../../../../testing/render.tsx';
import AddPropertyPage from '../../../app/routes/dashboard/add-property.tsx';
import type { SaveListingInput } from '../api/listing-form-data.ts';
import { ListingForm } from './listing-form.tsx';

const photo = (bytes = 4) => new File([new Uint8Array(bytes)], 'house.png', { type: 'image/png' });

/** What uploading a chosen photo answers: the key the form then sends (ADR 31). */
const UPLOADED_KEY = 'listing-photos/0b0c5a8e-3c7d-4f55-9a3e-8d2f4b1c6e70';
const uploadPhoto = vi.fn(async (_file: File, onProgress: (fraction: number) => void) => {
  onProgress(1);
  return {
    key: UPLOADED_KEY,
    photo: {
      url: '/media/u-1200.webp',
      srcset: '/media/u-400.webp 400w',
      width: 1200,
      height: 800,
    },
  };
});

type Values = {
  title?: string;
  location?: string;
  description?: string;
  priceMin?: string;
  priceMax?: string;
  photo?: File;
  // The facts and the place (ADR 29): selects by their option's text, fields by typing.
  type?: string;
  bedrooms?: string;
  bathrooms?: string;
  size?: string;
  completion?: string;
  division?: string;
  district?: string;
  area?: string;
};
const valid: Values = {
  title: 'Flat in Mirpur',
  location: 'Mirpur 10, Dhaka',
  description: 'Three bedrooms near the metro station.',
  priceMin: '5000',
  priceMax: '5100',
  type: 'Apartment/Flat',
  bedrooms: '3',
  bathrooms: '2',
  size: '1450',
  completion: 'Ready',
  division: 'Dhaka',
  district: 'Dhaka',
  area: 'Mirpur',
};
/** What the form gives `save` for `valid`'s facts and place. */
const validFacts = {
  type: 'apartment',
  bedrooms: 3,
  bathrooms: 2,
  size: 1450,
  sizeUnit: 'sqft',
  completion: 'ready',
  amenities: [],
  division: 'dhaka',
  district: 'dhaka',
  area: 'mirpur',
};

async function fillAndSubmit(values: Values, submit = 'Add Property') {
  const user = userEvent.setup();
  const type = async (label: string, value: string | undefined) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    // Pasting is typing without the per-key cost; the form sees the same input events.
    if (value) await user.paste(value);
  };
  await type('Property title', values.title);
  await type('Property location', values.location);
  await type('Description', values.description);
  await type('Minimum price', values.priceMin);
  await type('Maximum price', values.priceMax);
  const choose = async (label: string, option: string | undefined) => {
    if (option) await user.selectOptions(screen.getByLabelText(label), option);
  };
  await choose('Division', values.division);
  await choose('District', values.district);
  await choose('Area (optional)', values.area);
  await choose('Type', values.type);
  if (values.bedrooms !== undefined) await type('Bedrooms', values.bedrooms);
  if (values.bathrooms !== undefined) await type('Bathrooms', values.bathrooms);
  await type('Size', values.size);
  await choose('Completion', values.completion);
  if (values.photo) await user.upload(screen.getByLabelText('Property photo'), values.photo);
  await user.click(screen.getByRole('button', { name: submit }));
}

/** The message shown under a field (its accessible description holds hint and error). */
async function expectFieldError(label: string, message: string) {
  await waitFor(() =>
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    ),
  );
  expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
}

function renderForm(mode: 'add' | 'update' = 'add') {
  stubApi(() => undefined);
  const save = vi.fn(async (_input: SaveListingInput) => aListingDetails());
  const onSaved = vi.fn();
  renderWithApp(
    <ListingForm
      mode={mode}
      initial={
        mode === 'update'
          ? {
              title: 'Old',
              location: 'Khulna',
              description: 'Old text',
              priceMin: 10,
              priceMax: 20,
            }
          : undefined
      }
      save={save}
      uploadPhoto={uploadPhoto}
      onSaved={onSaved}
    />,
  );
  return { save, onSaved };
}

describe('add property form', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('requires every field and the photo', async () => {
    const { save } = renderForm();
    await fillAndSubmit({});
    await expectFieldError('Property title', listingMessages.titleRequired);
    await expectFieldError('Property location', listingMessages.locationRequired);
    await expectFieldError('Description', listingMessages.descriptionRequired);
    await expectFieldError('Minimum price', listingMessages.priceMinRequired);
    await expectFieldError('Maximum price', listingMessages.priceMaxRequired);
    await expectFieldError('Property photo', listingMessages.photoRequired);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a property whose facts and place are not stated (ADR 29)', async () => {
    const { save, onSaved } = renderForm();
    const { title, location, description, priceMin, priceMax } = valid;
    await fillAndSubmit({ title, location, description, priceMin, priceMax, photo: photo() });
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].fields).toMatchObject({ title, priceMin: 5000, amenities: [] });
    expect(save.mock.calls[0]?.[0].fields.type).toBeUndefined();
    expect(save.mock.calls[0]?.[0].fields.division).toBeUndefined();
    expect(screen.getByLabelText('Type')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the type once any fact is given, and the district once the division is', async () => {
    const { save } = renderForm();
    const { title, location, description, priceMin, priceMax } = valid;
    await fillAndSubmit({
      title,
      location,
      description,
      priceMin,
      priceMax,
      photo: photo(),
      size: '1450',
      division: 'Dhaka',
    });
    await expectFieldError('Type', listingFactsMessages.typeRequired);
    await expectFieldError('District', listingLocationMessages.districtRequired);
    expect(save).not.toHaveBeenCalled();
  });

  it.each([
    ['Minimum price', { priceMin: 'five thousand' }],
    ['Maximum price', { priceMax: '51OO' }],
  ])(
    "%s in words → 'Price cannot be a string' beside it and as a warning toast",
    async (label, prices) => {
      const warning = vi.spyOn(toast, 'warning');
      const { save } = renderForm();
      await fillAndSubmit({ ...valid, ...prices, photo: photo() });
      await expectFieldError(label, 'Price cannot be a string');
      // The spec's warning toast says it too.
      // sonner is loaded with the first toast (lib/notify.ts): the call comes a moment later.
      await vi.waitFor(() => expect(warning).toHaveBeenCalledWith('Price cannot be a string'));
      expect(save).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['greater than', '5200'],
    ['equal to', '5100'],
  ])(
    'a minimum %s the maximum → "Minimum price must be less than maximum price"',
    async (_, priceMin) => {
      const warning = vi.spyOn(toast, 'warning');
      const { save } = renderForm();
      await fillAndSubmit({ ...valid, priceMin, photo: photo() });
      await expectFieldError('Minimum price', listingMessages.priceRange);
      await vi.waitFor(() => expect(warning).toHaveBeenCalledWith(listingMessages.priceRange));
      expect(save).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['5000.50', 'Enter whole taka, without paisa.'],
    ['0', 'The amount must be more than 0 TK.'],
  ])('minimum price %j → %s', async (priceMin, message) => {
    renderForm();
    await fillAndSubmit({ ...valid, priceMin, photo: photo() });
    await expectFieldError('Minimum price', message);
  });

  it('refuses a title longer than 120 characters and a photo over 5 MB', async () => {
    renderForm();
    await fillAndSubmit({ ...valid, title: 'x'.repeat(121), photo: photo(5 * 1024 * 1024 + 1) });
    await expectFieldError('Property title', listingMessages.titleTooLong);
    await expectFieldError('Property photo', listingMessages.photoTooLarge);
  });

  it('refuses text the server could not store, with the shared text rule’s message', async () => {
    const { save } = renderForm();
    await fillAndSubmit({
      ...valid,
      title: 'Flat\u0000',
      description: 'Nice \uD83D',
      photo: photo(),
    });
    await expectFieldError('Property title', textMessages.unstorable);
    await expectFieldError('Description', textMessages.unstorable);
    expect(save).not.toHaveBeenCalled();
  });

  it('suggests 5000TK and 5100TK in the price labels’ hints', () => {
    renderForm();
    expect(screen.getByLabelText('Minimum price')).toHaveAccessibleDescription(
      expect.stringContaining('5000TK'),
    );
    expect(screen.getByLabelText('Maximum price')).toHaveAccessibleDescription(
      expect.stringContaining('5100TK'),
    );
  });

  it('sends whole-taka numbers and the photo when everything is valid', async () => {
    const { save, onSaved } = renderForm();
    const file = photo();
    await fillAndSubmit({ ...valid, photo: file });
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const input = save.mock.calls[0]?.[0];
    expect(input?.fields).toEqual({
      ...valid,
      ...validFacts,
      priceMin: 5000,
      priceMax: 5100,
    });
    expect(uploadPhoto).toHaveBeenCalledWith(file, expect.any(Function));
    expect(input?.photos).toEqual([{ key: UPLOADED_KEY }]);
    expect(input?.onUploadProgress).toBeTypeOf('function');
  });

  it('updating keeps the current photo when none is chosen', async () => {
    const { save, onSaved } = renderForm('update');
    expect(screen.getByLabelText('Property title')).toHaveValue('Old');
    expect(screen.getByLabelText('Minimum price')).toHaveValue('10');
    await fillAndSubmit(valid, 'Update Property');
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0].photos).toBeUndefined();
  });

  it('shows the server’s field message beside the field', async () => {
    stubApi(() => undefined);
    renderWithApp(
      <ListingForm
        mode="add"
        save={async () => {
          const { ApiError } = await import('../../../lib/api-client.ts');
          throw new ApiError(422, {
            type: 'about:blank',
            title: 'Unprocessable',
            status: 422,
            code: 'VALIDATION',
            detail: 'Some fields are not valid.',
            errors: [{ path: 'photo', message: photoMessages.notAnImage }],
          });
        }}
        uploadPhoto={uploadPhoto}
        onSaved={() => {}}
      />,
    );
    await fillAndSubmit({ ...valid, photo: photo() });
    await expectFieldError('Property photo', photoMessages.notAnImage);
  });

  it("tells a fraud agent they cannot add, with a disabled 'Fraud Agent' button", async () => {
    stubApi((url) =>
      url.endsWith(SESSION_URL)
        ? sessionOf({
            id: 'a1',
            name: 'Fraudulent Agent',
            email: 'fraud@example.test',
            photoUrl: null,
            role: 'agent',
            fraud: true,
            createdAt: '2026-01-01T00:00:00.000Z',
          })
        : undefined,
    );
    renderWithApp(<AddPropertyPage />);
    expect(
      await screen.findByText("You cannot add any property as you're marked as fraud"),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Fraud Agent' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Property' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aListingDetails } from '../../../../testing/listings.ts';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import type { SaveListingInput } from '../api/listing-form-data.ts';
import { ListingForm } from './listing-form.tsx';

const file = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });

function renderGalleryForm() {
  stubApi(() => undefined);
  const save = vi.fn(async (_input: SaveListingInput) => aListingDetails());
  const progressSeen: number[] = [];
  let uploads = 0;
  const uploadPhoto = vi.fn(async (chosen: File, onProgress: (fraction: number) => void) => {
    uploads += 1;
    onProgress(0.5);
    progressSeen.push(0.5);
    onProgress(1);
    return {
      key: `listing-photos/00000000-0000-4000-8000-00000000000${uploads}`,
      photo: { url: `/media/${chosen.name}`, srcset: '', width: 1200, height: 800 },
    };
  });
  renderWithApp(
    <ListingForm mode="add" save={save} uploadPhoto={uploadPhoto} onSaved={() => {}} />,
  );
  return { save, uploadPhoto, progressSeen };
}

const tiles = () => within(screen.getByRole('list', { name: /in the order buyers see them/ }));

async function fillFields() {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Property title', 'Flat in Gulshan'],
    ['Property location', 'Gulshan 2, Dhaka'],
    ['Description', 'Three bedrooms.'],
    ['Minimum price', '5000'],
    ['Maximum price', '5100'],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  return user;
}

describe('the photos field', () => {
  it('takes several files at once, reorders by keyboard with an announcement, removes and captions', {
    timeout: 30_000,
  }, async () => {
    const { save, uploadPhoto, progressSeen } = renderGalleryForm();
    const user = await fillFields();
    await user.upload(screen.getByLabelText('Property photo'), [
      file('a.png'),
      file('b.png'),
      file('c.png'),
    ]);
    expect(tiles().getAllByRole('listitem')).toHaveLength(3);
    expect(tiles().getByText('Cover')).toBeVisible();

    // Move the third photo up twice with the keyboard: it becomes the cover.
    screen.getByRole('button', { name: 'Move photo 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Photo moved to position 2 of 3.',
    );
    screen.getByRole('button', { name: 'Move photo 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Photo moved to position 1 of 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(tiles().getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Photo removed; 2 left.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Caption for photo 1 (optional)'), 'Front view');

    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    // Uploaded one by one in the new order (c, then a), each reporting its progress.
    expect(uploadPhoto.mock.calls.map(([chosen]) => chosen.name)).toEqual(['c.png', 'a.png']);
    expect(progressSeen).toEqual([0.5, 0.5]);
    expect(save.mock.calls[0]?.[0].photos).toEqual([
      { key: 'listing-photos/00000000-0000-4000-8000-000000000001', caption: 'Front view' },
      { key: 'listing-photos/00000000-0000-4000-8000-000000000002' },
    ]);
  });

  it('refuses a 13th photo before uploading anything', { timeout: 30_000 }, async () => {
    const { save, uploadPhoto } = renderGalleryForm();
    const user = await fillFields();
    await user.upload(
      screen.getByLabelText('Property photo'),
      Array.from({ length: 13 }, (_, n) => file(`${n}.png`)),
    );
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Property photo')).toHaveAccessibleDescription(
        expect.stringContaining('A property can have at most 12 photos.'),
      ),
    );
    expect(uploadPhoto).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('names each photo that cannot be used and why, before uploading anything', {
    timeout: 30_000,
  }, async () => {
    const { save, uploadPhoto } = renderGalleryForm();
    await fillFields();
    // As a browser lets a person pick "All files": the box's accept list is only a hint.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Property photo'), [
      file('front.png'),
      new File(['not a photo'], 'notes.txt', { type: 'text/plain' }),
      file('fake.png'),
    ]);
    expect(
      tiles().getByText(
        'Photo 2 (notes.txt): The photo must be a JPEG, PNG, WebP, GIF or AVIF image.',
      ),
    ).toBeVisible();
    // A file named like a photo whose preview the browser cannot draw.
    fireEvent.error(tiles().getByAltText('Preview of the chosen photo 3'));
    expect(
      tiles().getByText(
        'Photo 3 (fake.png): The photo could not be read as an image. Please choose another file.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Property photo')).toHaveAccessibleDescription(
        expect.stringContaining('The photo must be a JPEG, PNG, WebP, GIF or AVIF image.'),
      ),
    );
    expect(uploadPhoto).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();

    // Removing both leaves a form that sends.
    await user.click(tiles().getByRole('button', { name: 'Remove photo 3' }));
    await user.click(tiles().getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
  });
});

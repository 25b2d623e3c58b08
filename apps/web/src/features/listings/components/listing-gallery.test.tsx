import type { ListingDetails } from '@basha/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../../../testing/render.tsx';
import { ListingGallery } from './listing-gallery.tsx';

const photo = (n: number, caption: string | null = null) => ({
  url: `/media/listing-photos/p${n}-1200.webp`,
  srcset: `/media/listing-photos/p${n}-400.webp 400w, /media/listing-photos/p${n}-1200.webp 1200w`,
  width: 1200,
  height: 800 + n,
  key: `listing-photos/p${n}`,
  position: n,
  caption,
});

const listing = {
  title: 'Lake view flat',
  photo: photo(0),
  photos: [photo(0), photo(1, 'Kitchen'), photo(2)],
} as unknown as ListingDetails;

describe('the details gallery', () => {
  it('loads only the main photo eagerly, reserves every size and gives every photo alt text', () => {
    stubApi(() => undefined);
    renderWithApp(<ListingGallery listing={listing} />);
    const main = screen.getByRole('img', { name: 'Lake view flat' });
    expect(main).not.toHaveAttribute('loading', 'lazy');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('height', '800');
    const thumbnails = screen
      .getAllByRole('button', { name: /^Show photo/ })
      .map((button) => button.querySelector('img') as HTMLImageElement);
    expect(thumbnails).toHaveLength(3);
    for (const img of thumbnails) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img.getAttribute('alt')).not.toBe('');
      expect(img).toHaveAttribute('width', '1200');
    }
    expect(thumbnails[1]).toHaveAttribute('alt', 'Kitchen');
  });

  it('opens the viewer on demand, pages with the arrow keys round the ends, and Escape closes it', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<ListingGallery listing={listing} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show photo 2' }));
    const opener = screen.getByRole('button', { name: 'View all 3 photos' });
    expect(within(opener).getByRole('img')).toHaveAttribute('alt', 'Kitchen');
    await user.click(screen.getByRole('button', { name: 'View all 3 photos' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photos of Lake view flat' });
    expect(viewer).toHaveTextContent('Photo 2 of 3');
    await user.keyboard('{ArrowRight}');
    expect(viewer).toHaveTextContent('Photo 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(viewer).toHaveTextContent('Photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(viewer).toHaveTextContent('Photo 3 of 3');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'View all 3 photos' })).toHaveFocus();
  });
});

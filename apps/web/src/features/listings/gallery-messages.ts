import { defineMessages } from '../../lib/i18n/define-messages.ts';

// The listing gallery's texts (ADR 31): the form's photos field, cards' count, the details
// page's gallery and its full-screen viewer.
export const listingGalleryMessages = defineMessages({
  'photos.hint':
    'Choose up to 12 photos at once; the first is the cover. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each.',
  'photos.keepHint':
    'Add, remove, reorder or caption photos; the first is the cover. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each.',
  'photos.list': 'Photos, in the order buyers see them',
  'photos.previewNew': 'Preview of the chosen photo {n}',
  'photos.problem': 'Photo {n} ({name}): {reason}',
  'photos.photoN': 'Photo {n} of the property',
  'photos.cover': 'Cover',
  'photos.caption': 'Caption for photo {n} (optional)',
  'photos.moveUp': 'Move photo {n} up',
  'photos.moveDown': 'Move photo {n} down',
  'photos.remove': 'Remove photo {n}',
  'photos.moved': 'Photo moved to position {n} of {count}.',
  'photos.removed': 'Photo removed; {count} left.',
  'photos.uploadProgress': 'Upload progress of photo {n}',
  'photos.uploaded': 'Uploaded',
  'photos.dragHint': 'Drag a photo, or use its arrow buttons, to change the order.',
  'photos.one': '1 photo',
  'photos.count': '{count} photos',
  'gallery.open': 'View all {count} photos',
  'gallery.show': 'Show photo {n}',
  'gallery.viewer': 'Photos of {title}',
  'gallery.previous': 'Previous photo',
  'gallery.next': 'Next photo',
  'gallery.close': 'Close',
  'gallery.position': 'Photo {n} of {count}',
});

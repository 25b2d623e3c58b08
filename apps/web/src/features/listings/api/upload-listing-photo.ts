import { ListingPhotoUploadSchema } from '@basha/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Uploads one photo for the listing being added or updated (ADR 31), reporting its upload
 * progress; the key it answers goes in the form's `photos` list.
 */
export function uploadListingPhoto(file: File, onUploadProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append('photo', file);
  return apiRequest('/api/v1/listing-photos', {
    method: 'POST',
    body,
    schema: ListingPhotoUploadSchema,
    onUploadProgress,
  });
}

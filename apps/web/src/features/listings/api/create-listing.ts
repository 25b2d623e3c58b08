import { ListingDetailsSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';
import { listingFormData, type SaveListingInput } from './listing-form-data.ts';

/** Adds a property (created Pending); multipart with the photo. */
export function createListing(input: SaveListingInput) {
  return apiRequest('/api/v1/listings', {
    method: 'POST',
    body: listingFormData(input),
    schema: ListingDetailsSchema,
    onUploadProgress: input.onUploadProgress,
  });
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

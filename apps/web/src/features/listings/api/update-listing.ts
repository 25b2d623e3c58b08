import { ListingDetailsSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';
import { listingFormData, type SaveListingInput } from './listing-form-data.ts';

/** Updates the agent's own property; its status stays as it is. */
export function updateListing(id: string, input: SaveListingInput) {
  return apiRequest(`/api/v1/listings/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: listingFormData(input),
    schema: ListingDetailsSchema,
    onUploadProgress: input.onUploadProgress,
  });
}

export function useUpdateListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveListingInput) => updateListing(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(listingKeys.details(id), saved);
      return queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}

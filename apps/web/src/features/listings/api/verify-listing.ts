import { ListingDetailsSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

/** Admin decision on a Pending property: verify it. */
export function verifyListing(id: string) {
  return apiRequest(`/api/v1/listings/${encodeURIComponent(id)}/verify`, {
    method: 'POST',
    schema: ListingDetailsSchema,
  });
}

export function useVerifyListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

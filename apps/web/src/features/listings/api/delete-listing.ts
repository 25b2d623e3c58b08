import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

/** Deletes the agent's own property (refused once an offer on it was accepted or paid). */
export function deleteListing(id: string) {
  return apiRequest(`/api/v1/listings/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

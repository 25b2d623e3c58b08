import { ListingDetailsSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

/** Admin decision on a Pending property: reject it, optionally telling the agent why. */
export function rejectListing({ id, reason }: { id: string; reason?: string }) {
  return apiRequest(`/api/v1/listings/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: reason?.trim() ? { reason: reason.trim() } : {},
    schema: ListingDetailsSchema,
  });
}

export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

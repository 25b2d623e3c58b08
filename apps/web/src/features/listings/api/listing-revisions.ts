import { ListingRevisionSchema, PendingRevisionPageSchema } from '@basha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

// The admins' review of edits to verified listings (ADR 32). Keys live under the listings
// root, so every listing change refreshes them and a decision refreshes every listing.
const revisionKeys = {
  pending: () => [...listingKeys.all, 'revisions', 'pending'] as const,
  one: (id: string) => [...listingKeys.all, 'revisions', id] as const,
};

const revisionUrl = (id: string) => `/api/v1/admin/listing-revisions/${encodeURIComponent(id)}`;

/** The newest pending revisions (one page of 100: the queue is worked down, not browsed). */
export function usePendingRevisions() {
  return useQuery({
    queryKey: revisionKeys.pending(),
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/admin/listing-revisions?limit=100', {
        schema: PendingRevisionPageSchema,
        signal,
      }),
  });
}

/** One revision, field by field old → new. */
export function useListingRevision(id: string) {
  return useQuery({
    queryKey: revisionKeys.one(id),
    queryFn: ({ signal }) => apiRequest(revisionUrl(id), { schema: ListingRevisionSchema, signal }),
  });
}

function useRevisionDecision<Input>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // A conflict (another admin decided first) refreshes the queue too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

export function useApproveRevision() {
  return useRevisionDecision((id: string) =>
    apiRequest(`${revisionUrl(id)}/approve`, { method: 'POST', schema: ListingRevisionSchema }),
  );
}

export function useRejectRevision() {
  return useRevisionDecision(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(`${revisionUrl(id)}/reject`, {
      method: 'POST',
      body: { reason: reason.trim() },
      schema: ListingRevisionSchema,
    }),
  );
}

import { type Review, ReviewPageSchema } from '@basha/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewsKey } from './keys.ts';

/** My review of one listing, or null: a listing takes one review from each buyer. */
export async function getMyReviewOf(
  listingId: string,
  signal?: AbortSignal,
): Promise<Review | null> {
  const page = await apiRequest(
    `/api/v1/reviews/mine?listingId=${encodeURIComponent(listingId)}&limit=1`,
    { schema: ReviewPageSchema, signal },
  );
  return page.items[0] ?? null;
}

/** Asked only for a buyer (`enabled`); under the reviews key, so writing or deleting one refreshes it. */
export function useMyReviewOf(listingId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewsKey, 'mine', 'of', listingId],
    queryFn: ({ signal }) => getMyReviewOf(listingId, signal),
    enabled,
  });
}

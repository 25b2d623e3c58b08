import { ReviewSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewsKey } from './keys.ts';

/** Puts a review on the home page strip, or takes it off (admin; at most 3 featured). */
export function setReviewFeatured({ reviewId, featured }: { reviewId: string; featured: boolean }) {
  return apiRequest(`/api/v1/reviews/${encodeURIComponent(reviewId)}/featured`, {
    method: featured ? 'PUT' : 'DELETE',
    schema: ReviewSchema,
  });
}

export function useSetReviewFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewFeatured,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

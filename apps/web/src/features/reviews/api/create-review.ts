import { type CreateReviewInput, ReviewSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewsKey } from './keys.ts';

export function createReview(listingId: string, input: CreateReviewInput) {
  return apiRequest(`/api/v1/listings/${encodeURIComponent(listingId)}/reviews`, {
    method: 'POST',
    body: input,
    schema: ReviewSchema,
  });
}

export function useCreateReview(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => createReview(listingId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

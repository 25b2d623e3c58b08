import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewsKey } from './keys.ts';

/** A user deletes their own review; an admin any review. */
export function deleteReview(reviewId: string) {
  return apiRequest(`/api/v1/reviews/${encodeURIComponent(reviewId)}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

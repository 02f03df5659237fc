import { honeypotField, type Review, type ReviewInput } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicReviewsQueryKey } from './get-reviews';

export type CreateReviewInput = ReviewInput & { [honeypotField]?: string };

/** POST /api/review; on success the public list is refreshed. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => api.post<Review>('/api/review', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicReviewsQueryKey }),
  });
}

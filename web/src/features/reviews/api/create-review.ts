import type { honeypotField, Review, ReviewInput } from '@site/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { publicReviews } from '#web/lib/public-lists.ts';

export type CreateReviewInput = ReviewInput & { [honeypotField]?: string };

/** POST /api/review; on success the public list is refreshed (a review shows once approved). */
export function useCreateReview() {
  return useMutation({
    mutationFn: (input: CreateReviewInput) => api.post<Review>('/api/review', input),
    onSuccess: () => publicReviews.refresh(),
  });
}

import type { PublicReview } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const publicReviewsQueryKey = ['reviews', 'public'] as const;

/** GET /api/reviews: the approved reviews, newest first. */
export const publicReviewsQuery = queryOptions({
  queryKey: publicReviewsQueryKey,
  queryFn: () => api.get<PublicReview[]>('/api/reviews'),
});

export function usePublicReviews() {
  return useQuery(publicReviewsQuery);
}

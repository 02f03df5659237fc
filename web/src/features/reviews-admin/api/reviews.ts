import type { Review } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { publicReviews } from '#web/lib/public-lists.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { removeFromList, replaceInList } from '#web/lib/admin/list-cache.ts';
import { listQueryOptions, useAdminList } from '#web/lib/admin/list-query.ts';

export const allReviewsQuery = listQueryOptions<Review>('reviews', '/api/reviews/all');
export const useAllReviews = () => useAdminList(allReviewsQuery);

/** Approving refreshes both the all-reviews list and the public list. */
export function useApproveReview() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.post<Review>(`/api/review/${encodeURIComponent(id)}/approve`),
    onSuccess: (review) => {
      replaceInList(queryClient, 'reviews', review);
      toast({ title: 'Success', message: 'Review approved successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to approve review', variant: 'error' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.list('reviews') }), publicReviews.refresh()]),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/review/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      removeFromList(queryClient, 'reviews', id);
      toast({ title: 'Success', message: 'Review deleted successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to delete review', variant: 'error' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.list('reviews') }), publicReviews.refresh()]),
  });
}

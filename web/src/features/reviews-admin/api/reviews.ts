import type { Review } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { publicReviews } from '../../../lib/public-lists';
import { adminKeys } from '../../../lib/admin/admin-keys';
import { removeFromList, replaceInList } from '../../../lib/admin/list-cache';
import { listQueryOptions, useAdminList } from '../../../lib/admin/list-query';

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

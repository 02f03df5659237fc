import type { QuoteRequest, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { adminKeys } from './admin-keys';
import { removeFromList } from './list-cache';
import { listQueryOptions, useAdminList } from './list-query';

export const quoteRequestsUrl = '/api/quote-requests';
export const quoteRequestsQuery = listQueryOptions<WithMessages<QuoteRequest>>('quote_requests', quoteRequestsUrl);
export const useQuoteRequests = () => useAdminList(quoteRequestsQuery);

// The spec has no quote tab; its messages follow the inquiry ones word for word.
export function useDeleteQuoteRequest() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/quote-request/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      removeFromList(queryClient, 'quote_requests', id);
      toast({ title: 'Success', message: 'Quote request deleted successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to delete quote request', variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.list('quote_requests') }),
  });
}

import type { QuoteRequest, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { adminKeys, type LeadListFilter } from '#web/lib/admin/admin-keys.ts';
import { removeFromList } from '#web/lib/admin/list-cache.ts';
import { leadListQueryOptions, useLeadList } from './lead-list';

export const quoteRequestsUrl = '/api/quote-requests';
export const quoteRequestsQuery = (filter: LeadListFilter = {}) =>
  leadListQueryOptions<WithMessages<QuoteRequest>>('quote_requests', quoteRequestsUrl, filter);
/** Newest first; with a filter, only the quote requests with that status or matching that search. */
export const useQuoteRequests = (filter: LeadListFilter = {}) => useLeadList(quoteRequestsQuery(filter));

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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list('quote_requests') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.leadStats }),
      ]),
  });
}

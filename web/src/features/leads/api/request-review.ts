import type { Inquiry, QuoteRequest, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { adminKeys, type LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { replaceInList } from '#web/lib/admin/list-cache.ts';

const kinds: Record<LeadCollection, 'inquiry' | 'quote'> = { project_inquiries: 'inquiry', quote_requests: 'quote' };

/**
 * Asks a won lead's customer for a review (POST /api/leads/{kind}/{id}/review-request): the
 * card shows the request in its history and the email in its messages at once.
 */
export function useRequestReview(collection: LeadCollection) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<WithMessages<Inquiry | QuoteRequest>>(`/api/leads/${kinds[collection]}/${encodeURIComponent(id)}/review-request`),
    onSuccess: (lead) => {
      replaceInList(queryClient, collection, lead);
      toast({ title: 'Success', message: `Review request sent to ${lead.email}`, variant: 'default' });
    },
    // The server says why not: not won, unsubscribed, already asked.
    onError: (error) => toast({ title: 'Error', message: `Failed to request a review: ${errorText(error)}`, variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.leadLists(collection) }),
  });
}

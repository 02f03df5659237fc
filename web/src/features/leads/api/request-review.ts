import type { Inquiry, QuoteRequest, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useToast } from '../../../lib/toast';
import { adminKeys, type LeadCollection } from '../../../lib/admin/admin-keys';
import { replaceInList } from '../../../lib/admin/list-cache';

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

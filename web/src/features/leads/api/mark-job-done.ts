import type { Inquiry, QuoteRequest, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { adminKeys, type LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { replaceInList } from '#web/lib/admin/list-cache.ts';

const kinds: Record<LeadCollection, 'inquiry' | 'quote'> = { project_inquiries: 'inquiry', quote_requests: 'quote' };

/**
 * Marks a won lead's job done on a day (POST /api/leads/{kind}/{id}/job-done): the card shows
 * "Job done" in its history at once, and offers "Request a review" from then.
 */
export function useMarkJobDone(collection: LeadCollection) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: string }) =>
      api.post<WithMessages<Inquiry | QuoteRequest>>(`/api/leads/${kinds[collection]}/${encodeURIComponent(id)}/job-done`, { on }),
    onSuccess: (lead) => {
      replaceInList(queryClient, collection, lead);
      toast({ title: 'Success', message: 'Job marked done', variant: 'default' });
    },
    // The server says why not: not won, marked already, a day after today.
    onError: (error) => toast({ title: 'Error', message: `Failed to mark the job done: ${errorText(error)}`, variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.leadLists(collection) }),
  });
}

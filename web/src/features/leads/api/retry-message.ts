import type { MessageDelivery, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { errorText } from '#web/lib/error-text.ts';
import { adminKeys, type LeadCollection } from '#web/lib/admin/admin-keys.ts';
import type { ListData } from '#web/lib/admin/list-query.ts';

export type { LeadCollection } from '#web/lib/admin/admin-keys.ts';

/**
 * Queues a failed email or SMS again (POST /api/messages/:id/retry). The card shows it queued
 * at once; the send's outcome arrives as a live update of the lead's list.
 */
export function useRetryMessage(collection: LeadCollection) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.post<MessageDelivery>(`/api/messages/${encodeURIComponent(id)}/retry`),
    onSuccess: (message) => {
      queryClient.setQueriesData<ListData<WithMessages<{ id: string }>>>(
        { queryKey: adminKeys.leadLists(collection) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((lead) =>
                lead.messages.some((m) => m.id === message.id)
                  ? { ...lead, messages: lead.messages.map((m) => (m.id === message.id ? message : m)) }
                  : lead,
              ),
            })),
          },
      );
      toast({ title: 'Success', message: 'Message queued to be sent again', variant: 'default' });
    },
    // The server's reason (e.g. 409 when it was retried meanwhile) tells staff what happened.
    onError: (error) => toast({ title: 'Error', message: `Failed to retry the message: ${errorText(error)}`, variant: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list(collection) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.deliveryStatus }),
      ]),
  });
}

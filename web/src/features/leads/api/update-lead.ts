import { leadStatusLabels, type Inquiry, type LeadUpdate, type QuoteRequest, type WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { errorText } from '#web/lib/error-text.ts';
import { adminKeys, type LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { replaceInList } from '#web/lib/admin/list-cache.ts';

const paths: Record<LeadCollection, string> = {
  project_inquiries: '/api/project-inquiry',
  quote_requests: '/api/quote-request',
};

/** What the toast calls a change: the new status, the note, or both. */
function doneText(update: LeadUpdate): string {
  const status = update.status ? `Status changed to ${leadStatusLabels[update.status]}` : '';
  if (status && update.note) return `${status}, note added`;
  return status || 'Note added';
}

/**
 * Changes a lead's status and/or adds a note (PATCH /api/project-inquiry/:id or
 * /api/quote-request/:id). The card shows the answer at once; the refetch moves it out of a
 * list filtered by its old status and updates the counts and the header's figures.
 */
export function useUpdateLead(collection: LeadCollection) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: LeadUpdate }) =>
      api.patch<WithMessages<Inquiry | QuoteRequest>>(`${paths[collection]}/${encodeURIComponent(id)}`, update),
    onSuccess: (lead, { update }) => {
      replaceInList(queryClient, collection, lead);
      toast({ title: 'Success', message: doneText(update), variant: 'default' });
    },
    // The server's reason (a note too long, a lead deleted meanwhile) tells staff what went wrong.
    onError: (error) => toast({ title: 'Error', message: `Failed to update the lead: ${errorText(error)}`, variant: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list(collection) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.leadStats }),
      ]),
  });
}

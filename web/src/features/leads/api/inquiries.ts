import type { Inquiry, WithMessages } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { adminKeys, type LeadListFilter } from '#web/lib/admin/admin-keys.ts';
import { removeFromList } from '#web/lib/admin/list-cache.ts';
import { leadListQueryOptions, useLeadList } from './lead-list';

export const inquiriesUrl = '/api/project-inquiries';
export const inquiriesQuery = (filter: LeadListFilter = {}) =>
  leadListQueryOptions<WithMessages<Inquiry>>('project_inquiries', inquiriesUrl, filter);
/** Newest first; with a filter, only the inquiries with that status or matching that search. */
export const useInquiries = (filter: LeadListFilter = {}) => useLeadList(inquiriesQuery(filter));

export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/project-inquiry/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      removeFromList(queryClient, 'project_inquiries', id);
      toast({ title: 'Success', message: 'Inquiry deleted successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to delete inquiry', variant: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list('project_inquiries') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.leadStats }),
      ]),
  });
}

import type { GoLiveChecklist, MessageChannel } from '@site/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { settingsQuery, settingsQueryKey, type AdminSettings } from '#web/lib/admin/settings-query.ts';
import { api } from '#web/lib/api-client.ts';

export interface TestOutcome {
  to: string;
  sent: boolean;
  detail: string;
}

const goLiveKey = adminKeys.goLive;

/** Checklists from the dashboard's first answer (GET /api/dashboard) that no card has shown yet. */
const unshown = new WeakSet<GoLiveChecklist>();

/** Keeps the checklist GET /api/dashboard answered: the card's first showing uses it rather than asking again. */
export function seedGoLiveChecklist(queryClient: QueryClient, checklist: GoLiveChecklist) {
  unshown.add(checklist);
  queryClient.setQueryData(goLiveKey, checklist);
}

/**
 * GET /api/settings/checklist: what still stands between the site and real customers. Read
 * again each time the card is shown (it is remounted with each tab, so a setting saved on the
 * settings tab shows), except the first time after the dashboard's own answer brought it.
 */
export function useGoLiveChecklist() {
  const checklist = useQuery({
    queryKey: goLiveKey,
    queryFn: () => api.get<GoLiveChecklist>('/api/settings/checklist'),
    staleTime: (query) => (query.state.data && unshown.has(query.state.data) ? Infinity : 0),
  });
  // Shown once: the next showing reads it again. (Runs after the query has subscribed.)
  useEffect(() => {
    if (checklist.data) unshown.delete(checklist.data);
  }, [checklist.data]);
  return checklist;
}

/** POST /api/settings/test-message: a test to every staff recipient of a channel, with what each provider answered. */
export const useSendTestMessage = () =>
  useMutation({
    mutationFn: (channel: MessageChannel) => api.post<{ outcomes: TestOutcome[] }>('/api/settings/test-message', { channel }),
  });

/**
 * "We don't use text messages" from the go-live card: PUT /api/settings with the staff
 * notifications as stored, SMS declined. Read fresh first, so the save names the current
 * version and changes nothing else; the checklist and the delivery warning are read again.
 */
export function useDeclineSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const current = await queryClient.fetchQuery({ ...settingsQuery, staleTime: 0 });
      return api.put<AdminSettings>('/api/settings', {
        version: current.version,
        notifications: { ...current.settings.notifications, smsOptOut: true },
      });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goLiveKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.deliveryStatus }),
      ]);
    },
  });
}

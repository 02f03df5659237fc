import type { GoLiveItem, MessageChannel } from '@site/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface GoLiveChecklist {
  items: GoLiveItem[];
  done: boolean;
}

export interface TestOutcome {
  to: string;
  sent: boolean;
  detail: string;
}

const goLiveKey = ['admin', 'go-live'] as const;

/** GET /api/settings/checklist: what still stands between the site and real customers. */
export const useGoLiveChecklist = () =>
  useQuery({ queryKey: goLiveKey, queryFn: () => api.get<GoLiveChecklist>('/api/settings/checklist'), staleTime: 0 });

/** POST /api/settings/test-message: a test to every staff recipient of a channel, with what each provider answered. */
export const useSendTestMessage = () =>
  useMutation({
    mutationFn: (channel: MessageChannel) => api.post<{ outcomes: TestOutcome[] }>('/api/settings/test-message', { channel }),
  });

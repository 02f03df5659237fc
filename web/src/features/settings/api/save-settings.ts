import type { SettingsUpdate } from '@site/domain/settings-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { settingsQueryKey, type AdminSettings } from '#web/lib/admin/settings-query.ts';

/**
 * PUT /api/settings with the version the form started from and the sections it changes. The
 * answer is the whole settings document at its new version, so it replaces the cached one:
 * the next section saved names that version.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) => api.put<AdminSettings>('/api/settings', update),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}

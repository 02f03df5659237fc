import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '#web/lib/admin/settings-query.ts';

export function useSettings() {
  return useQuery(settingsQuery);
}

import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '../../../lib/admin/settings-query';

export function useSettings() {
  return useQuery(settingsQuery);
}

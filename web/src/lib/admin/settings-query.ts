import type { StoredSettings } from '@site/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET /api/settings as an admin sees it: every section, the version a save names, and where the first values came from. */
export interface AdminSettings extends StoredSettings {
  /** The environment variables the server took values from at its first start, when it did. */
  seededFrom?: string[];
}

/**
 * Under ['admin', ...] like the dashboard's other reads, so an admin-wide refresh reads them
 * again too. The Settings tab edits them; the Calendar tab reads the booking hours from them.
 */
export const settingsQueryKey = ['admin', 'settings'] as const;

export const settingsQuery = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: () => api.get<AdminSettings>('/api/settings'),
});

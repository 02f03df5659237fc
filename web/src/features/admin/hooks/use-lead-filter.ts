import { leadStatuses, type LeadStatus } from '@site/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { LeadListFilter } from '../api/admin-keys';

const isStatus = (value: string | null): value is LeadStatus => leadStatuses.some((status) => status === value);

/**
 * A lead tab's filters live in `?status=` and `?q=` beside `?tab=`, so a reload, a shared
 * link or the back button keeps them. Changing one replaces the history entry: typing a
 * search should not add a step per keystroke.
 */
export function useLeadFilter(): [LeadListFilter, (change: LeadListFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const q = searchParams.get('q')?.trim() ?? '';
  const filter = useMemo<LeadListFilter>(() => ({ ...(isStatus(status) ? { status } : {}), ...(q ? { q } : {}) }), [status, q]);
  const update = useCallback(
    (change: LeadListFilter) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          for (const name of ['status', 'q'] as const) {
            if (!(name in change)) continue;
            const value = change[name];
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [filter, update];
}

import { leadStatuses, type LeadStatus } from '@site/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import type { LeadListFilter } from '../../../lib/admin/admin-keys';

const isStatus = (value: string | null): value is LeadStatus => leadStatuses.some((status) => status === value);

/**
 * A lead tab's filters live in `?status=` and `?q=`, or `?overdue=1`, beside `?tab=`, so a
 * reload, a shared link or the back button keeps them. Overdue stands alone (the API lists
 * those leads by their follow-up time, which a status or search cannot combine with): choosing
 * it drops the others, and choosing a status or a search drops it. Changing one replaces the
 * history entry: typing a search should not add a step per keystroke.
 */
export function useLeadFilter(): [LeadListFilter, (change: LeadListFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const q = searchParams.get('q')?.trim() ?? '';
  const overdue = searchParams.get('overdue') === '1';
  const filter = useMemo<LeadListFilter>(
    () => (overdue ? { overdue } : { ...(isStatus(status) ? { status } : {}), ...(q ? { q } : {}) }),
    [status, q, overdue],
  );
  const update = useCallback(
    (change: LeadListFilter) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (change.overdue) {
            next.delete('status');
            next.delete('q');
            next.set('overdue', '1');
            return next;
          }
          if ('status' in change || 'q' in change || 'overdue' in change) next.delete('overdue');
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

/** The dashboard address of a lead tab showing its overdue leads (the header's link). */
export const overdueLeadsHref = (tab: 'inquiries' | 'quotes') => `${paths.admin}?tab=${tab}&overdue=1`;

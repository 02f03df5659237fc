import { leadStatuses, recordIdPattern, type LeadStatus } from '@site/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import type { LeadListFilter } from '#web/lib/admin/admin-keys.ts';

const isStatus = (value: string | null): value is LeadStatus => leadStatuses.some((status) => status === value);

/** How staff emails sent before `?lead=` linked a lead: `#lead-{id}`. */
const hashLinkPrefix = '#lead-';

/** The lead id of an older email's `#lead-{id}`, if the address has one. */
function leadOfHash(hash: string): string | undefined {
  const id = hash.slice(hashLinkPrefix.length);
  return hash.startsWith(hashLinkPrefix) && recordIdPattern.test(id) ? id : undefined;
}

/** The filter an address asks a lead tab for (see useLeadFilter). */
export function leadFilterOf(searchParams: URLSearchParams, hash: string): LeadListFilter {
  const status = searchParams.get('status');
  const q = searchParams.get('q')?.trim() ?? '';
  const asked = searchParams.get('lead');
  const lead = asked !== null && recordIdPattern.test(asked) ? asked : leadOfHash(hash);
  if (lead) return { lead };
  if (searchParams.get('overdue') === '1') return { overdue: true };
  return { ...(isStatus(status) ? { status } : {}), ...(q ? { q } : {}) };
}

/**
 * A lead tab's filters live in `?status=` and `?q=`, or `?overdue=1`, or `?lead={id}` (the one
 * lead a staff email links to), beside `?tab=`, so a reload, a shared link or the back button
 * keeps them. Overdue stands alone (the API lists those leads by their follow-up time, which a
 * status or search cannot combine with): choosing it drops the others, and choosing a status or
 * a search drops it. A linked lead stands alone too, until staff choose any other filter.
 * Changing one replaces the history entry: typing a search should not add a step per keystroke.
 */
export function useLeadFilter(): [LeadListFilter, (change: LeadListFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { hash } = useLocation();
  const hashLead = leadOfHash(hash);
  const { status, q, overdue, lead } = leadFilterOf(searchParams, hash);
  const filter = useMemo<LeadListFilter>(
    () => (lead ? { lead } : overdue ? { overdue } : { ...(status ? { status } : {}), ...(q ? { q } : {}) }),
    [status, q, overdue, lead],
  );

  const update = useCallback(
    (change: LeadListFilter) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (change.lead) {
            for (const name of ['status', 'q', 'overdue']) next.delete(name);
            next.set('lead', change.lead);
            return next;
          }
          next.delete('lead');
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

  // An older email's `#lead-{id}` becomes `?lead={id}`, the address the tab keeps.
  useEffect(() => {
    if (hashLead) update({ lead: hashLead });
  }, [hashLead, update]);

  return [filter, update];
}

/** The dashboard address of a lead tab showing its overdue leads (the header's link). */
export const overdueLeadsHref = (tab: 'inquiries' | 'quotes') => `${paths.admin}?tab=${tab}&overdue=1`;

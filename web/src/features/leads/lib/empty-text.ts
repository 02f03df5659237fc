import type { LeadListFilter } from '#web/lib/admin/admin-keys.ts';

/** What a lead tab says when its list is empty under `filter`: `noun` e.g. "inquiries", `one` "inquiry". */
export function emptyLeadsText(filter: LeadListFilter, noun: string, one: string): string {
  if (filter.lead) return `This ${one} is no longer here: it may have been deleted`;
  if (filter.overdue) return `No overdue ${noun}`;
  if (filter.status !== undefined || filter.q !== undefined) return `No ${noun} match`;
  return `No ${noun} yet`;
}

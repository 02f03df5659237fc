import type { LeadStatus, LiveCollection } from '@site/domain';

/** The lists whose cards are leads: they carry messages, a status and notes. */
export type LeadCollection = 'project_inquiries' | 'quote_requests';

/** A lead list's filters as the URL holds them; absent means all. */
export interface LeadListFilter {
  status?: LeadStatus;
  q?: string;
  /** The leads still new past their follow-up time, most overdue first; never with a status or search (the API's rule). */
  overdue?: boolean;
  /** One lead by its id, where a staff email links; never with the others (the API's rule). */
  lead?: string;
}

/**
 * Query keys of the admin area. Every list is keyed by its collection name, so a live change
 * event (`{collection}`) names the query to refresh. The 3D Models tab should key its list
 * under `adminKeys.list('models_3d')` to be refreshed the same way.
 */
export const adminKeys = {
  all: ['admin'] as const,
  list: (collection: LiveCollection) => ['admin', collection] as const,
  /**
   * The lead lists, one per filter, under their collection's key so a live change refreshes
   * every filtered page and count; `leadLists` is the prefix of all of them.
   */
  leadLists: (collection: LeadCollection) => ['admin', collection, 'list'] as const,
  leadList: (collection: LeadCollection, filter: LeadListFilter) => ['admin', collection, 'list', filter] as const,
  /** How many leads have each status (with the current search), for the filter chips. */
  statusCounts: (collection: LeadCollection, q: string) => ['admin', collection, 'status-counts', q] as const,
  /** GET /api/leads/stats: refreshed with either lead list. */
  leadStats: ['admin', 'lead-stats'] as const,
  visitsByDay: ['admin', 'visits-by-day'] as const,
  /** GET /api/leads/sources over the last `days` days: the Sources tab, read afresh when shown. */
  leadSources: (days: number) => ['admin', 'lead-sources', days] as const,
  /** GET /api/audit: the Activity tab; not a live collection, so it is read afresh when shown. */
  audit: ['admin', 'audit'] as const,
  /** GET /api/bookings between two instants: the Calendar tab's week; `calendars` is the prefix of every week, which a booking's or block's live change refreshes. */
  calendars: ['admin', 'calendar'] as const,
  calendar: (from: string, to: string) => ['admin', 'calendar', from, to] as const,
  /** GET /api/bookings/feed: the private calendar feed's address. */
  bookingFeed: ['admin', 'booking-feed'] as const,
  /**
   * How many records a counted list holds (its tab label's number), under the list's key so
   * whatever refreshes the list refreshes its count; seeded by GET /api/dashboard.
   */
  count: (collection: LiveCollection) => ['admin', collection, 'count'] as const,
  /** GET /api/dashboard: the dashboard's first screen, which seeds the counts, figures, delivery status and checklist. */
  dashboardStart: ['admin', 'dashboard-start'] as const,
  /** GET /api/settings/checklist: the go-live card. */
  goLive: ['admin', 'go-live'] as const,
  /** GET /api/messages/status; refreshed whenever a lead's list changes, as a send's outcome does. */
  deliveryStatus: ['admin', 'delivery-status'] as const,
};

import type { DeliveryStatus } from './delivery';
import type { GoLiveItem } from './go-live';
import type { LeadStatus } from './enums';
import type { LeadStats, User } from './records';

/** How many records each counted admin list holds: the numbers in the dashboard's tab labels. */
export interface DashboardCounts {
  inquiries: number;
  quotes: number;
  reviews: number;
  visitors: number;
}

/** How many leads of a list have each status. */
export type LeadStatusCounts = Record<LeadStatus, number>;

/** The go-live checklist (GET /api/settings/checklist): what still stands between the site and real customers. */
export interface GoLiveChecklist {
  items: GoLiveItem[];
  done: boolean;
}

/**
 * GET /api/dashboard: the staff dashboard's first screen in one answer, the session with
 * everything above the lead list (the tab counts, the header's figures, the delivery warning's
 * status and the go-live checklist). `dashboard` is null for an admin who must still set up a
 * second factor: the server refuses them the rest until then.
 */
export interface DashboardStart {
  user: User;
  dashboard: {
    counts: DashboardCounts;
    /** How many leads of each list have each status (the lead tabs' status chips, with no search). */
    statusCounts: { inquiries: LeadStatusCounts; quotes: LeadStatusCounts };
    leadStats: LeadStats;
    delivery: DeliveryStatus;
    checklist: GoLiveChecklist;
  } | null;
}

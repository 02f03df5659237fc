import {
  leadStatuses,
  type DashboardStart,
  type DeliveryStatus,
  type LeadStatus,
  type LeadStatusCounts,
  type MessageChannel,
  type User,
} from '@site/domain';
import type { Collection, Store, Where } from '../ports/store';
import { goLiveItems } from './go-live';
import type { LeadService } from './leads';
import type { SettingsService } from './settings';

export interface DashboardDeps {
  store: Store;
  leads: Pick<LeadService, 'stats'>;
  settings: SettingsService;
  /** Whether this server can send each channel; null where a Firebase extension sends. */
  configured: Record<MessageChannel, boolean | null>;
  lastBackupAt?: () => Promise<string | null>;
  now: () => Date;
}

/** The delivery warning's facts (GET /api/messages/status): whether alerts leave, and recent failures. */
export async function deliveryStatus(deps: Pick<DashboardDeps, 'store' | 'settings' | 'configured'>): Promise<DeliveryStatus> {
  const [counts, site] = await Promise.all([deps.store.messages.status(), deps.settings.settings()]);
  return { configured: deps.configured, ...counts, smsOptOut: site.notifications.smsOptOut };
}

/** How many leads of a list have each status: a count query per status. */
async function statusCounts<T extends { id: string; status: LeadStatus }>(leads: Pick<Collection<T>, 'count'>): Promise<LeadStatusCounts> {
  const totals = await Promise.all(leadStatuses.map((status) => leads.count({ status } as Where<T>)));
  return Object.fromEntries(leadStatuses.map((status, i) => [status, totals[i]])) as LeadStatusCounts;
}

/**
 * The staff dashboard's first screen for a signed-in admin, read at once: the tab labels'
 * counts, the lead tabs' status chips' counts, the header's lead figures, the delivery status and the go-live checklist. On a phone
 * each of those was its own round trip, and each one arriving moved the page; together they
 * arrive before the first paint of the dashboard. An admin who must still set up a second
 * factor gets only themselves (the dashboard's data is refused to them until then).
 */
export async function dashboardStart(deps: DashboardDeps, user: User): Promise<DashboardStart> {
  if (user.mfaSetupRequired) return { user, dashboard: null };
  const { store } = deps;
  const [inquiries, quotes, reviews, visitors, inquiryStatuses, quoteStatuses, leadStats, delivery, items] = await Promise.all([
    store.inquiries.count(),
    store.quotes.count(),
    store.reviews.count(),
    store.visitors.count(),
    statusCounts(store.inquiries),
    statusCounts(store.quotes),
    deps.leads.stats(),
    deliveryStatus(deps),
    goLiveItems(deps),
  ]);
  return {
    user,
    dashboard: {
      counts: { inquiries, quotes, reviews, visitors },
      statusCounts: { inquiries: inquiryStatuses, quotes: quoteStatuses },
      leadStats,
      delivery,
      checklist: { items, done: items.every((item) => item.done) },
    },
  };
}

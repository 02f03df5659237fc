import type { DashboardStart, DeliveryStatus, MessageChannel, User } from '@site/domain';
import type { Store } from '../ports/store';
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

/**
 * The staff dashboard's first screen for a signed-in admin, read at once: the tab labels'
 * counts, the header's lead figures, the delivery status and the go-live checklist. On a phone
 * each of those was its own round trip, and each one arriving moved the page; together they
 * arrive before the first paint of the dashboard. An admin who must still set up a second
 * factor gets only themselves (the dashboard's data is refused to them until then).
 */
export async function dashboardStart(deps: DashboardDeps, user: User): Promise<DashboardStart> {
  if (user.mfaSetupRequired) return { user, dashboard: null };
  const { store } = deps;
  const [inquiries, quotes, reviews, visitors, leadStats, delivery, items] = await Promise.all([
    store.inquiries.count(),
    store.quotes.count(),
    store.reviews.count(),
    store.visitors.count(),
    deps.leads.stats(),
    deliveryStatus(deps),
    goLiveItems(deps),
  ]);
  return {
    user,
    dashboard: {
      counts: { inquiries, quotes, reviews, visitors },
      leadStats,
      delivery,
      checklist: { items, done: items.every((item) => item.done) },
    },
  };
}

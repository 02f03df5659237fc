import { counted } from '@site/domain';
import type { Clock } from '../ports/clock';
import type { Collection, Store } from '../ports/store';
import { AuditTrail } from './audit';
import { expireLeads, leadRemover, type RemoveLead } from './privacy';
import type { Attachments } from './attachments';
import type { Uploads } from './uploads';

const day = 24 * 60 * 60 * 1000;

/** Deletes, in pages, every document whose `field` is older than `cutoff`. */
async function deleteOlderThan<T extends { id: string }>(collection: Collection<T>, field: keyof T & string, cutoff: string) {
  let removed = 0;
  for (;;) {
    const page = await collection.find({ orderBy: field, direction: 'asc', lessThan: cutoff, limit: 500 });
    if (!page.items.length) return removed;
    await collection.deleteMany(page.items.map((item) => item.id));
    removed += page.items.length;
  }
}

export interface MaintenanceReport {
  visitors: number;
  /** Unique-visitor markers past the visitor retention, and the salts of days gone. */
  visitorDays: number;
  visitorSalts: number;
  sessions: number;
  tickets: number;
  uploads: number;
  /** Customers' attachments never attached to a submitted lead within a day (and spent upload URLs). */
  attachments: number;
  audit: number;
  /** Sign-ins that never got their second factor, and browsers not seen for months. */
  logins: number;
  /** Won and lost leads past LEAD_RETENTION_MONTHS, with their messages and files (0 when it is off). */
  leads: number;
  leadMessages: number;
  leadFiles: number;
}

export interface Retention {
  visitorRetentionDays: number;
  auditRetentionDays: number;
  /** LEAD_RETENTION_MONTHS; null or absent keeps leads. */
  leadRetentionMonths?: number | null;
  /** How a lead is deleted with its files; the store's lead deletion without files when absent. */
  removeLead?: RemoveLead;
}

/** Where the maintenance's own entries in the audit trail come from. */
const maintenanceOrigin = { ipAddress: '', userAgent: 'maintenance' };

/** LEAD_RETENTION_MONTHS: deletes the won and lost leads past it, and records how many in the audit trail. */
async function expireOldLeads(store: Store, clock: Clock, retention: Retention, attachments?: Pick<Attachments, 'removeForLead'>) {
  if (!retention.leadRetentionMonths) return { leads: 0, leadMessages: 0, leadFiles: 0 };
  const months = retention.leadRetentionMonths;
  // A lead goes as the dashboard's delete takes it: its files first.
  const removeLead = retention.removeLead ?? leadRemover(store, attachments && ((kind, id) => attachments.removeForLead(kind, id)));
  const expiry = await expireLeads(store, clock.now(), months, removeLead);
  const leads = expiry.inquiries + expiry.quoteRequests;
  if (leads) {
    await new AuditTrail(store, clock).record(maintenanceOrigin, { username: 'system' }, 'leads.expired', {
      detail: `older than ${counted(months, 'month', 'months')}: ${[
        counted(expiry.inquiries, 'inquiry', 'inquiries'),
        counted(expiry.quoteRequests, 'quote request', 'quote requests'),
        counted(expiry.messages, 'message', 'messages'),
        counted(expiry.files, 'file', 'files'),
      ].join(', ')}`,
    });
  }
  return { leads, leadMessages: expiry.messages, leadFiles: expiry.files };
}

/** The housekeeping that runs at start and every hour: retention and expiry. */
export async function runMaintenance(
  store: Store,
  uploads: Uploads,
  clock: Clock,
  retention: Retention,
  attachments?: Pick<Attachments, 'sweep' | 'removeForLead'>,
): Promise<MaintenanceReport> {
  const now = clock.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * day).toISOString();
  return {
    visitors: await deleteOlderThan(store.visitors, 'visitedAt', daysAgo(retention.visitorRetentionDays)),
    visitorDays: await deleteOlderThan(store.visitorDays, 'createdAt', daysAgo(retention.visitorRetentionDays)),
    // A salt outlives its Melbourne day by a little (a day is at most 25 hours long anywhere), then goes for good.
    visitorSalts: await deleteOlderThan(store.visitorSalts, 'createdAt', daysAgo(2)),
    sessions: await deleteOlderThan(store.sessions, 'expiresAt', now.toISOString()),
    tickets: await deleteOlderThan(store.uploadTickets, 'expiresAt', new Date(now.getTime() - day).toISOString()),
    uploads: await uploads.sweep(),
    attachments: attachments ? await attachments.sweep() : 0,
    audit: await deleteOlderThan(store.audit, 'at', daysAgo(retention.auditRetentionDays)),
    logins:
      (await deleteOlderThan(store.loginChallenges, 'expiresAt', now.toISOString())) +
      (await deleteOlderThan(store.loginDevices, 'expiresAt', now.toISOString())),
    ...(await expireOldLeads(store, clock, retention, attachments)),
  };
}

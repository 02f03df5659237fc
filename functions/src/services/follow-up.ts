import { addBusinessHours, businessHoursBetween } from '@site/domain/business-hours';
import type { Inquiry, LeadProgress, QuoteRequest } from '@site/domain';
import type { Clock } from '../ports/clock';
import type { NewMessage } from '../ports/messages';
import type { Collection, Store } from '../ports/store';
import { adminLink, staffAlert, type FollowUpSettings, type MessageSettings } from './lead-messages';

// Defined beside MessageSettings, which holds them, so that lead-messages.ts needs nothing from
// this module; also exported here for the modules that run the reminders.
export type { FollowUpSettings } from './lead-messages';

/** The follow-up fields a lead arriving `at` starts with; none while reminders are off. */
export function newLeadFollowUp(at: Date, settings: FollowUpSettings | undefined): Pick<LeadProgress, 'followUpDueAt' | 'followUp'> {
  if (!settings) return {};
  return { followUpDueAt: addBusinessHours(at, settings.afterHours, settings.businessHours).toISOString(), followUp: 'pending' };
}

type FollowUpLead = { kind: 'inquiry'; record: Inquiry } | { kind: 'quote'; record: QuoteRequest };

const hoursFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/**
 * The staff reminder about a lead still new: by email to NOTIFY_EMAIL and SMS to NOTIFY_SMS,
 * "Reminder: {name}'s inquiry has waited {n} business hours" with a link to its card. The
 * hours are those that have passed by `now` (more than the setting when the reminder is late,
 * after the server was down), whole hours once there is at least one.
 */
export function reminderMessages(lead: FollowUpLead, settings: MessageSettings & { followUp: FollowUpSettings }, now: Date): NewMessage[] {
  const { record } = lead;
  const name = `${record.firstName} ${record.lastName}`;
  const createdAt = new Date(record.createdAt);
  const waited = Math.max(settings.followUp.afterHours, businessHoursBetween(createdAt, now, settings.followUp.businessHours));
  const hours = waited >= 1 ? Math.floor(waited) : waited;
  const what = lead.kind === 'inquiry' ? 'inquiry' : 'quote request';
  const subject = `Reminder: ${name}'s ${what} has waited ${hoursFormat.format(hours)} business ${hours === 1 ? 'hour' : 'hours'}`;
  const contact =
    lead.kind === 'inquiry'
      ? [
          { label: 'Email', value: lead.record.email, href: `mailto:${lead.record.email}` },
          { label: 'Phone', value: lead.record.phone },
        ]
      : [
          { label: 'Email', value: lead.record.email, href: `mailto:${lead.record.email}` },
          { label: 'Suburb', value: lead.record.suburb },
        ];
  const drafts = staffAlert(settings, {
    subject,
    intro: subject,
    fields: [{ label: 'Name', value: name }, ...contact, { label: 'Status', value: 'New (nobody has changed it yet)' }],
    receivedAt: createdAt,
    link: adminLink(settings, lead.kind === 'inquiry' ? 'inquiries' : 'quotes', record.id),
    sms: `${subject}. ${lead.kind === 'inquiry' ? lead.record.phone : lead.record.email}.`,
  });
  // `-r1`, `-r2`...: beside the lead's own messages (`-1`, `-2`...) and never the same ids.
  return drafts.map((draft, i) => ({ ...draft, id: `${record.id}-r${i + 1}` }));
}

const pageSize = 100;

export interface FollowUpDeps {
  store: Store;
  /** Read at each run: hours, delay and recipients may have changed in the settings since. */
  settings: () => Promise<MessageSettings>;
  clock: Clock;
  /** Tells the embedded sender that messages were queued. */
  wake?: () => void;
}

/**
 * Sends each lead's follow-up reminder once its time has come: the leads still `new` with a
 * reminder pending and due, oldest due first. Each is claimed and its messages queued in one
 * transaction (MessageStore.remindLead), so a restart, a second run at the same moment or a
 * status change just before never sends one twice or after the lead was answered. Returns
 * how many reminders were queued.
 */
export async function sendDueReminders({ store, settings: read, clock, wake }: FollowUpDeps): Promise<number> {
  const settings = await read();
  const followUp = settings.followUp;
  // With nobody to tell, leads stay pending: staff added later hear of them then.
  if (!followUp || (!settings.staffEmails.length && !settings.staffPhones.length)) return 0;
  const now = clock.now();
  // Due at or before now: the range's end is exclusive.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  let sent = 0;
  const kinds = [
    { kind: 'inquiry', collection: store.inquiries },
    { kind: 'quote', collection: store.quotes },
  ] as const;
  for (const { kind, collection } of kinds) {
    let after: string | undefined;
    do {
      const page = await (collection as Collection<Inquiry | QuoteRequest>).find({
        where: { status: 'new', followUp: 'pending' },
        orderBy: 'followUpDueAt',
        direction: 'asc',
        lessThan: dueBefore,
        limit: pageSize,
        after,
      });
      for (const record of page.items) {
        const lead = { kind, record } as FollowUpLead;
        const messages = reminderMessages(lead, { ...settings, followUp }, now);
        if (await store.messages.remindLead(kind, record.id, messages, now.toISOString())) sent += 1;
      }
      after = page.next;
    } while (after);
  }
  if (sent) wake?.();
  return sent;
}

/**
 * Moves the follow-up due time of every lead still waiting for its reminder to what `followUp`
 * gives (after the business hours, closures or delay changed in the settings), counted from
 * its arrival. Returns how many moved.
 */
export async function rescheduleFollowUps(store: Store, followUp: FollowUpSettings): Promise<number> {
  let moved = 0;
  for (const collection of [store.inquiries, store.quotes] as Array<Collection<Inquiry | QuoteRequest>>) {
    // The ids first: the pages are ordered by the due time this changes.
    const waiting: Array<Inquiry | QuoteRequest> = [];
    let after: string | undefined;
    do {
      const page = await collection.find({
        where: { status: 'new', followUp: 'pending' },
        orderBy: 'followUpDueAt',
        direction: 'asc',
        limit: pageSize,
        after,
      });
      waiting.push(...page.items);
      after = page.next;
    } while (after);
    for (const lead of waiting) {
      const due = addBusinessHours(new Date(lead.createdAt), followUp.afterHours, followUp.businessHours).toISOString();
      if (due === lead.followUpDueAt) continue;
      // Only while it still waits: a reminder sent or a status changed meanwhile is left alone.
      if (await collection.updateIf(lead.id, { status: 'new', followUp: 'pending' }, { followUpDueAt: due })) moved++;
    }
  }
  return moved;
}

/**
 * What makes a lead overdue at `now`: still new, and its follow-up time (`followUpDueAt`) not
 * after `now`, i.e. before the next millisecond. Leads without one (reminders off) never are.
 */
export const overdueQuery = (now: Date) => ({ status: 'new', before: new Date(now.getTime() + 1).toISOString() }) as const;

/** How many inquiries and how many quote requests are still new past their follow-up time. */
export async function countOverdue(store: Store, now: Date): Promise<{ inquiries: number; quotes: number }> {
  const { status, before } = overdueQuery(now);
  const range = { field: 'followUpDueAt', from: '', to: before } as const;
  const [inquiries, quotes] = await Promise.all([store.inquiries.count({ status }, range), store.quotes.count({ status }, range)]);
  return { inquiries, quotes };
}

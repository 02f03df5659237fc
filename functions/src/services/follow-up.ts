import { addBusinessHours, businessHoursBetween, nextOpening } from '@site/domain/business-hours';
import { limits, type Inquiry, type LeadProgress, type QuoteRequest } from '@site/domain';
import type { Clock } from '../ports/clock';
import { formatDateTime } from './days';
import type { NewMessage } from '../ports/messages';
import type { Collection, Store } from '../ports/store';
import {
  adminLink,
  emailBusiness,
  renderEmail,
  leadMessageId,
  senderOf,
  staffAlert,
  type Field,
  type FollowUpSettings,
  type MessageSettings,
} from './lead-messages';

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

/** The leads listed one by one in a digest of held reminders; the rest are counted. */
const digestListed = 50;

/**
 * The one staff email about the leads whose reminders fell due while the staff had no address
 * or mobile in the settings: each with its wait and a link to its card, so the first address
 * saved gets one email, not a reminder per lead waiting. Email only (an SMS cannot list them).
 */
export function heldRemindersDigest(settings: MessageSettings, held: readonly FollowUpLead[]): Omit<NewMessage, 'id'>[] {
  const count = held.length;
  const subject = `Reminder: ${count} ${count === 1 ? 'lead has' : 'leads have'} waited for a first contact`;
  const intro = `Before a staff address was set, ${count === 1 ? 'this lead' : `these ${count} leads`} passed ${count === 1 ? 'its' : 'their'} follow-up time still new`;
  const fields: Field[] = held.slice(0, digestListed).map(({ kind, record }) => ({
    label: `${record.firstName} ${record.lastName}`,
    value: `${kind === 'inquiry' ? 'inquiry' : 'quote request'} received ${formatDateTime(new Date(record.createdAt))}`,
    href: adminLink(settings, kind === 'inquiry' ? 'inquiries' : 'quotes', record.id),
  }));
  if (count > digestListed) fields.push({ label: 'And', value: `${count - digestListed} more in the dashboard` });
  const link = `${settings.siteUrl}/admin?tab=inquiries&overdue=1`;
  const { html, text } = renderEmail({
    preheader: `${intro}.`,
    heading: subject,
    paragraphs: [`${intro}:`],
    summary: fields,
    action: { label: 'Open the dashboard', url: link },
    business: emailBusiness(settings),
  });
  const sender = senderOf(settings);
  return settings.staffEmails.map((to) => ({ channel: 'email', audience: 'staff', to, subject, text, html, sender }));
}

type LeadKinds = ReadonlyArray<{ kind: FollowUpLead['kind']; collection: Collection<Inquiry | QuoteRequest> }>;
const kindsOf = (store: Store): LeadKinds => [
  { kind: 'inquiry', collection: store.inquiries as Collection<Inquiry | QuoteRequest> },
  { kind: 'quote', collection: store.quotes as Collection<Inquiry | QuoteRequest> },
];

/** Every lead still new whose reminder is in `state` (and, given `dueBefore`, due before it), oldest due first. */
async function waitingLeads(store: Store, state: 'pending' | 'held', dueBefore?: string): Promise<FollowUpLead[]> {
  const found: FollowUpLead[] = [];
  for (const { kind, collection } of kindsOf(store)) {
    let after: string | undefined;
    do {
      const page = await collection.find({
        where: { status: 'new', followUp: state },
        orderBy: 'followUpDueAt',
        direction: 'asc',
        ...(dueBefore ? { lessThan: dueBefore } : {}),
        limit: pageSize,
        after,
      });
      found.push(...page.items.map((record) => ({ kind, record }) as FollowUpLead));
      after = page.next;
    } while (after);
  }
  return found;
}

/**
 * A lead a customer booked a site measure for counts as contacted (domain `bookedLeadProgress`).
 * Leads booked before that rule still wait as new: the first time their reminder falls due they
 * become contacted instead, with no reminder. True when it was such a lead.
 */
async function settleBooked(store: Store, lead: FollowUpLead): Promise<boolean> {
  if (lead.kind !== 'quote' || !lead.record.bookingId) return false;
  const at = lead.record.createdAt;
  await store.quotes.transform(lead.record.id, (current) =>
    current.status !== 'new' || current.followUp !== 'pending'
      ? null
      : {
          status: 'contacted',
          firstContactAt: at,
          followUp: 'reminded',
          history:
            current.history.length >= limits.leadHistoryMax
              ? current.history
              : [...current.history, { at, by: 'website', event: 'measure-booked' }],
        },
  );
  return true;
}

/**
 * Sends each lead's follow-up reminder once its time has come: the leads still `new` with a
 * reminder pending and due, oldest due first. Each is claimed and its messages queued in one
 * transaction (MessageStore.remindLead), so a restart, a second run at the same moment or a
 * status change just before never sends one twice or after the lead was answered.
 *
 * Quiet hours: reminders go out only while the business is open (the settings' hours and
 * closures, Melbourne time); one that falls due outside them waits for the next opening. With
 * nobody to tell (no staff address or mobile), the leads that fall due are held
 * (`followUp: 'held'`); once someone is, those still new go in one digest email rather than a
 * reminder each. Returns how many reminders (a digest counting one) were queued.
 */
export async function sendDueReminders({ store, settings: read, clock, wake }: FollowUpDeps): Promise<number> {
  const settings = await read();
  const followUp = settings.followUp;
  if (!followUp) return 0;
  const now = clock.now();
  // Due at or before now: the range's end is exclusive.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  if (!settings.staffEmails.length && !settings.staffPhones.length) {
    for (const lead of await waitingLeads(store, 'pending', dueBefore)) {
      if (await settleBooked(store, lead)) continue;
      const collection = lead.kind === 'inquiry' ? store.inquiries : store.quotes;
      await (collection as Collection<Inquiry | QuoteRequest>).updateIf(
        lead.record.id,
        { status: 'new', followUp: 'pending' },
        { followUp: 'held' },
      );
    }
    return 0;
  }
  if (nextOpening(now, followUp.businessHours).getTime() > now.getTime()) return 0;
  let sent = 0;
  const at = now.toISOString();
  const claimed: FollowUpLead[] = [];
  for (const lead of await waitingLeads(store, 'held')) {
    const collection = (lead.kind === 'inquiry' ? store.inquiries : store.quotes) as Collection<Inquiry | QuoteRequest>;
    if (await collection.updateIf(lead.record.id, { status: 'new', followUp: 'held' }, { followUp: 'reminded', followUpRemindedAt: at }))
      claimed.push(lead);
  }
  const digest = claimed.length ? heldRemindersDigest(settings, claimed) : [];
  if (digest.length) {
    const noticeId = `follow-up-digest-${now.getTime().toString(36)}`;
    await store.messages.queueNotice(
      noticeId,
      digest.map((draft, i) => ({ ...draft, id: leadMessageId(noticeId, i + 1) })),
      at,
    );
    sent += 1;
  }
  for (const lead of await waitingLeads(store, 'pending', dueBefore)) {
    if (await settleBooked(store, lead)) continue;
    const messages = reminderMessages(lead, { ...settings, followUp }, now);
    if (await store.messages.remindLead(lead.kind, lead.record.id, messages, at)) sent += 1;
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

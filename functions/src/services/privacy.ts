import {
  nationalPhoneDigits,
  phoneCore,
  normaliseEmail,
  type Booking,
  type Inquiry,
  type LeadConsent,
  type PersonalFile,
  type PersonalMessage,
  type PersonalReviewRequest,
  type PrivacyErasure,
  type PrivacyLookup,
  type PrivacyRecords,
  type QuoteRequest,
} from '@site/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Clock } from '../ports/clock';
import type { BookingRecord } from '../ports/bookings';
import type { ObjectStore } from '../ports/object-store';
import { quotePdfKey } from '../ports/quotes';
import { searchTerm } from '../ports/search';
import type { Collection, ReviewInviteRecord, Store, Where } from '../ports/store';

/** What a lead stores of the optional marketing-consent box: a boolean always, and when it was ticked. */
export function consentOf(ticked: boolean | undefined, at: Date): LeadConsent & { marketingConsent: boolean } {
  return ticked === true ? { marketingConsent: true, marketingConsentAt: at.toISOString() } : { marketingConsent: false };
}

export type LeadKindWithFiles = 'inquiry' | 'quote';

/**
 * How a lead goes, and everything that belongs to it: its messages (queued ones are never
 * sent, sent ones are no longer kept), its review request (its link then answers "This link
 * is not valid"), its files, and the lead with its history. One path for the dashboard's
 * delete, an erasure and retention. Returns what went with it.
 */
export type RemoveLead = (kind: LeadKindWithFiles, id: string) => Promise<LeadRemoval>;

export interface LeadRemoval {
  deleted: boolean;
  files: number;
  messages: number;
  reviewRequests: number;
}

/**
 * The lead deletion path with the store alone: the lead's messages and review request first
 * (so that nothing about it is sent even if a later step fails), the files `deleteFiles`
 * removes (attachments), then the lead.
 */
export function leadRemover(
  store: Store,
  deleteFiles?: (kind: LeadKindWithFiles, id: string) => Promise<number>,
  /** The PDFs kept of the lead's quotes (they carry the customer's name and what they accepted). */
  quotePdfs?: Pick<ObjectStore, 'delete'>,
): RemoveLead {
  return async (kind, id) => {
    const messages = await store.personal.messagesAbout([id]);
    await store.personal.deleteMessages(messages.map((message) => message.id));
    const invites = await reviewRequestsOf(store, [id]);
    for (const invite of invites) await store.reviewInvites.delete(invite.id);
    const files = deleteFiles ? await deleteFiles(kind, id) : 0;
    // A quote request made by a booking takes its visit with it: the time is offered again.
    const booking = kind === 'quote' ? await store.bookings.findOne({ leadId: id }) : null;
    if (booking) await store.bookingSlots.remove(booking.id);
    // Its quotes (prices, and acceptances with the customer's address and browser) go with it.
    const quotes = await store.quoteVersions.find({ where: { leadId: id }, orderBy: 'createdAt', direction: 'desc', limit: 500 });
    if (quotePdfs) {
      const keys = quotes.items.flatMap((quote) =>
        [false, true].flatMap((accepted) => [quotePdfKey(quote.id, accepted), quotePdfKey(quote.id, accepted, 'staff')]),
      );
      await Promise.all(keys.map((key) => quotePdfs.delete(key)));
    }
    await store.quoteVersions.deleteMany(quotes.items.map((quote) => quote.id));
    const deleted = kind === 'inquiry' ? await store.inquiries.delete(id) : await store.quotes.delete(id);
    return { deleted, files, messages: messages.length, reviewRequests: invites.length };
  };
}

/** A booking as the person's records show it: what staff see of it, without the grid cells and the reminder's state. */
function personalBooking(record: BookingRecord): Booking {
  const { cells: _cells, reminder: _reminder, reminderDueAt: _due, ...booking } = record;
  return booking;
}

/** Leads read a page at a time, up to this many pages of a search (200 each): far beyond one person's leads. */
const pageSize = 200;
const maxPages = 50;

/**
 * Every lead one of whose search tokens is `term` and that `matches`: the lead search's index
 * (ports/search.ts) narrows to the few leads sharing the address or number's tokens, and the
 * exact comparison keeps only the person's own (the token of a long address is its first 30
 * characters, and a number's tokens include its parts).
 */
async function leadsMatching<T extends Inquiry | QuoteRequest>(
  collection: Collection<T>,
  term: string,
  matches: (lead: T) => boolean,
): Promise<T[]> {
  const found: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await collection.find({ search: term, orderBy: 'createdAt', direction: 'desc', limit: pageSize, after });
    found.push(...result.items.filter(matches));
    if (!result.next) break;
    after = result.next;
  }
  return found;
}

const filesOf = (leadKind: LeadKindWithFiles, lead: Inquiry | QuoteRequest): PersonalFile[] =>
  (lead.attachments ?? []).map((file) => ({
    leadKind,
    leadId: lead.id,
    name: file.name,
    url: file.url,
    contentType: file.contentType,
    size: file.size,
  }));

/** The review requests sent about these leads (one per won lead, looked up by equality: no index needed). */
async function reviewRequestsOf(store: Store, leadIds: readonly string[]): Promise<ReviewInviteRecord[]> {
  const found: ReviewInviteRecord[] = [];
  for (const leadId of leadIds) {
    const invite = await store.reviewInvites.findOne({ leadId });
    if (invite) found.push(invite);
  }
  return found;
}

const toPersonalRequest = ({ usedAt, reviewId, ...request }: ReviewInviteRecord): PersonalReviewRequest => ({
  leadKind: request.leadKind,
  leadId: request.leadId,
  name: request.name,
  email: request.email,
  createdAt: request.createdAt,
  used: request.used,
  ...(usedAt ? { usedAt } : {}),
  ...(reviewId ? { reviewId } : {}),
});

/** Bookings read a page at a time when looking for a mobile number. */
const bookingScanPage = 500;

/**
 * The bookings made with this mobile number (national digits), however the customer typed it.
 * The number is kept as typed and no index holds its digits, so this reads every booking: a
 * business books a few thousand measures in years, and a privacy request is rare.
 */
async function bookingsByMobile(store: Store, digits: string): Promise<BookingRecord[]> {
  if (!digits) return [];
  const found: BookingRecord[] = [];
  let after: string | undefined;
  do {
    const page = await store.bookings.find({ orderBy: 'createdAt', direction: 'asc', limit: bookingScanPage, after });
    found.push(...page.items.filter((booking) => nationalPhoneDigits(booking.mobile) === digits));
    after = page.next;
  } while (after);
  return found;
}

/** The E.164 form an SMS to this number was sent to, when it is a number at all. */
function e164(phone: string): string | undefined {
  return parsePhoneNumberFromString(phone, 'AU')?.number;
}

export const privacyNotes = {
  visitors:
    'Visitor records hold no names, emails or phone numbers (pages seen, a browser description, an address kept for a limited time, a daily key that changes each day), so none can be matched to a person.',
  reviewsByName:
    'Reviews are matched only by the email a reviewer chose to give; a review without one cannot be matched to a person reliably, since names are not unique. Check the Reviews tab by name if the person wrote one.',
  quotesByPhone:
    'Quote requests do not ask for a phone number: those made by booking a site measure are found by its mobile number; search by email address to find the others.',
  reviewsByPhone: 'Reviews do not ask for a phone number: search by email address to find them.',
} as const;

/** Every record about one email address or phone number: leads, reviews, messages and files. */
export async function findPersonalRecords(store: Store, lookup: PrivacyLookup, now: Date): Promise<PrivacyRecords> {
  let inquiries: Inquiry[];
  let quoteRequests: QuoteRequest[];
  let reviews: PrivacyRecords['reviews'] = [];
  const recipients = new Set<string>();
  const notes: string[] = [];
  if (lookup.email !== undefined) {
    const email = lookup.email;
    const term = searchTerm(email);
    const sameEmail = (lead: { email: string }) => normaliseEmail(lead.email) === email;
    [inquiries, quoteRequests] = term
      ? await Promise.all([leadsMatching(store.inquiries, term, sameEmail), leadsMatching(store.quotes, term, sameEmail)])
      : [[], []];
    const emails = new Set([email, ...inquiries.map((lead) => lead.email), ...quoteRequests.map((lead) => lead.email)]);
    reviews = (await store.personal.reviewsByEmail([...emails])).filter((review) => review.email && normaliseEmail(review.email) === email);
    for (const address of emails) recipients.add(address);
    notes.push(privacyNotes.reviewsByName);
  } else {
    const digits = lookup.phone ?? '';
    // The index holds the core of every number however it was typed (0412..., +61 (0)412...,
    // 0061 412..., with an extension); the exact comparison then keeps the person's own.
    const term = searchTerm(phoneCore(digits));
    inquiries = term ? await leadsMatching(store.inquiries, term, (lead) => nationalPhoneDigits(lead.phone) === digits) : [];
    // A booked site measure asks for a mobile: its quote request is the person's too.
    const booked = await bookingsByMobile(store, digits);
    const made = await Promise.all(booked.map((booking) => store.quotes.get(booking.leadId)));
    quoteRequests = [...new Map(made.flatMap((lead) => (lead ? [[lead.id, lead] as const] : []))).values()];
    for (const form of [digits, e164(digits), ...inquiries.map((lead) => lead.phone), ...inquiries.map((lead) => e164(lead.phone))]) {
      if (form) recipients.add(form);
    }
    notes.push(privacyNotes.quotesByPhone, privacyNotes.reviewsByPhone);
  }
  notes.push(privacyNotes.visitors);

  const leadIds = [...inquiries.map((lead) => lead.id), ...quoteRequests.map((lead) => lead.id)];
  // A review sent through a lead's own review link is the person's even when it gave no email.
  const invites = await reviewRequestsOf(store, leadIds);
  for (const invite of invites) {
    if (!invite.reviewId || reviews.some((review) => review.id === invite.reviewId)) continue;
    const review = await store.reviews.get(invite.reviewId);
    if (review) reviews = [...reviews, review];
  }
  const [to, about] = await Promise.all([store.personal.messagesTo([...recipients]), store.personal.messagesAbout(leadIds)]);
  const messages = new Map<string, PersonalMessage>();
  for (const message of [...about, ...to]) messages.set(message.id, message);
  // The site measures booked online: each made one of the quote requests found.
  const bookings = (
    await Promise.all(quoteRequests.flatMap((lead) => (lead.bookingId ? [store.bookings.get(lead.bookingId)] : [])))
  ).flatMap((booking) => (booking ? [personalBooking(booking)] : []));
  // The customer's photos and plans, as their leads list them.
  const files: PersonalFile[] = [
    ...inquiries.flatMap((lead) => filesOf('inquiry', lead)),
    ...quoteRequests.flatMap((lead) => filesOf('quote', lead)),
  ];
  return {
    lookup,
    generatedAt: now.toISOString(),
    inquiries,
    quoteRequests,
    bookings,
    reviews,
    messages: [...messages.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
    files,
    reviewRequests: invites.map(toPersonalRequest),
    notes,
  };
}

/**
 * Deletes what `findPersonalRecords` found: each lead through the lead deletion path (its
 * files and history go with it), the reviews, and every message to the person or about
 * their leads. Returns how many of each were deleted.
 */
export async function erasePersonalRecords(store: Store, records: PrivacyRecords, removeLead: RemoveLead): Promise<PrivacyErasure> {
  const erased: PrivacyErasure = {
    inquiries: 0,
    quoteRequests: 0,
    reviews: 0,
    messages: 0,
    files: 0,
    reviewRequests: records.reviewRequests.length,
  };
  // Messages first: a lead's messages never outlive it, even if a later step fails.
  const messageIds = records.messages.map((message) => message.id);
  await store.personal.deleteMessages(messageIds);
  erased.messages = messageIds.length;
  for (const lead of records.inquiries) {
    const removed = await removeLead('inquiry', lead.id);
    if (removed.deleted) erased.inquiries++;
    erased.files += removed.files;
  }
  for (const lead of records.quoteRequests) {
    const removed = await removeLead('quote', lead.id);
    if (removed.deleted) erased.quoteRequests++;
    erased.files += removed.files;
  }
  for (const review of records.reviews) if (await store.reviews.delete(review.id)) erased.reviews++;
  return erased;
}

/** What LEAD_RETENTION_MONTHS removed in one run. */
export interface LeadExpiry {
  inquiries: number;
  quoteRequests: number;
  messages: number;
  files: number;
}

/** The moment `months` calendar months before `now` (the 31st going to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/**
 * Deletes won and lost leads whose last change (a status change or note; their arrival when
 * they have none) is more than `months` months old, with their messages and files.
 */
export async function expireLeads(store: Store, now: Date, months: number, removeLead: RemoveLead): Promise<LeadExpiry> {
  const cutoff = monthsBefore(now, months).toISOString();
  const expiry: LeadExpiry = { inquiries: 0, quoteRequests: 0, messages: 0, files: 0 };
  const sweep = async <T extends Inquiry | QuoteRequest>(collection: Collection<T>, kind: LeadKindWithFiles) => {
    let removed = 0;
    for (const status of ['won', 'lost'] as const) {
      for (;;) {
        const page = await collection.find({
          where: { status } as Where<T>,
          orderBy: 'updatedAt',
          direction: 'asc',
          lessThan: cutoff,
          limit: 100,
        });
        if (!page.items.length) break;
        const ids = page.items.map((lead) => lead.id);
        const messages = await store.personal.messagesAbout(ids);
        await store.personal.deleteMessages(messages.map((message) => message.id));
        expiry.messages += messages.length;
        let progressed = false;
        for (const id of ids) {
          const result = await removeLead(kind, id);
          if (result.deleted) {
            removed++;
            progressed = true;
          }
          expiry.files += result.files;
        }
        // A page none of whose leads could be deleted would come back forever.
        if (!progressed) break;
      }
    }
    return removed;
  };
  expiry.inquiries = await sweep(store.inquiries, 'inquiry');
  expiry.quoteRequests = await sweep(store.quotes, 'quote');
  return expiry;
}

/** The Privacy tool's use cases: every record about an email address or phone number, and their erasure. */
export class PrivacyRequests {
  constructor(private readonly deps: { store: Store; clock: Clock; removeLead: RemoveLead }) {}

  find(lookup: PrivacyLookup): Promise<PrivacyRecords> {
    return findPersonalRecords(this.deps.store, lookup, this.deps.clock.now());
  }

  erase(records: PrivacyRecords): Promise<PrivacyErasure> {
    return erasePersonalRecords(this.deps.store, records, this.deps.removeLead);
  }
}

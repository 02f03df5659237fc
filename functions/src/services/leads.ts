import {
  bookedLeadProgress,
  deriveChannel,
  jobDoneMessages,
  jobDoneOn,
  limits,
  newLeadProgress,
  type AttachmentRef,
  type Inquiry,
  type InquiryInput,
  type LeadFilter,
  type LeadHistoryEntry,
  type LeadProgress,
  type LeadStats,
  type LeadUpdate,
  type QuoteInput,
  type QuoteRequest,
  type WithMessages,
} from '@site/domain';
import { ConflictError, InvalidError, NotFoundError } from '../ports/errors';
import type { Clock } from '../ports/clock';
import type { Lead } from '../ports/messages';
import type { ObjectStore } from '../ports/object-store';
import { searchTerm } from '../ports/search';
import type { Collection, Store, Where } from '../ports/store';
import type { Attachments, LeadKind } from './attachments';
import { businessDay } from './days';
import { countOverdue, newLeadFollowUp, overdueQuery, rescheduleFollowUps } from './follow-up';
import {
  capCustomerMessages,
  leadMessageId,
  leadMessages,
  withHtml,
  type Draft,
  type FollowUpSettings,
  type MessageSettings,
} from './lead-messages';
import { consentOf, leadRemover, type RemoveLead } from './privacy';

const day = 24 * 60 * 60 * 1000;
/** The Melbourne calendar day (yyyy-MM-dd) of an instant. */
/** First contacts the dashboard's median reads per kind of lead: bounds the query however busy a month was. */
const medianSampleMax = 500;

/** How one page of leads is read: the order, the filter and the search the list route passes on. */
export interface LeadListQuery<T> {
  orderBy: 'createdAt' | 'followUpDueAt';
  direction: 'asc' | 'desc';
  where?: Where<T>;
  before?: string;
  search?: string;
}

export interface LeadServiceDeps {
  store: Store;
  clock: Clock;
  /** What messages say and who hears of leads, from the business settings as they are now. */
  messageSettings: () => Promise<MessageSettings>;
  attachments: Pick<Attachments, 'attach' | 'detach' | 'settle' | 'removeForLead'>;
  /** Where the lead's quotes' PDFs are kept, deleted with it. */
  objects?: Pick<ObjectStore, 'delete'>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
}

const missing: Record<LeadKind, string> = { inquiry: 'Inquiry not found', quote: 'Quote request not found' };

/** A kind of lead as the dashboard lists it: its pages, its count, one by id. */
export type LeadList<T extends { id: string }> = Pick<Collection<T>, 'find' | 'count' | 'get'>;

/**
 * The leads' use cases, whoever calls them: a customer's inquiry or quote request stored with
 * its files and the messages about it; staff's status changes and notes, deletion and the
 * dashboard's figures. Routes parse the request, call one of these and answer.
 */
export class LeadService {
  /** Deletes a lead with what belongs to it, for the dashboard and an erasure alike. */
  readonly removeLead: RemoveLead;

  /** Project inquiries, for the dashboard's list. */
  readonly inquiries: LeadList<Inquiry>;
  /** Quote requests, for the dashboard's list. */
  readonly quotes: LeadList<QuoteRequest>;

  constructor(private readonly deps: LeadServiceDeps) {
    this.inquiries = deps.store.inquiries;
    this.quotes = deps.store.quotes;
    // Deleting a lead takes what belongs to it (its messages, queued or sent, its review
    // request, its files and its history): the same path as an erasure and retention.
    this.removeLead = leadRemover(deps.store, (kind, id) => deps.attachments.removeForLead(kind, id), deps.objects);
  }

  /** Leads still waiting for their follow-up reminder, due again by new business hours or delay; answers how many moved. */
  rescheduleFollowUps(followUp: FollowUpSettings): Promise<number> {
    return rescheduleFollowUps(this.deps.store, followUp);
  }

  /** A project inquiry, stored (unless `bot`) with its files and messages; 400 for an unknown showroom model or file. */
  async submitInquiry(submitted: InquiryInput, bot: boolean): Promise<Inquiry> {
    const { attachments, ...input } = submitted;
    const modelName = await this.designEnquiredAbout(input);
    const now = this.deps.clock.now();
    const settings = await this.deps.messageSettings();
    const inquiry: Inquiry = {
      id: this.deps.store.newLeadId(),
      ...input,
      ...(modelName ? { modelName } : {}),
      ...this.newLead(input, now, settings),
    };
    if (!bot) await this.recordWithAttachments({ kind: 'inquiry', record: inquiry }, attachments, now, settings);
    return inquiry;
  }

  /** A free-quote request, stored (unless `bot`) with its files and messages. */
  async submitQuote(submitted: QuoteInput, bot: boolean): Promise<QuoteRequest> {
    const { attachments, ...input } = submitted;
    const now = this.deps.clock.now();
    const settings = await this.deps.messageSettings();
    const quote: QuoteRequest = { id: this.deps.store.newLeadId(), ...input, ...this.newLead(input, now, settings) };
    if (!bot) await this.recordWithAttachments({ kind: 'quote', record: quote }, attachments, now, settings);
    return quote;
  }

  /**
   * The quote request a booked site measure makes in the pipeline (`id` and `bookingId` given),
   * stored with its files; its messages are the booking's (`compose`), not a quote's own. The
   * booking is its first contact (`bookedLeadProgress`): it starts `contacted`, never waits as
   * new and has no follow-up reminder. 400 for a file that is not a fresh upload of this API;
   * nothing is stored then.
   */
  async submitBookingQuote(
    submitted: QuoteInput,
    ids: { id: string; bookingId: string },
    compose: (quote: QuoteRequest, settings: MessageSettings, now: Date) => Draft[],
  ): Promise<QuoteRequest> {
    const { attachments, ...input } = submitted;
    const now = this.deps.clock.now();
    const settings = await this.deps.messageSettings();
    const quote: QuoteRequest = { id: ids.id, ...input, bookingId: ids.bookingId, ...this.newLead(input, now, settings, true) };
    await this.recordWithAttachments({ kind: 'quote', record: quote }, attachments, now, settings, compose);
    return quote;
  }

  /** What every new lead starts with: its channel, consent, status, follow-up and time; a `booked` one is contacted already. */
  private newLead(
    input: { source?: InquiryInput['source']; marketingConsent?: boolean },
    now: Date,
    settings: MessageSettings,
    booked = false,
  ) {
    const at = now.toISOString();
    return {
      channel: deriveChannel(input.source),
      ...consentOf(input.marketingConsent, now),
      ...(booked ? bookedLeadProgress(at) : { ...newLeadProgress(at), ...newLeadFollowUp(now, settings.followUp) }),
      createdAt: at,
    };
  }

  /** The name of the showroom model an inquiry names ("Enquire about this design"); 400 for an unknown model or variant. */
  private async designEnquiredAbout({ modelId, variant }: { modelId?: string; variant?: string }): Promise<string | undefined> {
    if (!modelId) {
      if (variant !== undefined) throw new InvalidError('A variant needs a model', { variant: 'A variant needs a model' });
      return undefined;
    }
    const model = await this.deps.store.models.get(modelId);
    if (!model) throw new InvalidError('Unknown model', { modelId: 'Unknown model' });
    if (variant !== undefined && !model.variants.includes(variant))
      throw new InvalidError('Unknown variant', { variant: 'Unknown variant' });
    return model.name;
  }

  /**
   * Stores an inquiry or quote request with the customer's files: they are attached first
   * (400, and nothing stored, for a file that is not a fresh upload of this API or is on another
   * lead), the lead keeps their list, and they are freed again if the lead cannot be stored.
   */
  private async recordWithAttachments(
    lead: Extract<Lead, { kind: LeadKind }>,
    refs: readonly AttachmentRef[] | undefined,
    now: Date,
    settings: MessageSettings,
    compose?: (quote: QuoteRequest, settings: MessageSettings, now: Date) => Draft[],
  ): Promise<void> {
    if (!refs?.length) return this.record(lead, now, settings, compose);
    const { attachments } = this.deps;
    const attached = await attachments.attach(refs, lead.kind, lead.record.id);
    lead.record.attachments = attached;
    try {
      await this.record(lead, now, settings, compose);
    } catch (error) {
      await attachments.detach(attached.map((item) => item.id));
      throw error;
    }
    await attachments.settle(lead.kind, lead.record.id, attached);
  }

  /**
   * Stores a lead (an inquiry, a quote request or a review) with the messages about it, in one
   * transaction, then tells the sender. The daily cap is counted just before: leads from one
   * recipient that arrive at the same moment may each see the same count, which lets a burst
   * exceed it by at most that burst.
   */
  async record(
    lead: Lead,
    now: Date,
    settings?: MessageSettings,
    compose?: (quote: QuoteRequest, settings: MessageSettings, now: Date) => Draft[],
  ): Promise<void> {
    const { store } = this.deps;
    const current = settings ?? (await this.deps.messageSettings());
    const drafts =
      compose && lead.kind === 'quote'
        ? compose(lead.record, current, now).map((draft, i) => ({ ...draft, id: leadMessageId(lead.record.id, i + 1) }))
        : leadMessages(lead, current, now);
    const capped = await capCustomerMessages(drafts, current, now, store.messages);
    // A store that sends what it holds gets the emails' HTML; the others make it when they send.
    const messages = store.messages.keepsLayouts ? capped : capped.map(withHtml);
    await store.messages.insertLead(lead, messages, now.toISOString());
    this.deps.wake?.();
  }

  /** How the admin list of one kind of lead is read for a filter: newest first, or most overdue first. */
  listQuery<T extends Inquiry | QuoteRequest>(filter: LeadFilter): LeadListQuery<T> {
    if (filter.overdue) {
      // The range on the follow-up time has to be the list's order.
      const { status, before } = overdueQuery(this.deps.clock.now());
      return { orderBy: 'followUpDueAt', direction: 'asc', where: { status } as Where<T>, before };
    }
    return {
      orderBy: 'createdAt',
      direction: 'desc',
      where: filter.status ? ({ status: filter.status } as Where<T>) : undefined,
      // A search that normalises to nothing (a lone accent mark) is no search, like an empty box.
      search: filter.q === undefined ? undefined : (searchTerm(filter.q) ?? undefined),
    };
  }

  /**
   * A staff member's status change or note; answers the lead with its messages and what
   * changed, in words for the audit. 404 for an unknown lead, 409 when its history is full.
   */
  async update(
    kind: LeadKind,
    id: string,
    update: LeadUpdate,
    by: string,
  ): Promise<{ lead: WithMessages<Inquiry | QuoteRequest>; change: string }> {
    const collection: Collection<Inquiry | QuoteRequest> = this.collection(kind);
    let full = false;
    const updated = await collection.transform(id, (current) => {
      const patch = leadPatch(current, update, by, this.deps.clock.now().toISOString());
      full = patch === 'full';
      return patch === 'full' ? null : patch;
    });
    if (!updated) throw new NotFoundError(missing[kind]);
    if (full) throw new ConflictError(`This lead already has ${limits.leadHistoryMax} status changes and notes, the most it can keep`);
    const change = [update.status !== undefined && `status: ${update.status}`, update.note !== undefined && 'note added']
      .filter(Boolean)
      .join('; ');
    const messages = await this.deps.store.messages.forLeads([updated.id]);
    return { lead: { ...updated, messages: messages.get(updated.id) ?? [] }, change };
  }

  /**
   * Marks a won lead's job done on `on` (a Melbourne day, yyyy-MM-dd, not after today): a
   * "Job done" entry in its history, from which a review can be asked for. 400 for a day after
   * today, 404 for an unknown lead, 409 unless the lead is won, when it is marked already, or
   * when its history is full.
   */
  async markJobDone(kind: LeadKind, id: string, on: string, by: string): Promise<WithMessages<Inquiry | QuoteRequest>> {
    const now = this.deps.clock.now();
    if (on > businessDay(now)) throw new InvalidError(jobDoneMessages.day, { on: jobDoneMessages.day });
    const at = now.toISOString();
    let refusal: string | undefined;
    const collection: Collection<Inquiry | QuoteRequest> = this.collection(kind);
    const updated = await collection.transform(id, (current) => {
      refusal = undefined;
      if (current.status !== 'won') refusal = jobDoneMessages.notWon;
      else if (jobDoneOn(current.history) !== null) refusal = jobDoneMessages.already;
      else if (current.history.length >= limits.leadHistoryMax)
        refusal = `This lead already has ${limits.leadHistoryMax} status changes and notes, the most it can keep`;
      if (refusal) return null;
      return { history: [...current.history, { at, by, event: 'job-done', on }], updatedAt: at };
    });
    if (!updated) throw new NotFoundError(missing[kind]);
    if (refusal) throw new ConflictError(refusal);
    const messages = await this.deps.store.messages.forLeads([updated.id]);
    return { ...updated, messages: messages.get(updated.id) ?? [] };
  }

  /** Deletes a lead with all that belongs to it; answers who it was, for the audit. 404 for an unknown lead. */
  async remove(kind: LeadKind, id: string): Promise<{ name: string }> {
    const existing = await this.collection(kind).get(id);
    if (!existing) throw new NotFoundError(missing[kind]);
    const removed = await this.removeLead(kind, id);
    if (!removed.deleted) throw new NotFoundError(missing[kind]);
    return { name: `${existing.firstName} ${existing.lastName}` };
  }

  /** The dashboard's figures: leads waiting, overdue follow-ups, and the median wait for a first contact over 30 days. */
  async stats(): Promise<LeadStats> {
    const { store } = this.deps;
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - 30 * day).toISOString();
    const recent = { orderBy: 'firstContactAt', direction: 'desc', atLeast: since, limit: medianSampleMax } as const;
    const [newInquiries, newQuotes, contactedInquiries, contactedQuotes, overdue] = await Promise.all([
      store.inquiries.count({ status: 'new' }),
      store.quotes.count({ status: 'new' }),
      store.inquiries.find(recent),
      store.quotes.find(recent),
      countOverdue(store, now),
    ]);
    const waits = [...contactedInquiries.items, ...contactedQuotes.items].flatMap((lead) =>
      lead.firstContactAt ? [Date.parse(lead.firstContactAt) - Date.parse(lead.createdAt)] : [],
    );
    return {
      waiting: newInquiries + newQuotes,
      overdue: overdue.inquiries + overdue.quotes,
      overdueByList: overdue,
      medianFirstContactMs: median(waits),
      firstContacts: waits.length,
    };
  }

  private collection(kind: LeadKind): Collection<Inquiry> | Collection<QuoteRequest> {
    return kind === 'inquiry' ? this.deps.store.inquiries : this.deps.store.quotes;
  }
}

/**
 * What an update makes of a lead: the status and a history entry for a status change, a
 * note, or both, and `updatedAt`; `firstContactAt` the first time it leaves `new`. Null when nothing changes
 * (the status it already has, no note); 'full' when its history cannot take another entry.
 */
export function leadPatch(current: LeadProgress, update: LeadUpdate, by: string, at: string): Partial<LeadProgress> | null | 'full' {
  const status = update.status !== undefined && update.status !== current.status ? update.status : undefined;
  if (status === undefined && update.note === undefined) return null;
  if (current.history.length >= limits.leadHistoryMax) return 'full';
  const entry: LeadHistoryEntry = { at, by, ...(status ? { status } : {}), ...(update.note !== undefined ? { note: update.note } : {}) };
  const patch: Partial<LeadProgress> = { history: [...current.history, entry], updatedAt: at };
  if (status) patch.status = status;
  if (status && status !== 'new' && !current.firstContactAt) patch.firstContactAt = at;
  return patch;
}

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

import {
  attachmentLimits,
  attachmentMessages,
  depositCapPercent,
  depositMarkable,
  depositCents,
  coolingOffKeepCents,
  formatCents,
  highestTotalCents,
  isMajorWorks,
  needsInsuranceCertificate,
  particularsLabels,
  paths,
  quoteAnswerMessages,
  quoteLimits,
  quoteMessages,
  quoteAcceptedMessage,
  quoteTotals,
  recordIdPattern,
  selectionProblem,
  type AttachmentRef,
  type CustomerPage,
  type CustomerQuote,
  type DepositAnswer,
  type Inquiry,
  type LeadQuoteSummary,
  type Quote,
  type QuoteDraft,
  type QuoteLeadKind,
  type QuoteRequest,
  type QuoteSelection,
  type SiteSettings,
  closureOn,
  businessTimeZone,
} from '@site/domain';
import { visitDateLabel } from '@site/domain/booking-slots';
import { coolingOffEndsAt, melbourneDay } from '@site/domain/cooling-off';
import { depositDueAt } from '@site/domain/deposit-due';
import { TZDate } from '@date-fns/tz';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import type { Log } from '../ports/log';
import type { ObjectStore } from '../ports/object-store';
import { ConflictError, GoneError, InvalidError, NotFoundError, UnavailableError } from '../ports/errors';
import type { NewMessage } from '../ports/messages';
import { quotePdfKey, type CheckoutEvent, type CheckoutSessionData, type DepositCheckout, type QuoteRecord } from '../ports/quotes';
import type { Collection, Store } from '../ports/store';
import type { Attachments } from './attachments';
import { formatDateTime, formatWeekdayDate } from './days';
import {
  abnLabel,
  adminLink,
  fullDateTime,
  quoteCustomerEmail,
  staffAlert,
  type Draft,
  type Field,
  type MessageSettings,
} from './lead-messages';
import { leadPatch } from './leads';
import type { LinkSigner } from './link-signing';
import { quotePdf, type QuotePdfCopy } from './quote-pdf';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When a quote sent at `at` stays open: `validDays` later, or, when that falls while the
 * business is closed, the end of the closure's last day in Melbourne, so the customer's last
 * days to accept are not ones nobody can answer their questions in.
 */
export function validUntilOf(at: Date, validDays: number, closures: SiteSettings['hours']['closures']): string {
  const until = new Date(at.getTime() + validDays * dayMs);
  const closure = closureOn(melbourneDay(until), closures);
  if (!closure) return until.toISOString();
  const [year, month, date] = closure.to.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date + 1, 0, 0, 0, businessTimeZone).getTime() - 1).toISOString();
}
const leadMissing: Record<QuoteLeadKind, string> = { inquiry: 'Inquiry not found', quote: 'Quote request not found' };
/** 409 of `POST /api/quotes/{id}/deposit-paid`. */
export const depositPaidMessages = {
  notPending: 'This quote has no deposit waiting for a bank transfer',
  alreadyPaid: quoteAnswerMessages.depositPaid,
} as const;
/** A lead's quotes at most, versions included: the admin's list reads them in one page. */
const quotesPerLead = 200;
/** How long a Checkout page takes payment: Stripe allows 30 minutes to 24 hours. */
const checkoutOpenMs = 23 * 60 * 60 * 1000;
/** An open Checkout page closer than this to its end is replaced rather than handed out: the customer needs time to pay. */
const checkoutMarginMs = 15 * 60 * 1000;
/** A request making a Checkout session holds its claim this long at most (Stripe's client gives up after 20 s and 2 retries). */
const checkoutClaimMs = 90 * 1000;

/** A Checkout page of this deposit that still takes payment for a while, or null. */
function openCheckout(deposit: QuoteRecord['deposit'], now: number): { id: string; url: string } | null {
  if (!deposit || deposit.status !== 'pending' || deposit.method !== 'card') return null;
  const { checkoutSessionId: id, checkoutUrl: url, checkoutExpiresAt } = deposit;
  if (!id || !url || !checkoutExpiresAt || Date.parse(checkoutExpiresAt) - now < checkoutMarginMs) return null;
  return { id, url };
}

/** The deposit without a claim on making its Checkout session. */
function unclaimed(deposit: NonNullable<QuoteRecord['deposit']>): NonNullable<QuoteRecord['deposit']> {
  const { checkoutClaim: _claim, ...rest } = deposit;
  return rest;
}

const stripeOutcomes: Record<string, 'paid' | 'failed'> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'failed',
  'checkout.session.async_payment_failed': 'failed',
};

/**
 * Why a Checkout event may not change this deposit, or null when it may. Everything is checked
 * against what this server created (the session it opened and the amount it asked for), never
 * taken from the event: a signed event of another session, amount or currency pays nothing.
 */
export function checkoutEventProblem(
  deposit: QuoteRecord['deposit'],
  event: Pick<CheckoutEvent, 'type'>,
  session: CheckoutSessionData,
  outcome: 'paid' | 'failed',
): string | null {
  if (!deposit) return 'the quote has no deposit';
  if (deposit.status === 'paid') return 'the deposit is already paid';
  if (!deposit.checkoutSessionId || session.id !== deposit.checkoutSessionId)
    return `session ${session.id} is not the deposit's current one`;
  if (outcome === 'failed') return null;
  if (session.amountTotal !== deposit.cents) return `amount_total ${String(session.amountTotal)} is not the deposit's ${deposit.cents}`;
  if (session.currency !== 'aud') return `currency ${String(session.currency)} is not aud`;
  if (event.type !== 'checkout.session.async_payment_succeeded' && session.paymentStatus !== 'paid')
    return `payment_status is ${String(session.paymentStatus)}`;
  return null;
}

export interface QuoteServiceDeps {
  store: Store;
  clock: Clock;
  settings: () => Promise<SiteSettings>;
  messageSettings: () => Promise<MessageSettings>;
  signer: Pick<LinkSigner, 'sign' | 'verify'>;
  /** The customer's files added from their page are attached as a submitted lead's are. */
  attachments: Pick<Attachments, 'attach' | 'detach' | 'settle'>;
  /** Stripe Checkout for deposits by card; absent without STRIPE_SECRET_KEY (then bank transfer only). */
  checkout?: DepositCheckout;
  /** The logo's bytes for the PDF's letterhead, when one is set and can be read (PNG or JPEG). */
  logo?: (site: SiteSettings) => Promise<Buffer | undefined>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
  /** Where each version's PDF is kept once made (a version is frozen, so its PDF is too), and the insurance certificates. */
  files?: Pick<ObjectStore, 'put' | 'open' | 'delete'>;
  /** Reports webhook events that changed nothing, so an operator sees a payment nobody asked for. */
  log?: Log;
}

type LeadRecord = Inquiry | QuoteRequest;

/** Who is answering a quote, as the acceptance records it. */
export interface AnsweringClient {
  ip: string;
  userAgent: string;
}

/** JSON with its object keys sorted, so the same content always hashes alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 an acceptance keeps: of the exact version (number, version, items, validity, notes, terms) and the selection. */
export function acceptanceHash(quote: QuoteRecord, selection: QuoteSelection): string {
  const content = {
    number: quote.number,
    version: quote.version,
    items: quote.items,
    validDays: quote.validDays,
    notes: quote.notes,
    terms: quote.terms,
    selection,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * Quotes a customer accepts online: staff's drafts (autosaved), sending (which freezes the
 * version and emails the PDF and the customer's link), new versions of a sent quote, the PDF;
 * the customer's own page by their signed link, accepting once per version with a record
 * that holds up in a dispute, declining, and the deposit (Stripe Checkout confirmed by its
 * webhook, or bank transfer).
 */
export class QuoteService {
  constructor(private readonly deps: QuoteServiceDeps) {}

  // ---------------------------------------------------------------- staff

  /** A new draft on a lead; 404 for an unknown lead. */
  async createDraft(kind: QuoteLeadKind, leadId: string, draft: QuoteDraft): Promise<Quote> {
    const lead = await this.lead(kind, leadId);
    const existing = await this.forLead(leadId);
    if (existing.length >= quotesPerLead) throw new ConflictError(`A lead holds at most ${quotesPerLead} quotes and versions`);
    const now = this.now();
    const record: QuoteRecord = {
      id: newId(),
      leadKind: kind,
      leadId,
      number: await this.nextNumber(),
      version: 1,
      status: 'draft',
      ...this.content(draft),
      createdAt: now,
      updatedAt: now,
    };
    // The site is where the customer booked the measure, unless staff typed another.
    if (record.siteAddress === undefined) {
      const site = await this.bookedSite(lead);
      if (site) record.siteAddress = site;
    }
    await this.deps.store.quoteVersions.insert(record);
    return this.staffView(record);
  }

  /**
   * Saves a draft (the builder's autosave). On a sent version, the edit makes its next version
   * as a draft (or updates that draft when one was made already); an answered or replaced
   * version is 409.
   */
  async update(id: string, draft: QuoteDraft): Promise<Quote> {
    const { quoteVersions } = this.deps.store;
    const current = await this.quote(id);
    await this.refuseOnceAccepted(current);
    if (current.status === 'draft') {
      const saved = await quoteVersions.transform(id, (stored) =>
        stored.status === 'draft' ? { ...clearedParticulars, ...this.content(draft), updatedAt: this.now() } : null,
      );
      if (!saved || saved.status !== 'draft') throw new ConflictError(quoteAnswerMessages.notDraft);
      return this.staffView(saved);
    }
    if (current.status !== 'sent') throw new ConflictError(quoteAnswerMessages.notDraft);
    if (current.nextDraftId) {
      const next = await quoteVersions.get(current.nextDraftId);
      if (next?.status === 'draft') return this.update(next.id, draft);
      throw new ConflictError(quoteAnswerMessages.notDraft);
    }
    const now = this.now();
    const next: QuoteRecord = {
      id: newId(),
      leadKind: current.leadKind,
      leadId: current.leadId,
      number: current.number,
      version: current.version + 1,
      status: 'draft',
      ...this.content(draft),
      createdAt: now,
      updatedAt: now,
    };
    // Claimed on the sent version first: two edits at once make one next version.
    const claimed = await quoteVersions.transform(id, (stored) =>
      stored.status === 'sent' && !stored.nextDraftId ? { nextDraftId: next.id } : null,
    );
    if (claimed?.nextDraftId !== next.id) {
      if (claimed?.nextDraftId) return this.update(claimed.nextDraftId, draft);
      throw new ConflictError(quoteAnswerMessages.notDraft);
    }
    await quoteVersions.insert(next);
    return this.staffView(next);
  }

  /**
   * The quotes of each of these leads, every version, newest first (a page of lead cards in one
   * request): an id that is no lead of this kind, or a deleted one, has none.
   */
  async listForLeads(kind: QuoteLeadKind, leadIds: readonly string[]): Promise<Record<string, Quote[]>> {
    const found = await Promise.all(leadIds.map((leadId) => this.forLead(leadId)));
    // A quote belongs to one lead of one kind; ids are unique across kinds, but say so here too.
    // fromEntries makes each id an own key, whatever it is (`__proto__` included).
    return Object.fromEntries(
      leadIds.map((leadId, i) => [leadId, found[i].filter((record) => record.leadKind === kind).map((record) => this.staffView(record))]),
    );
  }

  /** The lead's quotes, every version, newest first; 404 for an unknown lead. */
  async listForLead(kind: QuoteLeadKind, leadId: string): Promise<Quote[]> {
    await this.lead(kind, leadId);
    return (await this.forLead(leadId)).map((record) => this.staffView(record));
  }

  /**
   * Sends a draft: frozen with its validity, the customer emailed its PDF and their page's
   * link, an earlier sent version of the same quote marked replaced, and the lead marked
   * quoted when it was new or contacted. 409 for a version already sent.
   */
  async send(id: string, by: string): Promise<Quote> {
    const { store } = this.deps;
    const draft = await this.quote(id);
    if (draft.status !== 'draft') throw new ConflictError(quoteAnswerMessages.notDraft);
    await this.refuseOnceAccepted(draft);
    const lead = await this.lead(draft.leadKind, draft.leadId);
    const site = await this.deps.settings();
    this.checkParticulars(draft, site);
    const at = this.deps.clock.now();
    const sentAt = at.toISOString();
    const patch = {
      status: 'sent' as const,
      sentAt,
      validUntil: validUntilOf(at, draft.validDays, site.hours.closures),
      updatedAt: sentAt,
    };
    if (!(await store.quoteVersions.updateIf(id, { status: 'draft' }, patch))) throw new ConflictError(quoteAnswerMessages.notDraft);
    const sent: QuoteRecord = { ...draft, ...patch };
    for (const earlier of await this.forLead(draft.leadId)) {
      if (earlier.number === sent.number && earlier.version < sent.version && earlier.status === 'sent') {
        await store.quoteVersions.updateIf(earlier.id, { status: 'sent' }, { status: 'replaced', replacedBy: id, updatedAt: sentAt });
      }
    }
    // An earlier version accepted while this one was being sent: it stays the contract, and this goes back to a draft unsent.
    const acceptedMeanwhile = await this.acceptedVersion(sent);
    if (acceptedMeanwhile) {
      await store.quoteVersions.updateIf(id, { status: 'sent', sentAt }, { status: 'draft', updatedAt: sentAt });
      throw new ConflictError(quoteAcceptedMessage(acceptedMeanwhile.acceptance?.at ?? acceptedMeanwhile.updatedAt));
    }
    if (lead.status === 'new' || lead.status === 'contacted') {
      await this.leads(draft.leadKind).transform(draft.leadId, (current) => {
        const change = leadPatch(current, { status: 'quoted', note: `Quote ${sent.number} version ${sent.version} sent` }, by, sentAt);
        return change === 'full' ? null : change;
      });
    }
    await this.summarize(sent);
    const settings = await this.deps.messageSettings();
    const pdf = await this.keptPdf(sent, lead, site);
    const url = await this.customerUrl(settings, draft.leadKind, draft.leadId);
    const totals = quoteTotals(sent.items);
    const where = await this.jobAddress(sent, lead);
    const email = quoteCustomerEmail(settings, lead.email, {
      subject: `Your quote ${sent.number} from ${settings.business.brand}`,
      firstName: lead.firstName,
      body: `Thank you for the chance to quote on your renovation. Your quote ${sent.number}${sent.version > 1 ? ` (version ${sent.version}, replacing the earlier one)` : ''} comes to ${formatCents(totals.totalCents)} including GST with the options as we suggest them, and is valid until ${visitDateLabel(new Date(patch.validUntil))}. The PDF is attached. On your page you can choose between the options, see the total change and accept or decline it.${majorNotice(sent, site, this.deps.clock.now())}`,
      summary: [
        ...quoteSummary(sent, where),
        { label: 'Total', value: `${formatCents(totals.totalCents)} including GST` },
        { label: 'Valid until', value: visitDateLabel(new Date(patch.validUntil)) },
      ],
      action: { label: 'View and accept your quote', url },
      attachments: [this.pdfAttachment(sent, pdf)],
    });
    await this.queue(draft.leadKind, draft.leadId, `${sent.id}-sent`, [email]);
    return this.staffView(sent);
  }

  /** A version's PDF, as the customer sees or saw it, with the acceptance record's SHA-256 (the staff's copy). */
  async pdf(id: string): Promise<{ quote: QuoteRecord; pdf: Buffer }> {
    const quote = await this.quote(id);
    const lead = await this.lead(quote.leadKind, quote.leadId);
    return { quote, pdf: await this.keptPdf(quote, lead, await this.deps.settings(), 'staff') };
  }

  /**
   * Staff mark a bank transfer's deposit as received (Stripe's own are marked by its webhook):
   * 409 when it is paid already, a card payment is under way, the insurance certificate is
   * outstanding, or the version is not accepted (`depositMarkable`).
   */
  async markDepositPaid(id: string): Promise<Quote> {
    const current = await this.quote(id);
    if (current.deposit?.status === 'paid') throw new ConflictError(depositPaidMessages.alreadyPaid);
    const at = this.now();
    const paid = await this.deps.store.quoteVersions.transform(id, (stored) =>
      stored.deposit && depositMarkable(stored)
        ? { deposit: { ...stored.deposit, status: 'paid', method: 'bank', paidAt: at }, updatedAt: at }
        : null,
    );
    if (!paid || paid.deposit?.paidAt !== at || paid.deposit.status !== 'paid') {
      if (paid?.deposit?.status === 'paid') throw new ConflictError(depositPaidMessages.alreadyPaid);
      throw new ConflictError(depositPaidMessages.notPending);
    }
    await this.summarize(paid);
    await this.depositReceived(paid, 'staff');
    return this.staffView(paid);
  }

  /**
   * A deposit just marked paid: a line in the lead's history, and the customer's receipt (the
   * amount, the day, how, the reference, and the business's ABN for their records).
   */
  private async depositReceived(paid: QuoteRecord, by: string): Promise<void> {
    const { deposit } = paid;
    if (deposit?.status !== 'paid' || !deposit.paidAt) return;
    const how = deposit.method === 'card' ? 'card' : 'bank transfer';
    const amount = formatCents(deposit.cents);
    const at = deposit.paidAt;
    const customer = await this.leads(paid.leadKind).transform(paid.leadId, (current) => {
      const change = leadPatch(current, { note: `Deposit of ${amount} on quote ${paid.number} received by ${how}` }, by, at);
      return change === 'full' ? null : change;
    });
    // A lead deleted meanwhile (its personal data erased) gets no receipt.
    if (!customer) return;
    const settings = await this.deps.messageSettings();
    const { business } = settings;
    const url = await this.customerUrl(settings, paid.leadKind, paid.leadId);
    const email = quoteCustomerEmail(settings, customer.email, {
      subject: `Receipt: deposit on quote ${paid.number}`,
      firstName: customer.firstName,
      body: `Thank you: we have received your deposit on quote ${paid.number}. Amount: ${amount}. Paid on ${visitDateLabel(new Date(at))} by ${how}. Reference: ${deposit.reference}.${business.abn ? ` ${business.legalName ?? business.brand}, ABN ${abnLabel(business.abn)}.` : ''} Please keep this email as your receipt.`,
      summary: [
        { label: 'What', value: `Deposit on quote ${paid.number}` },
        { label: 'Amount', value: amount },
        { label: 'Paid', value: `${visitDateLabel(new Date(at))} by ${how}` },
        { label: 'Reference', value: deposit.reference },
      ],
      action: { label: 'View your quote', url },
      attachments: [],
    });
    await this.queue(paid.leadKind, paid.leadId, `${paid.id}-deposit-paid`, [email]);
  }

  // ---------------------------------------------------------------- the customer

  /** The customer's page by their link's token: 404 for a token that is not one of ours, or whose lead is gone. */
  async customerPage(token: string): Promise<CustomerPage> {
    const { kind, lead } = await this.byToken(token);
    const site = await this.deps.settings();
    const quotes = (await this.forLead(lead.id)).filter((quote) => quote.status !== 'draft');
    const booking = 'bookingId' in lead && lead.bookingId ? await this.deps.store.bookings.get(lead.bookingId) : null;
    const details =
      kind === 'inquiry'
        ? [
            { label: 'Rooms', value: (lead as Inquiry).rooms.join(', ') },
            { label: 'Budget', value: (lead as Inquiry).budget },
            { label: 'Timeline', value: (lead as Inquiry).timeline },
            ...((lead as Inquiry).modelName ? [{ label: 'Design', value: (lead as Inquiry).modelName as string }] : []),
          ]
        : [
            { label: 'Room', value: (lead as QuoteRequest).room },
            { label: 'Suburb', value: (lead as QuoteRequest).suburb },
          ];
    return {
      lead: { kind, firstName: lead.firstName, lastName: lead.lastName, createdAt: lead.createdAt, details },
      files: (lead.attachments ?? []).map((file) => ({ name: file.name, kind: file.kind, size: file.size })),
      ...(booking
        ? {
            booking: {
              service: booking.service,
              start: booking.start,
              end: booking.end,
              status: booking.status,
              street: booking.street,
              suburb: booking.suburb,
            },
          }
        : {}),
      quotes: quotes.map((quote) => this.customerView(quote, site)),
      depositMethods: { card: Boolean(this.deps.checkout), bank: hasBank(site) },
      deposit: { percent: site.payments.depositPercent },
      business: { brand: site.business.brand, phone: site.business.phone, email: site.business.email },
    };
  }

  /**
   * Files the customer adds from their page, uploaded as the forms' are: attached to their lead
   * (400 for one that is not a fresh upload of this API or is on another lead), at most
   * `attachmentLimits.maxFiles` on the lead in all, noted in its history, and staff alerted.
   * Answers the lead's files.
   */
  async addFiles(token: string, refs: readonly AttachmentRef[]): Promise<CustomerPage['files']> {
    const { kind, lead } = await this.byToken(token);
    const tooMany = () => new InvalidError(attachmentMessages.tooMany, { attachments: attachmentMessages.tooMany });
    if ((lead.attachments?.length ?? 0) + refs.length > attachmentLimits.maxFiles) throw tooMany();
    const { attachments } = this.deps;
    const attached = await attachments.attach(refs, kind, lead.id);
    const at = this.now();
    const names = attached.map((file) => file.name).join(', ');
    const note = `The customer added ${attached.length === 1 ? 'a file' : `${attached.length} files`}: ${names}`;
    const ids = new Set(attached.map((file) => file.id));
    let saved: LeadRecord | null;
    try {
      saved = await this.leads(kind).transform(lead.id, (current) => {
        const list = current.attachments ?? [];
        // Counted again inside the write: two sends at once cannot pass the limit together.
        if (list.length + attached.length > attachmentLimits.maxFiles) return null;
        const change = leadPatch(current, { note }, 'customer', at);
        // A history already full still takes the files: their list on the lead shows them.
        return { ...(change && change !== 'full' ? change : { updatedAt: at }), attachments: [...list, ...attached] };
      });
    } catch (error) {
      await attachments.detach([...ids]);
      throw error;
    }
    if (!saved?.attachments?.some((file) => ids.has(file.id))) {
      await attachments.detach([...ids]);
      if (!saved) throw new NotFoundError(quoteAnswerMessages.notFound);
      throw tooMany();
    }
    await attachments.settle(kind, lead.id, attached);
    const settings = await this.deps.messageSettings();
    const staff = staffAlert(settings, {
      subject: `New files from ${lead.firstName} ${lead.lastName}`,
      intro: `${lead.firstName} ${lead.lastName} added ${attached.length === 1 ? 'a file' : `${attached.length} files`} on their page`,
      fields: [{ label: 'Files', value: names }],
      receivedAt: new Date(at),
      link: adminLink(settings, kind === 'inquiry' ? 'inquiries' : 'quotes', lead.id),
    });
    await this.queue(kind, lead.id, `files-${at.replace(/[^0-9]/g, '')}-${[...ids][0]}`, staff);
    return (saved.attachments ?? []).map((file) => ({ name: file.name, kind: file.kind, size: file.size }));
  }

  /** One of the customer's sent quotes as a PDF; 404 for a draft or another lead's quote. */
  async customerPdf(token: string, quoteId: string): Promise<{ quote: QuoteRecord; pdf: Buffer }> {
    const { lead } = await this.byToken(token);
    const quote = await this.customerQuote(lead.id, quoteId);
    return { quote, pdf: await this.keptPdf(quote, lead, await this.deps.settings()) };
  }

  /**
   * The customer accepts a sent version with their selection: recorded once (a second accept
   * is 409) with their name, the time, address, browser and the SHA-256 of the version and
   * selection; the lead is won; staff are alerted and both sides get the accepted PDF.
   * 410 for a replaced or expired version, 409 for a declined one, 400 for a selection that
   * does not fit the items.
   */
  async accept(
    token: string,
    quoteId: string,
    input: QuoteSelection & { name: string; consumerGuideReceived?: boolean; independentLegalAdvice?: boolean },
    client: AnsweringClient,
  ): Promise<CustomerQuote> {
    const { kind, lead } = await this.byToken(token);
    const quote = await this.customerQuote(lead.id, quoteId);
    this.checkOpen(quote);
    const other = await this.acceptedVersion(quote);
    if (other) throw new ConflictError(quoteAcceptedMessage(other.acceptance?.at ?? other.updatedAt));
    const problem = selectionProblem(quote.items, input);
    if (problem) throw new InvalidError(problem, { [problem === quoteMessages.optionalItem ? 'optionalItems' : 'choices']: problem });
    const selection: QuoteSelection = {
      ...(input.choices && Object.keys(input.choices).length ? { choices: input.choices } : {}),
      ...(input.optionalItems?.length ? { optionalItems: [...new Set(input.optionalItems)].sort((a, b) => a - b) } : {}),
    };
    const site = await this.deps.settings();
    const at = this.now();
    const totals = quoteTotals(quote.items, selection);
    // Over $10,000 the contract is major: the customer confirms having the consumer guide, and may cool off unless advised.
    const major = isMajorWorks(totals.totalCents);
    if (major && input.consumerGuideReceived !== true) {
      throw new InvalidError(quoteAnswerMessages.consumerGuide, { consumerGuideReceived: quoteAnswerMessages.consumerGuide });
    }
    const advised = major && input.independentLegalAdvice === true;
    const setting = site.payments.depositPercent;
    const percent = Math.min(setting ?? depositCapPercent(totals.totalCents), depositCapPercent(totals.totalCents));
    // Without card payments the bank details are shown at once, as choosing the transfer showed them: the deposit is pending by bank, for staff to mark paid.
    const transferNow = !this.deps.checkout && hasBank(site) && !(needsInsuranceCertificate(totals.totalCents) && !quote.insurance);
    const patch: Partial<QuoteRecord> = {
      status: 'accepted',
      updatedAt: at,
      acceptance: {
        name: input.name,
        at,
        selection,
        totals,
        sha256: acceptanceHash(quote, selection),
        ip: client.ip,
        userAgent: client.userAgent,
        ...(major ? { consumerGuide: { url: site.payments.consumerGuideUrl } } : {}),
        ...(advised ? { independentLegalAdvice: true } : {}),
      },
      // The copy of the signed contract is emailed now, so the period runs from now.
      ...(major && !advised ? { coolingOffEndsAt: coolingOffEndsAt(new Date(at)) } : {}),
      deposit: {
        percent,
        cents: depositCents(totals.totalCents, setting),
        status: transferNow ? 'pending' : 'none',
        ...(transferNow ? { method: 'bank' as const } : {}),
        reference: quote.number,
        dueAt: depositDueAt(at, site.payments.depositDueDays),
      },
    };
    if (!(await this.deps.store.quoteVersions.updateIf(quote.id, { status: 'sent' }, patch))) {
      this.checkOpen(await this.quote(quote.id));
      throw new ConflictError(quoteAnswerMessages.alreadyAnswered);
    }
    const accepted: QuoteRecord = { ...quote, ...patch };
    const note = `Quote ${quote.number} version ${quote.version} accepted by ${input.name}: ${formatCents(totals.totalCents)} including GST`;
    await this.setLeadStatus(kind, lead.id, 'won', note, at);
    await this.summarize(accepted);
    const settings = await this.deps.messageSettings();
    const pdf = this.pdfAttachment(accepted, await this.keptPdf(accepted, lead, site));
    const url = await this.customerUrl(settings, kind, lead.id);
    const { bankTransfer } = this.customerView(accepted, site);
    // The transfer's details in the email too, so the customer can pay from it; none while the certificate is outstanding.
    const transfer = bankTransfer
      ? ` To pay it by bank transfer: account name ${bankTransfer.accountName}, BSB ${bankTransfer.bsb.slice(0, 3)}-${bankTransfer.bsb.slice(3)}, account number ${bankTransfer.accountNumber}, amount ${formatCents(bankTransfer.amountCents)}, reference ${bankTransfer.reference}${bankTransfer.dueAt ? `, by ${formatWeekdayDate(new Date(bankTransfer.dueAt))}` : ''}.`
      : '';
    const customer = quoteCustomerEmail(settings, lead.email, {
      subject: `You accepted quote ${quote.number}`,
      firstName: lead.firstName,
      body: `Thank you for accepting quote ${quote.number} for ${formatCents(totals.totalCents)} including GST. A copy of the contract you accepted is attached. The deposit is ${formatCents(accepted.deposit?.cents ?? 0)}; your page shows how to pay it.${transfer}${acceptedNotice(accepted, site)}`,
      summary: [
        ...quoteSummary(accepted, await this.jobAddress(accepted, lead)),
        { label: 'Total', value: `${formatCents(totals.totalCents)} including GST` },
        { label: 'Accepted', value: `${fullDateTime(new Date(at))} by ${input.name}` },
        {
          label: 'Deposit',
          value: `${formatCents(accepted.deposit?.cents ?? 0)}${accepted.deposit?.dueAt ? `, due by ${formatWeekdayDate(new Date(accepted.deposit.dueAt))}` : ''}`,
        },
      ],
      action: { label: 'Your page and the deposit', url },
      attachments: [pdf],
    });
    const staff = staffAlert(settings, {
      subject: `Quote ${quote.number} accepted: ${lead.firstName} ${lead.lastName}, ${formatCents(totals.totalCents)}`,
      intro: `${lead.firstName} ${lead.lastName} accepted quote ${quote.number} version ${quote.version}`,
      fields: [
        { label: 'Total including GST', value: formatCents(totals.totalCents) },
        { label: 'Deposit', value: `${formatCents(accepted.deposit?.cents ?? 0)} (${percent}%)` },
        { label: 'Accepted by', value: input.name },
      ],
      receivedAt: new Date(at),
      link: adminLink(settings, kind === 'inquiry' ? 'inquiries' : 'quotes', lead.id),
      sms: `Quote ${quote.number} accepted by ${input.name}: ${formatCents(totals.totalCents)}.`,
    }).map((draft) => (draft.channel === 'email' ? { ...draft, attachments: [pdf] } : draft));
    await this.queue(kind, lead.id, `${quote.id}-accepted`, [customer, ...staff]);
    return this.customerView(accepted, site);
  }

  /** The customer declines a sent version, with an optional reason: the lead is lost with it in its history, and staff are alerted. */
  async decline(token: string, quoteId: string, reason: string | undefined): Promise<CustomerQuote> {
    const { kind, lead } = await this.byToken(token);
    const quote = await this.customerQuote(lead.id, quoteId);
    this.checkOpen(quote);
    const at = this.now();
    const declined = { at, ...(reason ? { reason } : {}) };
    if (!(await this.deps.store.quoteVersions.updateIf(quote.id, { status: 'sent' }, { status: 'declined', declined, updatedAt: at }))) {
      this.checkOpen(await this.quote(quote.id));
      throw new ConflictError(quoteAnswerMessages.alreadyAnswered);
    }
    const note = `Quote ${quote.number} version ${quote.version} declined${reason ? `: ${reason}` : ''}`;
    await this.setLeadStatus(kind, lead.id, 'lost', note, at);
    await this.summarize({ ...quote, status: 'declined', declined, updatedAt: at });
    const settings = await this.deps.messageSettings();
    const staff = staffAlert(settings, {
      subject: `Quote ${quote.number} declined: ${lead.firstName} ${lead.lastName}`,
      intro: `${lead.firstName} ${lead.lastName} declined quote ${quote.number} version ${quote.version}`,
      fields: [{ label: 'Reason', value: reason ?? 'None given' }],
      receivedAt: new Date(at),
      link: adminLink(settings, kind === 'inquiry' ? 'inquiries' : 'quotes', lead.id),
    });
    await this.queue(kind, lead.id, `${quote.id}-declined`, staff);
    return this.customerView({ ...quote, status: 'declined', declined, updatedAt: at }, await this.deps.settings());
  }

  /**
   * How the customer pays the deposit of an accepted quote: a Stripe Checkout page when the
   * site has Stripe keys, otherwise the bank details with the quote's number as reference.
   * One Checkout page at a time: asked again while it takes payment, the same page is the
   * answer. 409 before acceptance, once paid, or with neither way set up.
   */
  async deposit(token: string, quoteId: string): Promise<DepositAnswer> {
    const { lead } = await this.byToken(token);
    const quote = await this.customerQuote(lead.id, quoteId);
    if (quote.status !== 'accepted' || !quote.deposit) throw new ConflictError(quoteAnswerMessages.notAccepted);
    if (quote.deposit.status === 'paid') throw new ConflictError(quoteAnswerMessages.depositPaid);
    const site = await this.deps.settings();
    // Over $16,000 no money is asked for before the owner has the insurance certificate (Domestic Building Contracts Act 1995, s 43B).
    if (insuranceOutstanding(quote)) throw new ConflictError(quoteAnswerMessages.insuranceFirst(site.business.brand));
    if (this.deps.checkout) return { kind: 'checkout', url: await this.checkoutPage(quote, lead, this.deps.checkout) };
    if (!hasBank(site)) throw new ConflictError(quoteAnswerMessages.noDepositMethod);
    await this.summarize(
      await this.deps.store.quoteVersions.transform(quote.id, (current) =>
        current.deposit && current.deposit.status !== 'paid'
          ? { deposit: { ...current.deposit, status: 'pending', method: 'bank' } }
          : null,
      ),
    );
    return {
      kind: 'bank',
      accountName: site.payments.bankAccountName,
      bsb: site.payments.bankBsb,
      accountNumber: site.payments.bankAccountNumber,
      reference: quote.deposit.reference,
      amountCents: quote.deposit.cents,
    };
  }

  /**
   * The deposit's Checkout page: the open one, or a new one. Making one is claimed on the
   * version first, so two requests at once make one session; a session still open but close to
   * its end is expired at Stripe before the next is made, so at most one can ever be paid.
   */
  private async checkoutPage(quote: QuoteRecord, lead: LeadRecord, checkout: DepositCheckout): Promise<string> {
    const { quoteVersions } = this.deps.store;
    const open = openCheckout(quote.deposit, this.deps.clock.now().getTime());
    if (open) return open.url;
    const claim = newId();
    const claimedAt = this.deps.clock.now();
    const claimed = await quoteVersions.transform(quote.id, (current) => {
      const deposit = current.deposit;
      if (!deposit || deposit.status === 'paid' || openCheckout(deposit, claimedAt.getTime())) return null;
      if (deposit.checkoutClaim && claimedAt.getTime() - Date.parse(deposit.checkoutClaim.at) < checkoutClaimMs) return null;
      return { deposit: { ...deposit, checkoutClaim: { id: claim, at: claimedAt.toISOString() } } };
    });
    if (claimed?.deposit?.checkoutClaim?.id !== claim) return this.awaitCheckout(quote.id);
    const release = async () => {
      await quoteVersions.transform(quote.id, (current) =>
        current.deposit?.checkoutClaim?.id === claim ? { deposit: unclaimed(current.deposit) } : null,
      );
    };
    const unavailable = () => new UnavailableError(quoteAnswerMessages.cardUnavailable);
    const deposit = claimed.deposit;
    try {
      // The last page may still take payment for a few minutes: closed first, or no new one.
      if (deposit.method === 'card' && deposit.status === 'pending' && deposit.checkoutSessionId) {
        const endsAt = Date.parse(deposit.checkoutExpiresAt ?? '');
        if (!(endsAt <= claimedAt.getTime())) await checkout.expireSession(deposit.checkoutSessionId);
      }
      const settings = await this.deps.messageSettings();
      const page = await this.customerUrl(settings, quote.leadKind, quote.leadId);
      // Whole seconds, as Stripe keeps it.
      const expiresAt = new Date(Math.floor((claimedAt.getTime() + checkoutOpenMs) / 1000) * 1000);
      // The page's address already has its token as a query (?t=…).
      const session = await checkout.createSession({
        quoteId: quote.id,
        email: lead.email,
        amountCents: deposit.cents,
        description: `Deposit on quote ${quote.number} (${deposit.percent}%)`,
        successUrl: `${page}&deposit=done`,
        cancelUrl: page,
        expiresAt,
      });
      const saved = await quoteVersions.transform(quote.id, (current) =>
        current.deposit?.checkoutClaim?.id === claim && current.deposit.status !== 'paid'
          ? {
              deposit: {
                ...unclaimed(current.deposit),
                status: 'pending',
                method: 'card',
                checkoutSessionId: session.id,
                checkoutUrl: session.url,
                checkoutExpiresAt: expiresAt.toISOString(),
              },
            }
          : null,
      );
      if (saved?.deposit?.checkoutSessionId !== session.id) {
        // Paid meanwhile, or the claim ran out and another request made the page: this one is closed unused.
        await checkout.expireSession(session.id).catch(() => undefined);
        if (saved?.deposit?.status === 'paid') throw new ConflictError(quoteAnswerMessages.depositPaid);
        return this.awaitCheckout(quote.id);
      }
      await this.summarize(saved);
      return session.url;
    } catch (error) {
      await release();
      if (error instanceof ConflictError) throw error;
      throw unavailable();
    }
  }

  /** The Checkout page another request is making for this version, once it is there (a few seconds at most). */
  private async awaitCheckout(quoteId: string): Promise<string> {
    for (let attempt = 0; attempt < 25; attempt++) {
      const current = await this.quote(quoteId);
      if (current.deposit?.status === 'paid') throw new ConflictError(quoteAnswerMessages.depositPaid);
      const open = openCheckout(current.deposit, this.deps.clock.now().getTime());
      if (open) return open.url;
      if (!current.deposit?.checkoutClaim) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new UnavailableError(quoteAnswerMessages.cardUnavailable);
  }

  /**
   * A Stripe webhook: the signature checked against STRIPE_WEBHOOK_SECRET (400, nothing
   * changed, when it does not match or the signed body is no event), each event handled once
   * by its id. A Checkout event changes a deposit only when it is about the session this
   * server opened for it, for its amount in AUD, paid (`checkoutEventProblem`); anything else
   * is logged and answered `handled: false`. A completed payment marks the deposit paid; the
   * current session's expiry or failed payment marks it failed.
   */
  async stripeEvent(rawBody: Buffer, signature: string | undefined): Promise<{ handled: boolean }> {
    const { checkout, store } = this.deps;
    if (!checkout) throw new NotFoundError('Card payments are not set up');
    const verified = await checkout.verifyEvent(rawBody, signature ?? '');
    if ('refused' in verified) {
      const message = verified.refused === 'signature' ? 'The webhook signature does not match' : 'The webhook body is not an event';
      throw new InvalidError(message, { [verified.refused === 'signature' ? 'stripe-signature' : 'body']: message });
    }
    const { event } = verified;
    try {
      await store.stripeEvents.insert({ id: event.id, type: event.type, receivedAt: this.now() });
    } catch (error) {
      if (error instanceof ConflictError) return { handled: false };
      throw error;
    }
    const unhandled = (why: string) => {
      this.deps.log?.(`Stripe event ${event.id} (${event.type}) changed nothing: ${why}`);
      return { handled: false };
    };
    const outcome = stripeOutcomes[event.type];
    if (!outcome) return unhandled('not a Checkout payment event');
    const { session } = event;
    if (!session) return unhandled('not about a Checkout session');
    const quoteId = session.quoteId;
    if (!quoteId || !recordIdPattern.test(quoteId)) return unhandled('no quote in metadata.quoteId');
    const at = this.now();
    let problem: string | null = 'no such quote';
    const updated = await store.quoteVersions.transform(quoteId, (current) => {
      problem = checkoutEventProblem(current.deposit, event, session, outcome);
      if (problem || !current.deposit) return null;
      return {
        deposit: {
          ...unclaimed(current.deposit),
          status: outcome,
          method: 'card',
          ...(outcome === 'paid' ? { paidAt: at } : {}),
        },
        updatedAt: at,
      };
    });
    if (problem || !updated) return unhandled(`quote ${quoteId}: ${problem ?? 'no such quote'}`);
    await this.summarize(updated);
    if (outcome === 'paid') await this.depositReceived(updated, 'Stripe');
    return { handled: true };
  }

  // ---------------------------------------------------------------- the contract

  /**
   * The owner withdraws from a major contract within its cooling-off period (s 34), their typed
   * name being the written notice: the quote is withdrawn, the refund due recorded (what was
   * paid less $100), an open Checkout page closed, the lead back to quoted with the withdrawal in
   * its history, staff alerted and both sides emailed the notice. 409 after the period, without
   * one (minor works, or independent legal advice), for a quote not accepted, or twice.
   */
  async withdraw(token: string, quoteId: string, name: string): Promise<CustomerQuote> {
    const { kind, lead } = await this.byToken(token);
    const quote = await this.customerQuote(lead.id, quoteId);
    const at = this.now();
    const refuse = (current: QuoteRecord): never => {
      if (current.status === 'withdrawn') throw new ConflictError(quoteAnswerMessages.withdrawn);
      if (current.status !== 'accepted') throw new ConflictError(quoteAnswerMessages.notAcceptedToWithdraw);
      if (!current.coolingOffEndsAt) throw new ConflictError(quoteAnswerMessages.noCoolingOff);
      throw new ConflictError(quoteAnswerMessages.coolingOffEnded(current.coolingOffEndsAt));
    };
    const open = (current: QuoteRecord) =>
      current.status === 'accepted' && Boolean(current.coolingOffEndsAt) && Date.parse(current.coolingOffEndsAt ?? '') > Date.parse(at);
    if (!open(quote)) refuse(quote);
    const withdrawal = { name, at, refundDueCents: refundDueCents(quote.deposit) };
    const withdrawn = await this.deps.store.quoteVersions.transform(quote.id, (current) =>
      open(current)
        ? { status: 'withdrawn', withdrawal: { ...withdrawal, refundDueCents: refundDueCents(current.deposit) }, updatedAt: at }
        : null,
    );
    if (!withdrawn || withdrawn.status !== 'withdrawn' || withdrawn.withdrawal?.at !== at) refuse(withdrawn ?? quote);
    const record = withdrawn as QuoteRecord;
    // A Checkout page still open for the deposit can no longer be paid.
    const deposit = record.deposit;
    if (this.deps.checkout && deposit?.method === 'card' && deposit.status === 'pending' && deposit.checkoutSessionId) {
      await this.deps.checkout.expireSession(deposit.checkoutSessionId).catch((error: unknown) => {
        this.deps.log?.(
          `Quote ${record.number}: the withdrawn contract's Checkout session ${deposit.checkoutSessionId} could not be expired`,
          error,
        );
      });
    }
    const refund = refundDueCents(record.deposit);
    const note = `Quote ${record.number} version ${record.version} withdrawn by ${name} within the cooling-off period${refund ? `: refund due ${formatCents(refund)}` : ''}`;
    await this.setLeadStatus(kind, lead.id, 'quoted', note, at);
    await this.summarize(record);
    const site = await this.deps.settings();
    const settings = await this.deps.messageSettings();
    const url = await this.customerUrl(settings, kind, lead.id);
    const when = formatDateTime(new Date(at));
    const customer = quoteCustomerEmail(settings, lead.email, {
      subject: `You withdrew from the contract of quote ${record.number}`,
      firstName: lead.firstName,
      body: `We received your notice of withdrawal from the contract of quote ${record.number}, given by ${name} on ${when} (Melbourne time), within the cooling-off period. ${refund ? `We keep $100 as the law allows and refund you ${formatCents(refund)} of the deposit you paid.` : 'You paid no deposit, so nothing is owed either way.'} If you did not send this notice, call us on ${site.business.phone}.`,
      summary: [
        ...quoteSummary(record, await this.jobAddress(record, lead)),
        { label: 'Notice given', value: `${fullDateTime(new Date(at))} by ${name}` },
        { label: 'Refund', value: refund ? formatCents(refund) : 'None: no deposit was paid' },
      ],
      action: { label: 'Your page', url },
      attachments: [],
    });
    const staff = staffAlert(settings, {
      subject: `Contract withdrawn: quote ${record.number}, ${lead.firstName} ${lead.lastName}`,
      intro: `${name} withdrew from the contract of quote ${record.number} version ${record.version} within the cooling-off period`,
      fields: [
        { label: 'Notice given', value: `${when} (Melbourne time)` },
        { label: 'Refund due', value: refund ? `${formatCents(refund)} (paid less $100)` : 'None: no deposit was paid' },
      ],
      receivedAt: new Date(at),
      link: adminLink(settings, kind === 'inquiry' ? 'inquiries' : 'quotes', lead.id),
    });
    await this.queue(kind, lead.id, `${record.id}-withdrawn`, [customer, ...staff]);
    return this.customerView(record, site);
  }

  /** Staff mark a withdrawn contract's refund made: 409 when none is due, or it is marked already. */
  async markRefunded(id: string): Promise<Quote> {
    const current = await this.quote(id);
    if (current.withdrawal?.refundedAt) throw new ConflictError(quoteAnswerMessages.alreadyRefunded);
    if (current.status !== 'withdrawn' || !current.withdrawal || !refundDueCents(current.deposit)) {
      throw new ConflictError(quoteAnswerMessages.notRefundable);
    }
    const at = this.now();
    const saved = await this.deps.store.quoteVersions.transform(id, (stored) =>
      stored.withdrawal && !stored.withdrawal.refundedAt ? { withdrawal: { ...stored.withdrawal, refundedAt: at }, updatedAt: at } : null,
    );
    if (!saved || saved.withdrawal?.refundedAt !== at) throw new ConflictError(quoteAnswerMessages.alreadyRefunded);
    await this.leads(saved.leadKind).transform(saved.leadId, (lead) => {
      const change = leadPatch(
        lead,
        { note: `Refund of ${formatCents(refundDueCents(saved.deposit))} on quote ${saved.number} marked made` },
        'staff',
        at,
      );
      return change === 'full' ? null : change;
    });
    return this.staffView(saved);
  }

  /**
   * Attaches the domestic building insurance certificate (an admin upload of kind `document`)
   * to a version: it replaces one attached before, and the customer can then download it and
   * be asked for the deposit. 400 for an address that is no unused PDF upload.
   */
  async attachInsurance(id: string, url: string): Promise<Quote> {
    const quote = await this.quote(id);
    if (quote.status === 'declined' || quote.status === 'replaced' || quote.status === 'withdrawn') {
      throw new ConflictError(quoteAnswerMessages.notDraft);
    }
    const { objects } = this.deps.store;
    const upload = await objects.findOne({ url });
    const notUpload = 'Upload the certificate as a PDF first, then send its url';
    if (!upload || upload.kind !== 'document' || upload.attached || upload.size === 0)
      throw new InvalidError(notUpload, { url: notUpload });
    if (!(await objects.updateIf(upload.id, { attached: false }, { attached: true })))
      throw new InvalidError(notUpload, { url: notUpload });
    const at = this.now();
    const insurance = { name: `Insurance certificate ${quote.number}.pdf`, size: upload.size, attachedAt: at, url: upload.url };
    const saved = await this.deps.store.quoteVersions.update(id, { insurance, updatedAt: at });
    if (quote.insurance && quote.insurance.url !== url) await this.removeUpload(quote.insurance.url);
    if (!saved) throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return this.staffView(saved);
  }

  /** Takes the certificate off a version (and deletes its file): the deposit over $16,000 waits again. */
  async removeInsurance(id: string): Promise<Quote> {
    const quote = await this.quote(id);
    if (!quote.insurance) throw new NotFoundError(quoteAnswerMessages.noInsurance);
    const saved = await this.deps.store.quoteVersions.update(id, { insurance: undefined, updatedAt: this.now() });
    await this.removeUpload(quote.insurance.url);
    if (!saved) throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return this.staffView(saved);
  }

  /** A version's insurance certificate for staff: 404 when none is attached. */
  async insuranceFile(id: string): Promise<{ quote: QuoteRecord; file: { stream: Readable; size: number } }> {
    return this.openInsurance(await this.quote(id));
  }

  /** The certificate of one of the customer's quotes, by their link. */
  async customerInsurance(token: string, quoteId: string): Promise<{ quote: QuoteRecord; file: { stream: Readable; size: number } }> {
    const { lead } = await this.byToken(token);
    return this.openInsurance(await this.customerQuote(lead.id, quoteId));
  }

  private async openInsurance(quote: QuoteRecord): Promise<{ quote: QuoteRecord; file: { stream: Readable; size: number } }> {
    const record = quote.insurance ? await this.deps.store.objects.findOne({ url: quote.insurance.url }) : null;
    const file = record && this.deps.files ? await this.deps.files.open(record.key) : null;
    if (!file) throw new NotFoundError(quoteAnswerMessages.noInsurance);
    return { quote, file };
  }

  private async removeUpload(url: string): Promise<void> {
    const record = await this.deps.store.objects.findOne({ url });
    if (!record) return;
    await this.deps.files?.delete(record.key);
    await this.deps.store.objects.delete(record.id);
  }

  /** 409 naming what a major quote still lacks before it may be sent (s 31): the registration, the site, the start, the completion. */
  private checkParticulars(quote: QuoteRecord, site: SiteSettings): void {
    if (!isMajorWorks(highestTotalCents(quote.items))) return;
    const missing = (
      [
        ['registrationNumber', Boolean(site.business.registrationNumber)],
        ['siteAddress', Boolean(quote.siteAddress)],
        ['start', Boolean(quote.startDate || quote.startWithinWeeks)],
        ['completionWeeks', Boolean(quote.completionWeeks)],
      ] as const
    ).filter(([, given]) => !given);
    if (!missing.length) return;
    const labels = missing.map(([field]) => particularsLabels[field]);
    const message = quoteAnswerMessages.particularsMissing(quote.number, labels);
    throw new ConflictError(message, Object.fromEntries(missing.map(([field]) => [field, particularsLabels[field]])));
  }

  /** The street of the site measure the lead booked, as a quote's site address. */
  /** Where the work is: the quote's site address, or the booked measure's. */
  private async jobAddress(quote: QuoteRecord, lead: LeadRecord): Promise<string | undefined> {
    return quote.siteAddress ?? (await this.bookedSite(lead));
  }

  private async bookedSite(lead: LeadRecord): Promise<string | undefined> {
    const bookingId = 'bookingId' in lead ? lead.bookingId : undefined;
    const booking = bookingId ? await this.deps.store.bookings.get(bookingId) : null;
    return booking ? `${booking.street}, ${booking.suburb} VIC ${booking.postcode}` : undefined;
  }

  // ---------------------------------------------------------------- helpers

  /** The customer's page's address: their lead signed. */
  async customerUrl(settings: Pick<MessageSettings, 'siteUrl'>, kind: QuoteLeadKind, leadId: string): Promise<string> {
    const token = await this.deps.signer.sign('customer', `${kind === 'inquiry' ? 'i' : 'q'}-${leadId}`);
    return `${settings.siteUrl}${paths.customer}?t=${encodeURIComponent(token)}`;
  }

  private async byToken(token: string): Promise<{ kind: QuoteLeadKind; lead: LeadRecord }> {
    const subject = await this.deps.signer.verify('customer', token);
    const match = subject ? /^([iq])-(.+)$/.exec(subject) : null;
    if (!match) throw new NotFoundError(quoteAnswerMessages.notFound);
    const kind: QuoteLeadKind = match[1] === 'i' ? 'inquiry' : 'quote';
    const lead = await this.leads(kind).get(match[2]);
    if (!lead) throw new NotFoundError(quoteAnswerMessages.notFound);
    return { kind, lead };
  }

  /** A sent (or answered or replaced) quote of this lead; 404 for a draft or another lead's. */
  private async customerQuote(leadId: string, quoteId: string): Promise<QuoteRecord> {
    const quote = await this.deps.store.quoteVersions.get(quoteId);
    if (!quote || quote.leadId !== leadId || quote.status === 'draft') throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return quote;
  }

  /** Throws unless the version still waits for an answer: replaced or expired 410, answered 409. */
  private checkOpen(quote: QuoteRecord): void {
    if (quote.status === 'replaced') throw new GoneError(quoteAnswerMessages.replaced);
    if (quote.status === 'declined') throw new ConflictError(quoteAnswerMessages.declined);
    if (quote.status === 'accepted') throw new ConflictError(quoteAnswerMessages.alreadyAnswered);
    if (quote.validUntil && Date.parse(quote.validUntil) <= this.deps.clock.now().getTime())
      throw new GoneError(quoteAnswerMessages.expired);
  }

  private async setLeadStatus(
    kind: QuoteLeadKind,
    leadId: string,
    status: 'won' | 'lost' | 'quoted',
    note: string,
    at: string,
  ): Promise<void> {
    await this.leads(kind).transform(leadId, (current) => {
      const change = leadPatch(current, { status, note }, 'customer', at);
      // A history already full still takes the status: the quote's own record keeps the answer.
      return change === 'full' ? { status, updatedAt: at } : change;
    });
  }

  /** Keeps the lead's `quoteSummary` (the admin's lists show it) in step with this version. */
  private async summarize(quote: QuoteRecord | null): Promise<void> {
    if (!quote || quote.status === 'draft') return;
    const summary: LeadQuoteSummary = {
      quoteId: quote.id,
      number: quote.number,
      version: quote.version,
      status: quote.status,
      totalCents: (quote.acceptance?.totals ?? quoteTotals(quote.items)).totalCents,
      ...(quote.deposit
        ? {
            deposit: {
              status: quote.deposit.status,
              cents: quote.deposit.cents,
              ...(quote.deposit.method ? { method: quote.deposit.method } : {}),
            },
          }
        : {}),
    };
    await this.leads(quote.leadKind).update(quote.leadId, { quoteSummary: summary });
  }

  private async queue(kind: QuoteLeadKind, leadId: string, key: string, drafts: Draft[]): Promise<void> {
    if (!drafts.length) return;
    const messages: NewMessage[] = drafts.map((draft, i) => ({ ...draft, id: `${leadId}-${key}-${i + 1}` }));
    await this.deps.store.messages.addToLead({ kind, id: leadId }, messages, this.now());
    this.deps.wake?.();
  }

  /** The version of this quote (any but `quote` itself) that the customer accepted, if one is. */
  private async acceptedVersion(quote: QuoteRecord): Promise<QuoteRecord | undefined> {
    return (await this.forLead(quote.leadId)).find(
      (other) => other.number === quote.number && other.id !== quote.id && other.status === 'accepted',
    );
  }

  /** 409 once any version of this quote is accepted: the acceptance is the contract, and changes are a new quote. */
  private async refuseOnceAccepted(quote: QuoteRecord): Promise<void> {
    const accepted = quote.status === 'accepted' ? quote : await this.acceptedVersion(quote);
    if (accepted) throw new ConflictError(quoteAcceptedMessage(accepted.acceptance?.at ?? accepted.updatedAt));
  }

  /**
   * A sent or accepted version's PDF, made once and kept: what the customer was sent stays
   * what they can read again, and a link asked for it many times costs one rendering. A draft's
   * is made each time (it changes).
   */
  private async keptPdf(quote: QuoteRecord, lead: LeadRecord, site: SiteSettings, copy: QuotePdfCopy = 'customer'): Promise<Buffer> {
    const { files: pdfs } = this.deps;
    if (!pdfs || quote.status === 'draft') return this.pdfOf(quote, lead, site, copy);
    const key = quotePdfKey(quote.id, Boolean(quote.acceptance), copy);
    const kept = await pdfs.open(key).catch(() => null);
    if (kept) return buffer(kept.stream);
    const pdf = await this.pdfOf(quote, lead, site, copy);
    await pdfs.put(key, pdf, 'application/pdf');
    return pdf;
  }

  private async pdfOf(quote: QuoteRecord, lead: LeadRecord, site: SiteSettings, copy: QuotePdfCopy): Promise<Buffer> {
    const totals = quote.acceptance?.totals ?? quoteTotals(quote.items);
    const deposit = quote.deposit ?? {
      percent: Math.min(site.payments.depositPercent ?? depositCapPercent(totals.totalCents), depositCapPercent(totals.totalCents)),
      cents: depositCents(totals.totalCents, site.payments.depositPercent),
    };
    const logo = this.deps.logo ? await this.deps.logo(site).catch(() => undefined) : undefined;
    return quotePdf(
      quote,
      { business: site.business, ...(logo ? { logo } : {}) },
      deposit,
      { name: `${lead.firstName} ${lead.lastName}`, address: await this.jobAddress(quote, lead) },
      {
        consumerGuideUrl: quote.acceptance?.consumerGuide?.url ?? site.payments.consumerGuideUrl,
        coolingOffNotice: coolingOffNotice(this.deps.clock.now()),
        dates: contractDates(quote),
      },
      copy,
    );
  }

  private pdfAttachment(quote: QuoteRecord, pdf: Buffer) {
    return {
      filename: `quote-${quote.number}-v${quote.version}${quote.status === 'accepted' ? '-accepted' : ''}.pdf`,
      contentType: 'application/pdf',
      content: pdf.toString('base64'),
      encoding: 'base64' as const,
    };
  }

  private async quote(id: string): Promise<QuoteRecord> {
    const quote = await this.deps.store.quoteVersions.get(id);
    if (!quote) throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return quote;
  }

  private async lead(kind: QuoteLeadKind, id: string): Promise<LeadRecord> {
    const lead = await this.leads(kind).get(id);
    if (!lead) throw new NotFoundError(leadMissing[kind]);
    return lead;
  }

  private leads(kind: QuoteLeadKind): Collection<LeadRecord> {
    return (kind === 'inquiry' ? this.deps.store.inquiries : this.deps.store.quotes) as Collection<LeadRecord>;
  }

  private async forLead(leadId: string): Promise<QuoteRecord[]> {
    const page = await this.deps.store.quoteVersions.find({
      where: { leadId },
      orderBy: 'createdAt',
      direction: 'desc',
      limit: quotesPerLead,
    });
    return page.items;
  }

  private async nextNumber(): Promise<string> {
    const { quoteCounters } = this.deps.store;
    let counted = await quoteCounters.transform('quotes', (current) => ({ next: current.next + 1 }));
    if (!counted) {
      try {
        await quoteCounters.insert({ id: 'quotes', next: 1 });
        counted = { id: 'quotes', next: 1 };
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        counted = await quoteCounters.transform('quotes', (current) => ({ next: current.next + 1 }));
      }
    }
    return `Q-${String(counted?.next ?? 1).padStart(4, '0')}`;
  }

  private content(
    draft: QuoteDraft,
  ): Pick<QuoteRecord, 'items' | 'validDays' | 'notes' | 'terms' | 'siteAddress' | 'startDate' | 'startWithinWeeks' | 'completionWeeks'> {
    return {
      items: draft.items.map((item) => ({
        description: item.description,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        ...(item.unit ? { unit: item.unit } : {}),
        ...(item.optional ? { optional: true } : {}),
        ...(item.group ? { group: item.group } : {}),
        ...(item.section ? { section: item.section } : {}),
      })),
      validDays: draft.validDays ?? quoteLimits.validDaysDefault,
      ...(draft.notes ? { notes: draft.notes } : {}),
      ...(draft.terms ? { terms: draft.terms } : {}),
      ...(draft.siteAddress ? { siteAddress: draft.siteAddress } : {}),
      ...(draft.startDate ? { startDate: draft.startDate } : {}),
      ...(draft.startWithinWeeks ? { startWithinWeeks: draft.startWithinWeeks } : {}),
      ...(draft.completionWeeks ? { completionWeeks: draft.completionWeeks } : {}),
    };
  }

  private staffView(record: QuoteRecord): Quote {
    const { nextDraftId: _next, ...rest } = record;
    return {
      ...rest,
      totals: quoteTotals(record.items),
      // A deposit paid after the withdrawal (a transfer already on its way) is due back as well.
      ...(record.withdrawal ? { withdrawal: { ...record.withdrawal, refundDueCents: refundDueCents(record.deposit) } } : {}),
    };
  }

  private customerView(record: QuoteRecord, site: SiteSettings): CustomerQuote {
    const { leadKind: _kind, leadId: _lead, acceptance, deposit, nextDraftId: _next, insurance, withdrawal, ...rest } = record;
    const now = this.deps.clock.now();
    const expired = record.status === 'sent' && Boolean(record.validUntil) && Date.parse(record.validUntil ?? '') <= now.getTime();
    const total = acceptance?.totals.totalCents ?? highestTotalCents(record.items);
    return {
      ...rest,
      ...(insurance ? { insurance: { name: insurance.name, size: insurance.size, attachedAt: insurance.attachedAt } } : {}),
      ...(withdrawal ? { withdrawal: { ...withdrawal, refundDueCents: refundDueCents(deposit) } } : {}),
      ...(isMajorWorks(total)
        ? {
            major: {
              registrationNumber: site.business.registrationNumber ?? '',
              consumerGuideUrl: acceptance?.consumerGuide?.url ?? site.payments.consumerGuideUrl,
              coolingOffIfAcceptedNow: coolingOffEndsAt(now),
            },
          }
        : {}),
      ...(insuranceOutstanding(record) ? { insuranceRequired: true } : {}),
      // Shown at once after acceptance, so paying by transfer needs no further tap.
      ...(record.status === 'accepted' && deposit && deposit.status !== 'paid' && !insuranceOutstanding(record) && hasBank(site)
        ? {
            bankTransfer: {
              accountName: site.payments.bankAccountName,
              bsb: site.payments.bankBsb,
              accountNumber: site.payments.bankAccountNumber,
              reference: deposit.reference,
              amountCents: deposit.cents,
              ...(deposit.dueAt ? { dueAt: deposit.dueAt } : {}),
            },
          }
        : {}),
      totals: quoteTotals(record.items),
      ...(acceptance
        ? {
            acceptance: {
              name: acceptance.name,
              at: acceptance.at,
              selection: acceptance.selection,
              totals: acceptance.totals,
              sha256: acceptance.sha256,
              ...(acceptance.consumerGuide ? { consumerGuide: acceptance.consumerGuide } : {}),
              ...(acceptance.independentLegalAdvice ? { independentLegalAdvice: true } : {}),
            },
          }
        : {}),
      ...(deposit
        ? {
            deposit: {
              percent: deposit.percent,
              cents: deposit.cents,
              status: deposit.status,
              reference: deposit.reference,
              ...(deposit.method ? { method: deposit.method } : {}),
              ...(deposit.paidAt ? { paidAt: deposit.paidAt } : {}),
              ...(deposit.dueAt ? { dueAt: deposit.dueAt } : {}),
            },
          }
        : {}),
      expired,
    };
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

const hasBank = (site: SiteSettings) => Boolean(site.payments.bankAccountName && site.payments.bankBsb && site.payments.bankAccountNumber);

/** What a withdrawn contract's owner gets back: what they paid less the $100 the builder keeps (s 34(3)). */
export const refundDueCents = (deposit: QuoteRecord['deposit']): number =>
  deposit?.status === 'paid' ? Math.max(0, deposit.cents - coolingOffKeepCents) : 0;

/** Whether an accepted version over $16,000 still waits for its insurance certificate before the deposit. */
const insuranceOutstanding = (quote: QuoteRecord): boolean =>
  quote.status === 'accepted' && needsInsuranceCertificate(quote.acceptance?.totals.totalCents ?? 0) && !quote.insurance;

/** A draft's particulars, emptied before a save writes what the builder now holds (a cleared field goes). */
const clearedParticulars = { siteAddress: undefined, startDate: undefined, startWithinWeeks: undefined, completionWeeks: undefined };

/** A quote email's summary: which quote, and where the work is when known. */
function quoteSummary(quote: QuoteRecord, where: string | undefined): Field[] {
  return [
    { label: 'What', value: `Quote ${quote.number}${quote.version > 1 ? `, version ${quote.version}` : ''}` },
    ...(where ? [{ label: 'Where', value: where }] : []),
  ];
}

/** How the start and completion read: "on Monday 1 February 2027" or "within 6 weeks of acceptance"; "8 weeks". */
export function contractDates(quote: Pick<QuoteRecord, 'startDate' | 'startWithinWeeks' | 'completionWeeks'>): {
  start?: string;
  completion?: string;
} {
  const start = quote.startDate
    ? `on ${formatWeekdayDate(new Date(`${quote.startDate}T12:00:00+10:00`))}`
    : quote.startWithinWeeks
      ? `within ${quote.startWithinWeeks} week${quote.startWithinWeeks === 1 ? '' : 's'} of acceptance`
      : undefined;
  const completion = quote.completionWeeks
    ? `${quote.completionWeeks} week${quote.completionWeeks === 1 ? '' : 's'} from the start`
    : undefined;
  return { ...(start ? { start } : {}), ...(completion ? { completion } : {}) };
}

/** The cooling-off notice in plain words, with the end it would have if accepted at `at`. */
export function coolingOffNotice(at: Date): string {
  return `Cooling-off: you may withdraw from this contract by written notice within 5 clear business days after you receive a copy of it signed (weekends and Victorian public holidays do not count). Accepted now, that is until ${formatDateTime(new Date(coolingOffEndsAt(at)))} (Melbourne time). The builder may keep $100 and refunds the rest of what you paid. The right does not apply if you had independent legal advice before accepting.`;
}

/** A sent major quote's email: its particulars, the consumer guide and the cooling-off notice. */
function majorNotice(quote: QuoteRecord, site: SiteSettings, now: Date): string {
  if (!isMajorWorks(highestTotalCents(quote.items))) return '';
  const dates = contractDates(quote);
  return ` Over $10,000 this is a major domestic building contract: the site is ${quote.siteAddress ?? ''}, work starts ${dates.start ?? ''} and takes ${dates.completion ?? ''}; our builder registration is ${site.business.registrationNumber ?? ''}. Before accepting, please read the Domestic Building Consumer Guide: ${site.payments.consumerGuideUrl}. ${coolingOffNotice(now)}`;
}

/** An accepted major contract's email: until when the owner may withdraw, or why they may not. */
function acceptedNotice(quote: QuoteRecord, site: SiteSettings): string {
  if (quote.coolingOffEndsAt) {
    return ` You may withdraw from this contract by written notice until ${formatDateTime(new Date(quote.coolingOffEndsAt))} (Melbourne time), 5 clear business days after this email: use "Withdraw from this contract" on your page. ${site.business.brand} may keep $100 and refunds the rest of what you paid.`;
  }
  if (quote.acceptance?.independentLegalAdvice)
    return ' You told us you had independent legal advice before accepting, so there is no cooling-off period.';
  return '';
}

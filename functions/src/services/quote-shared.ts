import {
  depositCapPercent,
  depositCents,
  coolingOffKeepCents,
  needsInsuranceCertificate,
  paths,
  quoteAnswerMessages,
  quoteTotals,
  type Inquiry,
  type LeadQuoteSummary,
  type Quote,
  type QuoteLeadKind,
  type QuoteRequest,
  type SiteSettings,
} from '@site/domain';
import { coolingOffEndsAt } from '@site/domain/cooling-off';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Clock } from '../ports/clock';
import type { Log } from '../ports/log';
import type { ObjectStore } from '../ports/object-store';
import { NotFoundError } from '../ports/errors';
import type { NewMessage } from '../ports/messages';
import { quotePdfKey, type DepositCheckout, type QuoteRecord } from '../ports/quotes';
import type { Collection, Store } from '../ports/store';
import type { Attachments } from './attachments';
import { formatDateTime, formatWeekdayDate } from './days';
import { type Draft, type Field, type MessageSettings } from './lead-messages';
import type { LinkSigner } from './link-signing';
import { quotePdf, type QuotePdfCopy } from './quote-pdf';

const leadMissing: Record<QuoteLeadKind, string> = { inquiry: 'Inquiry not found', quote: 'Quote request not found' };
/** A lead's quotes at most, versions included: the admin's list reads them in one page. */
export const quotesPerLead = 200;

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

export type LeadRecord = Inquiry | QuoteRequest;

/**
 * What the quotes' three audiences share (staff-quotes.ts for staff's builder, customer-quotes.ts
 * for the customer's page, quote-payments.ts for the deposit): reading a version and its lead,
 * the lead's summary and messages, the kept PDFs, the customer's link and the staff's view.
 */
export abstract class QuoteCore {
  constructor(protected readonly deps: QuoteServiceDeps) {}

  /** The customer's page's address: their lead signed. */
  async customerUrl(settings: Pick<MessageSettings, 'siteUrl'>, kind: QuoteLeadKind, leadId: string): Promise<string> {
    const token = await this.deps.signer.sign('customer', `${kind === 'inquiry' ? 'i' : 'q'}-${leadId}`);
    return `${settings.siteUrl}${paths.customer}?t=${encodeURIComponent(token)}`;
  }

  protected async byToken(token: string): Promise<{ kind: QuoteLeadKind; lead: LeadRecord }> {
    const subject = await this.deps.signer.verify('customer', token);
    const match = subject ? /^([iq])-(.+)$/.exec(subject) : null;
    if (!match) throw new NotFoundError(quoteAnswerMessages.notFound);
    const kind: QuoteLeadKind = match[1] === 'i' ? 'inquiry' : 'quote';
    const lead = await this.leads(kind).get(match[2]);
    if (!lead) throw new NotFoundError(quoteAnswerMessages.notFound);
    return { kind, lead };
  }

  /** A sent (or answered or replaced) quote of this lead; 404 for a draft or another lead's. */
  protected async customerQuote(leadId: string, quoteId: string): Promise<QuoteRecord> {
    const quote = await this.deps.store.quoteVersions.get(quoteId);
    if (!quote || quote.leadId !== leadId || quote.status === 'draft') throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return quote;
  }

  /** Keeps the lead's `quoteSummary` (the admin's lists show it) in step with this version. */
  protected async summarize(quote: QuoteRecord | null): Promise<void> {
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

  protected async queue(kind: QuoteLeadKind, leadId: string, key: string, drafts: Draft[]): Promise<void> {
    if (!drafts.length) return;
    const messages: NewMessage[] = drafts.map((draft, i) => ({ ...draft, id: `${leadId}-${key}-${i + 1}` }));
    await this.deps.store.messages.addToLead({ kind, id: leadId }, messages, this.now());
    this.deps.wake?.();
  }

  /** The version of this quote (any but `quote` itself) that the customer accepted, if one is. */
  protected async acceptedVersion(quote: QuoteRecord): Promise<QuoteRecord | undefined> {
    return (await this.forLead(quote.leadId)).find(
      (other) => other.number === quote.number && other.id !== quote.id && other.status === 'accepted',
    );
  }

  /**
   * A sent or accepted version's PDF, made once and kept: what the customer was sent stays
   * what they can read again, and a link asked for it many times costs one rendering. A draft's
   * is made each time (it changes).
   */
  protected async keptPdf(quote: QuoteRecord, lead: LeadRecord, site: SiteSettings, copy: QuotePdfCopy = 'customer'): Promise<Buffer> {
    const { files: pdfs } = this.deps;
    if (!pdfs || quote.status === 'draft') return this.pdfOf(quote, lead, site, copy);
    const key = quotePdfKey(quote.id, Boolean(quote.acceptance), copy);
    const kept = await pdfs.open(key).catch(() => null);
    if (kept) return buffer(kept.stream);
    const pdf = await this.pdfOf(quote, lead, site, copy);
    await pdfs.put(key, pdf, 'application/pdf');
    return pdf;
  }

  protected async pdfOf(quote: QuoteRecord, lead: LeadRecord, site: SiteSettings, copy: QuotePdfCopy): Promise<Buffer> {
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

  protected pdfAttachment(quote: QuoteRecord, pdf: Buffer) {
    return {
      filename: `quote-${quote.number}-v${quote.version}${quote.status === 'accepted' ? '-accepted' : ''}.pdf`,
      contentType: 'application/pdf',
      content: pdf.toString('base64'),
      encoding: 'base64' as const,
    };
  }

  protected async quote(id: string): Promise<QuoteRecord> {
    const quote = await this.deps.store.quoteVersions.get(id);
    if (!quote) throw new NotFoundError(quoteAnswerMessages.quoteNotFound);
    return quote;
  }

  protected async lead(kind: QuoteLeadKind, id: string): Promise<LeadRecord> {
    const lead = await this.leads(kind).get(id);
    if (!lead) throw new NotFoundError(leadMissing[kind]);
    return lead;
  }

  protected leads(kind: QuoteLeadKind): Collection<LeadRecord> {
    return (kind === 'inquiry' ? this.deps.store.inquiries : this.deps.store.quotes) as Collection<LeadRecord>;
  }

  protected async forLead(leadId: string): Promise<QuoteRecord[]> {
    const page = await this.deps.store.quoteVersions.find({
      where: { leadId },
      orderBy: 'createdAt',
      direction: 'desc',
      limit: quotesPerLead,
    });
    return page.items;
  }

  protected staffView(record: QuoteRecord): Quote {
    const { nextDraftId: _next, ...rest } = record;
    return {
      ...rest,
      totals: quoteTotals(record.items),
      // A deposit paid after the withdrawal (a transfer already on its way) is due back as well.
      ...(record.withdrawal ? { withdrawal: { ...record.withdrawal, refundDueCents: refundDueCents(record.deposit) } } : {}),
    };
  }

  protected async openInsurance(quote: QuoteRecord): Promise<{ quote: QuoteRecord; file: { stream: Readable; size: number } }> {
    const record = quote.insurance ? await this.deps.store.objects.findOne({ url: quote.insurance.url }) : null;
    const file = record && this.deps.files ? await this.deps.files.open(record.key) : null;
    if (!file) throw new NotFoundError(quoteAnswerMessages.noInsurance);
    return { quote, file };
  }

  /** Where the work is: the quote's site address, or the booked measure's. */
  protected async jobAddress(quote: QuoteRecord, lead: LeadRecord): Promise<string | undefined> {
    return quote.siteAddress ?? (await this.bookedSite(lead));
  }

  /** The street of the site measure the lead booked, as a quote's site address. */
  protected async bookedSite(lead: LeadRecord): Promise<string | undefined> {
    const bookingId = 'bookingId' in lead ? lead.bookingId : undefined;
    const booking = bookingId ? await this.deps.store.bookings.get(bookingId) : null;
    return booking ? `${booking.street}, ${booking.suburb} VIC ${booking.postcode}` : undefined;
  }

  protected now(): string {
    return this.deps.clock.now().toISOString();
  }
}

export const hasBank = (site: SiteSettings) =>
  Boolean(site.payments.bankAccountName && site.payments.bankBsb && site.payments.bankAccountNumber);

/** What a withdrawn contract's owner gets back: what they paid less the $100 the builder keeps (s 34(3)). */
export const refundDueCents = (deposit: QuoteRecord['deposit']): number =>
  deposit?.status === 'paid' ? Math.max(0, deposit.cents - coolingOffKeepCents) : 0;

/** Whether an accepted version over $16,000 still waits for its insurance certificate before the deposit. */
export const insuranceOutstanding = (quote: QuoteRecord): boolean =>
  quote.status === 'accepted' && needsInsuranceCertificate(quote.acceptance?.totals.totalCents ?? 0) && !quote.insurance;

/** A quote email's summary: which quote, and where the work is when known. */
export function quoteSummary(quote: QuoteRecord, where: string | undefined): Field[] {
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

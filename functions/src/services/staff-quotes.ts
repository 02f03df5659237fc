import {
  formatCents,
  highestTotalCents,
  isMajorWorks,
  particularsLabels,
  quoteAnswerMessages,
  quoteLimits,
  quoteAcceptedMessage,
  quoteTotals,
  type Quote,
  type QuoteDraft,
  type QuoteLeadKind,
  type SiteSettings,
  closureOn,
  businessTimeZone,
} from '@site/domain';
import { visitDateLabel } from '@site/domain/booking-slots';
import { melbourneDay } from '@site/domain/cooling-off';
import { TZDate } from '@date-fns/tz';
import type { Readable } from 'node:stream';
import { newId } from '../ids';
import { ConflictError, InvalidError, NotFoundError } from '../ports/errors';
import { type QuoteRecord } from '../ports/quotes';
import { quoteCustomerEmail } from './lead-messages';
import { leadPatch } from './leads';
import { QuoteCore, contractDates, coolingOffNotice, quoteSummary, quotesPerLead } from './quote-shared';

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

/**
 * Staff's quotes on a lead: drafts (the builder's autosave), sending (which freezes the version
 * and emails the PDF and the customer's link), new versions of a sent quote, the PDF, and the
 * insurance certificate of a major contract.
 */
export class StaffQuotes extends QuoteCore {
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

  /** 409 once any version of this quote is accepted: the acceptance is the contract, and changes are a new quote. */
  private async refuseOnceAccepted(quote: QuoteRecord): Promise<void> {
    const accepted = quote.status === 'accepted' ? quote : await this.acceptedVersion(quote);
    if (accepted) throw new ConflictError(quoteAcceptedMessage(accepted.acceptance?.at ?? accepted.updatedAt));
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
}

/** A draft's particulars, emptied before a save writes what the builder now holds (a cleared field goes). */
const clearedParticulars = { siteAddress: undefined, startDate: undefined, startWithinWeeks: undefined, completionWeeks: undefined };

/** A sent major quote's email: its particulars, the consumer guide and the cooling-off notice. */
function majorNotice(quote: QuoteRecord, site: SiteSettings, now: Date): string {
  if (!isMajorWorks(highestTotalCents(quote.items))) return '';
  const dates = contractDates(quote);
  return ` Over $10,000 this is a major domestic building contract: the site is ${quote.siteAddress ?? ''}, work starts ${dates.start ?? ''} and takes ${dates.completion ?? ''}; our builder registration is ${site.business.registrationNumber ?? ''}. Before accepting, please read the Domestic Building Consumer Guide: ${site.payments.consumerGuideUrl}. ${coolingOffNotice(now)}`;
}

import {
  attachmentLimits,
  attachmentMessages,
  depositCapPercent,
  depositCents,
  formatCents,
  highestTotalCents,
  isMajorWorks,
  needsInsuranceCertificate,
  quoteAnswerMessages,
  quoteMessages,
  quoteAcceptedMessage,
  quoteTotals,
  selectionProblem,
  type AttachmentRef,
  type CustomerPage,
  type CustomerQuote,
  type Inquiry,
  type QuoteLeadKind,
  type QuoteRequest,
  type QuoteSelection,
  type SiteSettings,
} from '@site/domain';
import { coolingOffEndsAt } from '@site/domain/cooling-off';
import { depositDueAt } from '@site/domain/deposit-due';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ConflictError, GoneError, InvalidError, NotFoundError } from '../ports/errors';
import { type QuoteRecord } from '../ports/quotes';
import { formatDateTime, formatWeekdayDate } from './days';
import { adminLink, fullDateTime, quoteCustomerEmail, staffAlert } from './lead-messages';
import { leadPatch } from './leads';
import { QuoteCore, hasBank, insuranceOutstanding, quoteSummary, refundDueCents, type LeadRecord } from './quote-shared';

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
 * The customer's own page by their signed link: their lead, files and booked measure, their
 * quotes and PDFs, accepting once per version with a record that holds up in a dispute,
 * declining, and withdrawing from a major contract within its cooling-off period.
 */
export class CustomerQuotes extends QuoteCore {
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

  /** The certificate of one of the customer's quotes, by their link. */
  async customerInsurance(token: string, quoteId: string): Promise<{ quote: QuoteRecord; file: { stream: Readable; size: number } }> {
    const { lead } = await this.byToken(token);
    return this.openInsurance(await this.customerQuote(lead.id, quoteId));
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

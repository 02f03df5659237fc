import { depositMarkable, formatCents, quoteAnswerMessages, recordIdPattern, type DepositAnswer, type Quote } from '@site/domain';
import { visitDateLabel } from '@site/domain/booking-slots';
import { newId } from '../ids';
import { ConflictError, InvalidError, NotFoundError, UnavailableError } from '../ports/errors';
import { type CheckoutEvent, type CheckoutSessionData, type DepositCheckout, type QuoteRecord } from '../ports/quotes';
import { abnLabel, quoteCustomerEmail } from './lead-messages';
import { leadPatch } from './leads';
import { QuoteCore, hasBank, insuranceOutstanding, refundDueCents, type LeadRecord } from './quote-shared';

/** 409 of `POST /api/quotes/{id}/deposit-paid`. */
export const depositPaidMessages = {
  notPending: 'This quote has no deposit waiting for a bank transfer',
  alreadyPaid: quoteAnswerMessages.depositPaid,
} as const;
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

/**
 * A quote's money: the customer's deposit (a Stripe Checkout page confirmed by its webhook, or
 * a bank transfer staff mark received), the receipt, and a withdrawn contract's refund marked made.
 */
export class QuotePayments extends QuoteCore {
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
}

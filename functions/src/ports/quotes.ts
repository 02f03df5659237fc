import type { Quote, QuoteDeposit } from '@site/domain';

/**
 * One version of a quote (see ports/schema.ts quoteVersions). Versions of a quote share its
 * `number`; a sent version is frozen, and editing it makes the next version as a draft.
 * Totals are not stored: the domain's `quoteTotals` computes them from the items.
 */
export interface QuoteRecord extends Omit<Quote, 'totals'> {
  /** The draft made from this sent version by an edit, so a second edit goes on to it. */
  nextDraftId?: string;
}

/**
 * Where a version's PDF is kept once made (in the object store): the copy the customer was
 * sent, or the accepted one; the staff's copy apart (it carries the record's SHA-256). The
 * object routes and the Storage rules serve no such key.
 */
export const quotePdfKey = (quoteId: string, accepted: boolean, copy: 'customer' | 'staff' = 'customer') =>
  `quote-pdfs/${quoteId}-${accepted ? 'accepted' : 'sent'}${copy === 'staff' ? '-staff' : ''}.pdf`;

/** A version's deposit as stored (the Checkout session's id included, which the customer's page leaves out). */
export type QuoteRecordDeposit = QuoteDeposit;

/** The next quote number (id `quotes`): one document counted up in a transaction. */
export interface QuoteCounterRecord {
  id: string;
  next: number;
}

/** A Stripe event handled: its id is the event's, so a repeated delivery finds it and changes nothing. */
export interface StripeEventRecord {
  id: string;
  type: string;
  receivedAt: string;
}

/** The Checkout session a verified event is about, as Stripe sent it (nothing here is trusted until checked against the deposit). */
export interface CheckoutSessionData {
  id: string;
  /** From the session's `metadata.quoteId`, which only this server sets (never `client_reference_id`, which a Payment Link fills from its address). */
  quoteId?: string;
  /** In the currency's smallest unit (cents). */
  amountTotal?: number;
  /** Lower case, such as `aud`. */
  currency?: string;
  paymentStatus?: string;
}

/** An event the payment provider sent, once its signature was verified. */
export interface CheckoutEvent {
  id: string;
  type: string;
  /** The Checkout session it is about, when it is about one. */
  session?: CheckoutSessionData;
}

/** A webhook body: the verified event, or why it is refused (a signature that does not match, or a signed body that is no event). */
export type VerifiedCheckoutEvent = { event: CheckoutEvent } | { refused: 'signature' | 'malformed' };

/** Card payments of deposits through a hosted checkout page (Stripe Checkout). */
export interface DepositCheckout {
  createSession(input: {
    quoteId: string;
    email: string;
    amountCents: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    /** When the page stops taking payment (Stripe allows 30 minutes to 24 hours ahead). */
    expiresAt: Date;
  }): Promise<{ id: string; url: string }>;
  /** Closes an open session so it can no longer be paid; throws when it cannot (already paid, say). */
  expireSession(id: string): Promise<void>;
  verifyEvent(rawBody: Buffer, signature: string): Promise<VerifiedCheckoutEvent>;
}

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

/** A Checkout event the payment provider sent, once its signature was verified. */
export interface CheckoutEvent {
  id: string;
  type: string;
  /** The Checkout session it is about, when it is about one. */
  session?: { id: string; paymentStatus?: string; quoteId?: string };
}

/** Card payments of deposits through a hosted checkout page (Stripe Checkout). */
export interface DepositCheckout {
  createSession(input: {
    quoteId: string;
    email: string;
    amountCents: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** The event a webhook delivered, or null when its signature does not match (or it is not an event). */
  verifyEvent(rawBody: Buffer, signature: string): CheckoutEvent | null;
}

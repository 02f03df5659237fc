/**
 * What an email says, apart from how it is laid out (services/email-layout.tsx makes its HTML
 * and text). Plain data: a queued email may keep this instead of its HTML (ports/messages.ts).
 */

/** One labelled value of an email's summary block, linked when it has an address (tel:, mailto:, the dashboard). */
export interface EmailField {
  label: string;
  value: string;
  href?: string;
}

/** Who sends the email: its logo or wordmark at the top, its contact details at the foot. */
export interface EmailBusiness {
  brand: string;
  /** The logo's absolute address; without one the brand is written as a wordmark. */
  logoUrl?: string;
  phone: string;
  /** The phone's E.164 form, for its tel: link. */
  phoneHref: string;
  email: string;
  /** "11 222 333 444", when the business has one. */
  abn?: string;
  /** The business's street address on one line. */
  address: string;
  siteUrl: string;
}

export interface EmailLayout {
  /** The line mail clients show after the subject. */
  preheader: string;
  /** The h1: the email's subject. */
  heading: string;
  /** The message, a paragraph each (a greeting first in a customer's email). */
  paragraphs: string[];
  /** What the email is about, a row each: what, when, where, the amount. */
  summary: EmailField[];
  /** The email's one button: its main link. */
  action?: { label: string; url: string };
  /** "Kind regards," before the brand (customers' emails). */
  signOff?: string;
  business: EmailBusiness;
  /** Review requests and reminders: a line after the contact details, and its link. */
  unsubscribe?: { line: string; url: string };
}

/**
 * Quotes a customer accepts online: the items staff price, the options the customer chooses
 * between, GST and the totals, and the deposit the law allows. One module for the server
 * (which stores, prints and records what was accepted) and the browser (the builder and the
 * customer's page show the same totals to the cent).
 *
 * Money is whole cents everywhere. A line's price is its quantity times its unit price
 * excluding GST, rounded to the cent once (half away from zero); the subtotal is the sum of
 * the chosen lines; GST is 10% of the subtotal, rounded once; the total is subtotal plus GST.
 * Prices to consumers show the total including GST.
 *
 * A deposit under Victoria's Domestic Building Contracts Act 1995 (section 11) is at most 10%
 * of a price under $20,000 and 5% from $20,000.
 *
 * Over $10,000 including GST a quote, once accepted, is a major domestic building contract
 * (s 3, with the Domestic Building Contracts Regulations): it names the builder's
 * registration, the site, the start and the completion period (s 31), comes with the Domestic
 * Building Consumer Guide, and the owner may withdraw within 5 clear business days (s 34,
 * `cooling-off.ts`). Over $16,000 the builder gives the owner the domestic building insurance
 * certificate before taking any money (the Act's s 43B, with the Building Act 1993 s 135 and the
 * Domestic Building Insurance Ministerial Order).
 */
import { businessDate } from './calendar';
import { limits } from './limits';

/** GST in Australia, in percent. */
export const gstPercent = 10;
/** From this total (in cents, $20,000.00) the deposit cap falls from 10% to 5%. */
export const depositThresholdCents = 2_000_000;
/** Over this total including GST ($10,000.00) a contract is major domestic building work. */
export const majorWorksThresholdCents = 1_000_000;
/** Over this total including GST ($16,000.00) the insurance certificate comes before any money. */
export const insuranceThresholdCents = 1_600_000;
/** What the builder keeps when the owner withdraws within the cooling-off period ($100, s 34(3)); approved expenses are agreed apart. */
export const coolingOffKeepCents = 10_000;

/** Whether a total including GST makes the contract a major domestic building contract. */
export const isMajorWorks = (totalCents: number): boolean => totalCents > majorWorksThresholdCents;
/** Whether a total including GST needs the insurance certificate before the deposit. */
export const needsInsuranceCertificate = (totalCents: number): boolean => totalCents > insuranceThresholdCents;

/**
 * Whether staff may mark an accepted version's deposit received by bank transfer: the customer
 * sees the bank details as soon as they accept, so a deposit not yet asked for counts; not once
 * paid, while a card payment is under way, or while the insurance certificate is outstanding.
 */
export function depositMarkable(quote: {
  status: string;
  deposit?: { status: string; method?: string };
  acceptance?: { totals: { totalCents: number } };
  insurance?: unknown;
}): boolean {
  const { deposit } = quote;
  if (quote.status !== 'accepted' || !deposit || deposit.status === 'paid') return false;
  if (deposit.status === 'pending' && deposit.method === 'card') return false;
  return !(needsInsuranceCertificate(quote.acceptance?.totals.totalCents ?? 0) && !quote.insurance);
}

export const quoteLimits = {
  items: 200,
  description: 300,
  unit: 20,
  notes: 4000,
  terms: 8000,
  /** $10,000,000.00 a unit, so a line's cents stay exact in a double. */
  unitPriceCents: 1_000_000_000,
  quantity: 100_000,
  validDaysDefault: 30,
  validDaysMax: 365,
  group: 60,
  section: 60,
  /** $5,000,000.00 including GST: far above any kitchen, bathroom or wardrobe, and a typo's ceiling. */
  totalCents: 500_000_000,
  siteAddress: 200,
  startWithinWeeks: 104,
  completionWeeks: 260,
} as const;

export const quoteMessages = {
  empty: 'Add at least one item to the quote',
  tooMany: `A quote holds at most ${quoteLimits.items} items`,
  description: `Each item needs a description of 1 to ${quoteLimits.description} characters`,
  quantity: 'Quantity: a number above 0 with at most 2 decimal places',
  unit: `Unit: at most ${quoteLimits.unit} characters, such as "m" or "each"`,
  unitPrice: 'Unit price: a whole number of cents from 0, excluding GST',
  group: `Option group: at most ${quoteLimits.group} characters`,
  section: `Section: 1 to ${quoteLimits.section} characters, such as "Cabinetry"`,
  groupAllOptional: 'Items of an option group cannot also be optional: the customer picks one of the group',
  validDays: `Valid for: a whole number of days from 1 to ${quoteLimits.validDaysMax}`,
  notes: `Notes: at most ${quoteLimits.notes} characters`,
  terms: `Terms: at most ${quoteLimits.terms} characters`,
  choice: 'Choose one of the options offered in each group',
  optionalItem: 'Only optional items can be added or left out',
  siteAddress: `Site address: at most ${quoteLimits.siteAddress} characters, such as "14 Smith Street, Northcote VIC 3070"`,
  startDate: 'Start date: a date as YYYY-MM-DD',
  startWithinWeeks: `Start within: a whole number of weeks from 1 to ${quoteLimits.startWithinWeeks}`,
  completionWeeks: `Completion: a whole number of weeks from 1 to ${quoteLimits.completionWeeks}`,
  total: `A quote comes to at most ${'$'}5,000,000.00 including GST: check the quantities and prices`,
  unknownGroup: 'Choose only between the option groups the quote offers',
  depositPercent: (cap: number) =>
    `Deposit: at most ${cap}% (the Domestic Building Contracts Act allows 10% of a price under $20,000 and 5% from $20,000)`,
} as const;

/**
 * What the customer chose: for each option group, the index (in `items`) of the item picked;
 * and the indexes of the optional items added. Absent means the defaults: each group's first
 * item, and no optional item.
 */
/**
 * One line of a quote, as the builder sends it and the quote keeps it (`quoteItemSchema` checks
 * it, and is typed to answer exactly this).
 */
export interface QuoteItem {
  description: string;
  /** Up to two decimals (2.5 m², 0.25 of a day). */
  quantity: number;
  unit?: string;
  /** Excluding GST. */
  unitPriceCents: number;
  /** An item the customer may add or leave out (left out by default). */
  optional?: boolean;
  /** Items with the same group are alternatives: the customer picks one, and the first is the default. */
  group?: string;
  /** The heading the item is printed under ("Cabinetry"); consecutive items with the same section form it. */
  section?: string;
}

export interface QuoteSelection {
  choices?: Record<string, number>;
  optionalItems?: number[];
}

// ---------------------------------------------------------------- price list

export const priceListLimits = { items: 500 } as const;

export const priceListMessages = {
  tooMany: `The price list holds at most ${priceListLimits.items} items: remove some in Settings first`,
  id: 'Each price list item needs an id of letters, digits, "_" or "-"',
  duplicateId: 'Each price list item needs its own id',
  section: `Section: at most ${quoteLimits.section} characters, such as "Cabinetry"`,
} as const;

/** Whether a price list item and a quote's item are the same: the description and section, whatever their case. */
export const samePriceListItem = (a: { description: string; section?: string }, b: { description: string; section?: string }): boolean =>
  a.description.trim().toLowerCase() === b.description.trim().toLowerCase() &&
  (a.section ?? '').trim().toLowerCase() === (b.section ?? '').trim().toLowerCase();

// ---------------------------------------------------------------- money

/** Rounds half away from zero to a whole cent (a line of 1.5 × 3 cents is 5 cents). */
export function roundCents(value: number): number {
  // Products of a 2-decimal quantity and whole cents are exact to 1e-6; the nudge keeps 2.5 from reading as 2.4999999.
  return Math.sign(value) * Math.round(Math.abs(value) + 1e-9);
}

/** A line's price excluding GST, in cents: quantity times unit price, rounded once. */
export const lineCents = (item: Pick<QuoteItem, 'quantity' | 'unitPriceCents'>): number => roundCents(item.quantity * item.unitPriceCents);

export interface QuoteTotals {
  /** Each item's line price (cents, excluding GST), and whether the selection includes it. */
  lines: Array<{ lineCents: number; included: boolean }>;
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
}

/** Why a selection does not fit the quote's items, or null when it does. */
export function selectionProblem(items: readonly QuoteItem[], selection: QuoteSelection = {}): string | null {
  const groups = new Set(items.flatMap((item) => (item.group ? [item.group] : [])));
  for (const [group, index] of Object.entries(selection.choices ?? {})) {
    if (!groups.has(group)) return quoteMessages.unknownGroup;
    if (!Object.hasOwn(items, index) || items[index].group !== group) return quoteMessages.choice;
  }
  for (const index of selection.optionalItems ?? []) {
    if (!items[index]?.optional) return quoteMessages.optionalItem;
  }
  return null;
}

/** The lines a selection includes: every plain item, the chosen item of each group (its first by default) and the optional items added. */
export function includedItems(items: readonly QuoteItem[], selection: QuoteSelection = {}): boolean[] {
  const firstOfGroup = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.group && !firstOfGroup.has(item.group)) firstOfGroup.set(item.group, index);
  });
  const added = new Set(selection.optionalItems ?? []);
  // A Map of the choices: a group named "constructor" or "toString" is the customer's choice, never a property of Object.
  const chosen = new Map(Object.entries(selection.choices ?? {}));
  return items.map((item, index) => {
    if (item.group) return (chosen.get(item.group) ?? firstOfGroup.get(item.group)) === index;
    if (item.optional) return added.has(index);
    return true;
  });
}

/** The quote's totals for a selection (the defaults when none is given). */
export function quoteTotals(items: readonly QuoteItem[], selection: QuoteSelection = {}): QuoteTotals {
  const included = includedItems(items, selection);
  const lines = items.map((item, index) => ({ lineCents: lineCents(item), included: included[index] }));
  const subtotalCents = lines.reduce((sum, line) => sum + (line.included ? line.lineCents : 0), 0);
  const gstCents = roundCents((subtotalCents * gstPercent) / 100);
  return { lines, subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** The total including GST with every group at its dearest item and every optional item added: the most a quote can come to. */
export function highestTotalCents(items: readonly Pick<QuoteItem, 'quantity' | 'unitPriceCents' | 'group'>[]): number {
  const dearest = new Map<string, number>();
  let subtotalCents = 0;
  for (const item of items) {
    const cents = lineCents(item);
    if (item.group) dearest.set(item.group, Math.max(dearest.get(item.group) ?? 0, cents));
    else subtotalCents += cents;
  }
  for (const cents of dearest.values()) subtotalCents += cents;
  return subtotalCents + roundCents((subtotalCents * gstPercent) / 100);
}

/**
 * A run of items shown under one heading: `name` is the items' section, or null for items
 * without one (those a quote starts with sit above the first heading).
 */
export interface QuoteSection {
  name: string | null;
  /** The items' indexes in `items`, in order. */
  indexes: number[];
}

/**
 * The quote's sections in the items' order: consecutive items with the same section form one,
 * so items are never reordered (and a name used again further down starts a new run).
 */
export function quoteSections(items: readonly Pick<QuoteItem, 'section'>[]): QuoteSection[] {
  const sections: QuoteSection[] = [];
  items.forEach((item, index) => {
    const name = item.section ?? null;
    const last = sections.at(-1);
    if (last && last.name === name) last.indexes.push(index);
    else sections.push({ name, indexes: [index] });
  });
  return sections;
}

/** A section's subtotal excluding GST, in cents: the lines of `totals` that its selection includes. */
export const sectionSubtotalCents = (section: QuoteSection, totals: Pick<QuoteTotals, 'lines'>): number =>
  section.indexes.reduce((sum, index) => sum + (totals.lines[index]?.included ? totals.lines[index].lineCents : 0), 0);

/**
 * What choosing each item of an option group instead of its group's default (its first item)
 * changes, in cents excluding GST: 0 for the default, null for items of no group.
 */
export function optionDifferencesCents(items: readonly Pick<QuoteItem, 'quantity' | 'unitPriceCents' | 'group'>[]): Array<number | null> {
  const defaults = new Map<string, number>();
  for (const item of items) if (item.group && !defaults.has(item.group)) defaults.set(item.group, lineCents(item));
  return items.map((item) => (item.group ? lineCents(item) - (defaults.get(item.group) ?? 0) : null));
}

/** A difference of price as the customer reads it: "+$3,546.40", "−$200.00" (a minus sign), "+$0.00". */
export const formatDifferenceCents = (cents: number): string => `${cents < 0 ? '\u2212' : '+'}${formatCents(Math.abs(cents))}`;

/** The highest deposit the law allows on a total, in percent: 10 under $20,000, 5 from $20,000. */
export const depositCapPercent = (totalCents: number): number => (totalCents < depositThresholdCents ? 10 : 5);

/**
 * The deposit on an accepted total, in cents: the settings' percentage (null is the legal
 * maximum), never above the cap, rounded down so it never passes the cap by a cent.
 */
export function depositCents(totalCents: number, settingPercent: number | null): number {
  const percent = Math.min(settingPercent ?? depositCapPercent(totalCents), depositCapPercent(totalCents));
  return Math.floor((totalCents * percent) / 100);
}

/** "$1,234.50" from cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- API shapes

/** A lead a quote belongs to: a project inquiry or a quote request (as in `/api/leads/{kind}/{id}`). */
export const quoteLeadKinds = ['inquiry', 'quote'] as const;
export type QuoteLeadKind = (typeof quoteLeadKinds)[number];

export const quoteLeadIdsMessage = `ids must be 1 to ${limits.quoteLeadsPerRequest} lead ids, separated by commas`;

/**
 * draft: staff are writing it (autosaved); sent: frozen and emailed; accepted and declined:
 * the customer's answer; replaced: a newer version was sent, so this link says so; withdrawn:
 * accepted, then withdrawn by the owner within the cooling-off period.
 */
export const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'replaced', 'withdrawn'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const depositStatuses = ['none', 'pending', 'paid', 'failed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** What the customer accepted: kept with the SHA-256 of the exact version and selection, so it holds up in a dispute. */
export interface QuoteAcceptance {
  name: string;
  at: string;
  selection: QuoteSelection;
  totals: QuoteTotals;
  /** Hex SHA-256 of the canonical JSON of the version's items, validity, notes, terms and the selection. */
  sha256: string;
  /** Staff only: never on the customer's page. */
  ip?: string;
  userAgent?: string;
  /** A major contract: the customer confirmed having received the Domestic Building Consumer Guide (its address as then set). */
  consumerGuide?: { url: string };
  /** The customer ticked that they had independent legal advice before accepting: no cooling-off then (s 34(2)(a)). */
  independentLegalAdvice?: boolean;
}

/** The particulars of a major domestic building contract as the quote states them (s 31). */
export interface QuoteParticulars {
  siteAddress?: string;
  /** YYYY-MM-DD. */
  startDate?: string;
  startWithinWeeks?: number;
  completionWeeks?: number;
}

/** The domestic building insurance certificate staff attached to a quote (a PDF, kept privately). */
export interface QuoteInsurance {
  name: string;
  size: number;
  attachedAt: string;
  /** The upload's address (staff only; the customer downloads it through their link). */
  url: string;
}

/** The owner's written notice of withdrawal within the cooling-off period, and the refund it makes due. */
export interface QuoteWithdrawal {
  /** The name they typed as their notice. */
  name: string;
  at: string;
  /** What was paid, less the $100 the builder keeps; 0 when nothing was paid. */
  refundDueCents: number;
  /** When staff marked the refund made. */
  refundedAt?: string;
}

export interface QuoteDeposit {
  percent: number;
  cents: number;
  status: DepositStatus;
  method?: 'card' | 'bank';
  /** The bank transfer's reference, and the Checkout session's id once the customer chose card. */
  reference: string;
  checkoutSessionId?: string;
  /** The Checkout page of `checkoutSessionId` and when Stripe closes it: asked again meanwhile, the same page is the answer. */
  checkoutUrl?: string;
  checkoutExpiresAt?: string;
  /** A request making a Checkout session right now (so two at once make one); dropped once it is made. */
  checkoutClaim?: { id: string; at: string };
  paidAt?: string;
  /** The end of the Melbourne day it is due by: acceptance plus the settings' days (absent on deposits accepted before). */
  dueAt?: string;
}

/** A quote as staff read it: `POST /api/leads/{kind}/{id}/quotes`, `PUT /api/quotes/{id}`, the lead's list. */
export interface Quote {
  id: string;
  leadKind: QuoteLeadKind;
  leadId: string;
  /** The quote's number, shared by its versions ("Q-0007"). */
  number: string;
  version: number;
  status: QuoteStatus;
  items: QuoteItem[];
  validDays: number;
  notes?: string;
  terms?: string;
  /** With the default selection (each group's first item, no optional item). */
  totals: QuoteTotals;
  createdAt: string;
  updatedAt: string;
  sentAt?: string;
  /** The end of the last valid day (sent + validDays), an instant. */
  validUntil?: string;
  acceptance?: QuoteAcceptance;
  declined?: { at: string; reason?: string };
  deposit?: QuoteDeposit;
  /** The id of the version that replaced this one. */
  replacedBy?: string;
  siteAddress?: string;
  startDate?: string;
  startWithinWeeks?: number;
  completionWeeks?: number;
  insurance?: QuoteInsurance;
  /** An accepted major contract without independent legal advice: 5 pm Melbourne time on the fifth clear business day after acceptance. */
  coolingOffEndsAt?: string;
  withdrawal?: QuoteWithdrawal;
}

/** A quote on the customer's page: no draft, no staff-only fields. */
export type CustomerQuote = Omit<Quote, 'leadKind' | 'leadId' | 'acceptance' | 'deposit' | 'insurance'> & {
  insurance?: Omit<QuoteInsurance, 'url'>;
  acceptance?: Omit<QuoteAcceptance, 'ip' | 'userAgent'>;
  deposit?: Omit<QuoteDeposit, 'checkoutSessionId' | 'checkoutUrl' | 'checkoutExpiresAt' | 'checkoutClaim'>;
  expired: boolean;
  /**
   * Present when the quote can come to over $10,000: what the contract must show. `coolingOffIfAcceptedNow`
   * is when the period would end were it accepted at the time of reading (the page states it before acceptance).
   */
  major?: { registrationNumber: string; consumerGuideUrl: string; coolingOffIfAcceptedNow: string };
  /** Over $16,000 accepted, the deposit waits for the insurance certificate: true until staff attach it. */
  insuranceRequired?: boolean;
  /**
   * Where to transfer the deposit, shown at once after acceptance: while it is unpaid, the contract
   * not withdrawn, no certificate outstanding and the site has bank details.
   */
  bankTransfer?: DepositBankTransfer;
};

/** The bank details, reference and amount of an accepted quote's deposit, and when it is due. */
export interface DepositBankTransfer {
  accountName: string;
  /** 6 digits, no hyphen. */
  bsb: string;
  accountNumber: string;
  reference: string;
  amountCents: number;
  dueAt?: string;
}

/** `POST /api/customer/{token}/quotes/{quoteId}/deposit`: a Checkout page to go to, or the bank details (without Stripe keys, always these). */
export type DepositAnswer =
  | { kind: 'checkout'; url: string }
  | { kind: 'bank'; accountName: string; bsb: string; accountNumber: string; reference: string; amountCents: number };

/** Where a lead's newest sent quote stands, kept on the lead for the admin's lists (`quoteSummary` on inquiries and quote requests). */
export interface LeadQuoteSummary {
  quoteId: string;
  number: string;
  version: number;
  status: Exclude<QuoteStatus, 'draft'>;
  /** The accepted total (with the customer's selection), or the sent total with the defaults. */
  totalCents: number;
  deposit?: { status: DepositStatus; cents: number; method?: 'card' | 'bank' };
}

/** The customer's own page, `GET /api/customer/{token}`: their lead, its files and booking, their sent quotes and how they can pay a deposit. */
export interface CustomerPage {
  lead: {
    kind: QuoteLeadKind;
    firstName: string;
    lastName: string;
    createdAt: string;
    /** What they asked for, in words: the rooms, budget and timeline of an inquiry; the room and suburb of a quote request. */
    details: Array<{ label: string; value: string }>;
  };
  /** Their files: names and kinds only (the files themselves are staff's). */
  files: Array<{ name: string; kind: 'photo' | 'pdf'; size: number }>;
  /** The site measure they booked, when the lead came from the booking page. */
  booking?: { service: string; start: string; end: string; status: string; street: string; suburb: string };
  /** Sent versions only, newest first. */
  quotes: CustomerQuote[];
  /** How a deposit can be paid: by card (Stripe Checkout) when the site has Stripe keys, by bank transfer when the settings hold bank details. */
  depositMethods: { card: boolean; bank: boolean };
  /** The settings' deposit percentage (null is the legal maximum), so the page shows the deposit before acceptance. */
  deposit: { percent: number | null };
  business: { brand: string; phone: string; email: string };
}

export const quoteAnswerMessages = {
  notFound: 'This link is not valid. Check it is the whole link from our email.',
  quoteNotFound: 'Quote not found',
  notDraft: 'Only a draft can be changed or sent: editing a sent quote makes its next version',
  alreadyAnswered: 'This quote was already answered',
  replaced: 'This quote was replaced by a newer version: open the newest one',
  expired: 'This quote has expired: ask us for a fresh one',
  declined: 'This quote was declined',
  notAccepted: 'Accept the quote before paying a deposit',
  depositPaid: 'The deposit is already paid',
  noDepositMethod: 'No way to pay a deposit online is set up yet: please call us',
  /** 503 when the card payments provider does not answer. */
  cardUnavailable: 'Card payments are not available right now. Please try again in a few minutes.',
  consumerGuide: 'Tick the box to confirm you received the Domestic Building Consumer Guide',
  insuranceFirst: (builder: string) =>
    `${builder} will send you the domestic building insurance certificate for your home before asking for a deposit`,
  coolingOffEnded: (endedAt: string) => `The cooling-off period ended on ${businessDate(endedAt)}`,
  noCoolingOff: 'This contract has no cooling-off period to withdraw in',
  withdrawn: 'This contract was already withdrawn',
  notAcceptedToWithdraw: 'Only an accepted quote can be withdrawn from',
  noInsurance: 'No insurance certificate is attached to this quote',
  particularsMissing: (number: string, missing: readonly string[]) =>
    `Quote ${number} can come to over $10,000, so it is a major domestic building contract: add ${missing.join(', ')} before sending it`,
  notRefundable: 'This quote has no refund due',
  alreadyRefunded: 'The refund is already marked as made',
} as const;

/** What a major quote's send names as missing, with the field each belongs to. */
export const particularsLabels = {
  registrationNumber: "the builder's registration number (Settings, Business details)",
  siteAddress: 'the site address',
  start: 'the start date or the weeks until the start',
  completionWeeks: 'the completion period in weeks',
} as const;

/** 409 of saving or sending any version of a quote once one of its versions is accepted: the acceptance is the contract. */
export const quoteAcceptedMessage = (acceptedAt: string): string =>
  `This quote was accepted on ${businessDate(acceptedAt)}: make a new quote for changes`;

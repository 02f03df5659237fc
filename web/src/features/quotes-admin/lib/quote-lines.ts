import { quoteDraftSchema, quoteLimits, quoteMessages, type Quote, type QuoteDraft, type QuoteItem } from '@site/domain';

/** How a line counts: always in the price, an optional extra, or one of an either-or group. */
export type LineKind = 'included' | 'optional' | 'option';

/** A line of the builder as typed: money in dollars, numbers as the admin wrote them. */
export interface QuoteLine {
  key: number;
  description: string;
  quantity: string;
  unit: string;
  /** Dollars excluding GST, as typed ("1,250.50"). */
  price: string;
  kind: LineKind;
  /** The option group's name ("Benchtop") when `kind` is option. */
  group: string;
  /** The section heading the line sits under ("Cabinetry"), or empty for none. */
  section: string;
}

/** How the start is given: a date, or a number of weeks after acceptance. */
export type StartKind = 'date' | 'weeks';

export interface QuoteForm {
  lines: QuoteLine[];
  validDays: string;
  notes: string;
  terms: string;
  /** The contract's particulars, as typed; each may be left empty until the quote is sent. */
  siteAddress: string;
  startKind: StartKind;
  /** YYYY-MM-DD, as a date input gives it. */
  startDate: string;
  startWithinWeeks: string;
  completionWeeks: string;
}

let nextKey = 1;
export const newLine = (partial: Partial<Omit<QuoteLine, 'key'>> = {}): QuoteLine => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  unit: '',
  price: '',
  kind: 'included',
  group: '',
  section: '',
  ...partial,
});

const noParticulars = { siteAddress: '', startKind: 'date', startDate: '', startWithinWeeks: '', completionWeeks: '' } as const;

export const emptyForm = (): QuoteForm => ({
  lines: [newLine()],
  validDays: String(quoteLimits.validDaysDefault),
  notes: '',
  terms: '',
  ...noParticulars,
});

/** Whole cents from dollars as typed ("1,250.5" is 125050), or null; read as text so no cent is lost to floating point. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "1250.50" from cents, as the price field shows a stored price. */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A quantity as typed, above 0 with at most 2 decimal places, or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\d+(?:\.\d{1,2})?$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value > 0 && value <= quoteLimits.quantity ? value : null;
}

/** What is wrong with a line, field by field (nothing for a line that is fine). */
type LineField = 'description' | 'quantity' | 'price' | 'group' | 'unit' | 'section';

export function lineErrors(line: QuoteLine): Partial<Record<LineField, string>> {
  const errors: Partial<Record<LineField, string>> = {};
  const description = line.description.trim();
  if (description.length === 0 || description.length > quoteLimits.description) errors.description = quoteMessages.description;
  if (parseQuantity(line.quantity) === null) errors.quantity = quoteMessages.quantity;
  const cents = dollarsToCents(line.price);
  if (cents === null || cents > quoteLimits.unitPriceCents) errors.price = 'Unit price: dollars and cents from 0, excluding GST';
  if (line.unit.trim().length > quoteLimits.unit) errors.unit = quoteMessages.unit;
  if (line.kind === 'option' && (line.group.trim().length === 0 || line.group.trim().length > quoteLimits.group))
    errors.group = 'Option group: name the choice, such as "Benchtop"';
  if (line.section.trim().length > quoteLimits.section) errors.section = quoteMessages.section;
  return errors;
}

/** A line as the API stores it, or null while it is not complete. */
export function lineItem(line: QuoteLine): QuoteItem | null {
  if (Object.keys(lineErrors(line)).length > 0) return null;
  const unit = line.unit.trim();
  const section = line.section.trim();
  return {
    description: line.description.trim(),
    quantity: parseQuantity(line.quantity) as number,
    ...(unit ? { unit } : {}),
    unitPriceCents: dollarsToCents(line.price) as number,
    ...(line.kind === 'optional' ? { optional: true } : {}),
    ...(line.kind === 'option' ? { group: line.group.trim() } : {}),
    ...(section ? { section } : {}),
  };
}

/** A whole number as typed ("12"), or NaN so the schema refuses it with its own message. */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The particulars the form gives, as the API takes them: an empty box is left out (a new draft's
 * site address then comes from the lead's booking), and the start only as the kind chosen.
 */
function particulars(form: QuoteForm): Pick<QuoteDraft, 'siteAddress' | 'startDate' | 'startWithinWeeks' | 'completionWeeks'> {
  const given = (text: string) => text.trim() !== '';
  return {
    ...(given(form.siteAddress) ? { siteAddress: form.siteAddress.trim() } : {}),
    ...(form.startKind === 'date' && given(form.startDate) ? { startDate: form.startDate.trim() } : {}),
    ...(form.startKind === 'weeks' && given(form.startWithinWeeks) ? { startWithinWeeks: wholeNumber(form.startWithinWeeks) } : {}),
    ...(given(form.completionWeeks) ? { completionWeeks: wholeNumber(form.completionWeeks) } : {}),
  };
}

export type ParticularField = 'siteAddress' | 'startDate' | 'startWithinWeeks' | 'completionWeeks';

/** What is wrong with the particulars, field by field, in the domain's words. */
export function particularErrors(form: QuoteForm): Partial<Record<ParticularField, string>> {
  const given = particulars(form);
  const errors: Partial<Record<ParticularField, string>> = {};
  for (const field of Object.keys(given) as ParticularField[]) {
    const parsed = quoteDraftSchema.shape[field].safeParse(given[field]);
    if (!parsed.success) errors[field] = parsed.error.issues[0]?.message ?? quoteMessages[field];
  }
  return errors;
}

/** The body of a save, or null while any line is incomplete or a field is out of range. */
export function formDraft(form: QuoteForm): QuoteDraft | null {
  const items = form.lines.map(lineItem);
  if (items.some((item) => item === null)) return null;
  const parsed = quoteDraftSchema.safeParse({
    items,
    validDays: Number(form.validDays),
    notes: form.notes,
    terms: form.terms,
    ...particulars(form),
  });
  return parsed.success ? parsed.data : null;
}

/** The builder's form for a stored quote (a draft to go on with, or a sent one to make its next version from). */
export const quoteForm = (quote: Quote): QuoteForm => ({
  lines: quote.items.map((item) =>
    newLine({
      description: item.description,
      quantity: String(item.quantity),
      unit: item.unit ?? '',
      price: centsToDollars(item.unitPriceCents),
      kind: item.group ? 'option' : item.optional ? 'optional' : 'included',
      group: item.group ?? '',
      section: item.section ?? '',
    }),
  ),
  validDays: String(quote.validDays),
  notes: quote.notes ?? '',
  terms: quote.terms ?? '',
  siteAddress: quote.siteAddress ?? '',
  startKind: quote.startWithinWeeks !== undefined && !quote.startDate ? 'weeks' : 'date',
  startDate: quote.startDate ?? '',
  startWithinWeeks: quote.startWithinWeeks === undefined ? '' : String(quote.startWithinWeeks),
  completionWeeks: quote.completionWeeks === undefined ? '' : String(quote.completionWeeks),
});

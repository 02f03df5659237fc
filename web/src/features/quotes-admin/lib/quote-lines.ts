import { centsToDollars, dollarsToCents } from '#web/lib/money.ts';
import { quoteLimits, quoteMessages, type PriceListItem, type Quote, type QuoteDraft, type QuoteItem } from '@site/domain';

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

export { centsToDollars, dollarsToCents } from '#web/lib/money.ts';

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
export function particulars(form: QuoteForm): Pick<QuoteDraft, 'siteAddress' | 'startDate' | 'startWithinWeeks' | 'completionWeeks'> {
  const given = (text: string) => text.trim() !== '';
  return {
    ...(given(form.siteAddress) ? { siteAddress: form.siteAddress.trim() } : {}),
    ...(form.startKind === 'date' && given(form.startDate) ? { startDate: form.startDate.trim() } : {}),
    ...(form.startKind === 'weeks' && given(form.startWithinWeeks) ? { startWithinWeeks: wholeNumber(form.startWithinWeeks) } : {}),
    ...(given(form.completionWeeks) ? { completionWeeks: wholeNumber(form.completionWeeks) } : {}),
  };
}

/** The builder's form for a stored quote (a draft to go on with, or a sent one to make its next version from). */
export const quoteForm = (quote: Quote): QuoteForm => ({
  lines: gatherChoices(quote.items).map((item) =>
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

// ---------------------------------------------------------------- sections and choices

/**
 * The builder's view of the lines: sections in order (a run of consecutive lines of one section
 * name, as the PDF and the customer's page head them), each holding items and choices; a choice
 * is the run of option lines of one group, its first line the default. The lines stay the one
 * record: what is saved is them, in this order.
 */
export type Block = { kind: 'item'; id: string; line: QuoteLine } | { kind: 'choice'; id: string; group: string; lines: QuoteLine[] };

export interface BuilderSection {
  /** Its lines' lowest key: kept while its lines move within it, so a moved card keeps its focus. */
  id: string;
  name: string;
  blocks: Block[];
}

export function builderSections(lines: readonly QuoteLine[]): BuilderSection[] {
  const sections: BuilderSection[] = [];
  for (const line of lines) {
    // Compared trimmed, shown as typed: a name being typed keeps its space before the next word.
    let section = sections.at(-1);
    if (!section || section.name.trim() !== line.section.trim()) {
      section = { id: `section-${line.key}`, name: line.section, blocks: [] };
      sections.push(section);
    }
    const last = section.blocks.at(-1);
    if (line.kind === 'option' && last?.kind === 'choice' && last.group.trim() === line.group.trim()) last.lines.push(line);
    else if (line.kind === 'option') section.blocks.push({ kind: 'choice', id: `choice-${line.key}`, group: line.group, lines: [line] });
    else section.blocks.push({ kind: 'item', id: `item-${line.key}`, line });
  }
  // Named by their lowest key, which reordering them within does not change.
  const lowest = (lines: QuoteLine[]) => Math.min(...lines.map((line) => line.key));
  return sections.map((section) => ({
    ...section,
    id: `section-${lowest(section.blocks.flatMap((block) => (block.kind === 'item' ? [block.line] : block.lines)))}`,
    blocks: section.blocks.map((block) => (block.kind === 'choice' ? { ...block, id: `choice-${lowest(block.lines)}` } : block)),
  }));
}

/** The lines of sections, each line under its section's name. */
export const sectionLines = (sections: readonly BuilderSection[]): QuoteLine[] =>
  sections.flatMap((section) =>
    section.blocks
      .flatMap((block) => (block.kind === 'item' ? [block.line] : block.lines))
      .map((line) => ({ ...line, section: section.name })),
  );

/** Choice names given to more than one choice: the customer would pick one line among both, so each needs its own. */
export function repeatedChoices(lines: readonly QuoteLine[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const section of builderSections(lines))
    for (const block of section.blocks) {
      const name = block.kind === 'choice' ? block.group.trim().toLowerCase() : '';
      if (!name) continue;
      if (seen.has(name)) repeated.add(name);
      seen.add(name);
    }
  return repeated;
}

/** Items of a stored quote with each group's items together where its first one is (quotes made before choices were made whole). */
export function gatherChoices(items: readonly QuoteItem[]): QuoteItem[] {
  const placed = new Set<number>();
  const out: QuoteItem[] = [];
  items.forEach((item, index) => {
    if (placed.has(index)) return;
    placed.add(index);
    out.push(item);
    if (!item.group) return;
    items.forEach((other, i) => {
      if (other.group !== item.group || placed.has(i)) return;
      placed.add(i);
      const { section: _elsewhere, ...rest } = other;
      out.push({ ...rest, ...(item.section ? { section: item.section } : {}) });
    });
  });
  return out;
}

/** A name not yet used among `used`: "Section 2", "Choice 3". */
export function freshName(prefix: string, used: readonly string[]): string {
  const taken = new Set(used.map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) if (!taken.has(`${prefix} ${n}`.toLowerCase())) return `${prefix} ${n}`;
}

/**
 * The lines after picking a price list item for the line `key`: its description, unit and unit
 * price, and the line moved to the end of the item's section (the last of that name, or a new
 * one at the end). A choice's alternative stays in its choice.
 */
export function pickPriceListItem(lines: readonly QuoteLine[], key: number, item: PriceListItem): QuoteLine[] {
  const fill = (line: QuoteLine): QuoteLine => ({
    ...line,
    description: item.description,
    unit: item.unit ?? '',
    price: centsToDollars(item.unitPriceCents),
  });
  const sections = builderSections(lines);
  const home = sections.find((section) => section.blocks.some((block) => block.kind === 'item' && block.line.key === key));
  const name = item.section?.trim();
  if (!home || name === undefined || home.name.trim() === name) return lines.map((line) => (line.key === key ? fill(line) : line));
  const line = lines.find((other) => other.key === key) as QuoteLine;
  const rest = sections
    .map((section) => ({ ...section, blocks: section.blocks.filter((block) => !(block.kind === 'item' && block.line.key === key)) }))
    .filter((section) => section.blocks.length > 0);
  const block: Block = { kind: 'item', id: `item-${key}`, line: fill(line) };
  const target = [...rest].reverse().find((section) => section.name.trim() === name);
  if (target) target.blocks.push(block);
  else rest.push({ id: `section-${key}`, name, blocks: [block] });
  return sectionLines(rest);
}

import { quoteDraftSchema, quoteMessages, type QuoteDraft } from '@site/domain';
import { particulars, lineItem, repeatedChoices, type QuoteForm } from './quote-lines';

/*
 * The builder's checks of a whole quote against the API's own schema (zod), apart from
 * ./quote-lines so that a lead's card, which lists quotes and opens the builder on demand, does
 * not load zod.
 */

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
  if (items.some((item) => item === null) || repeatedChoices(form.lines).size > 0) return null;
  const parsed = quoteDraftSchema.safeParse({
    items,
    validDays: Number(form.validDays),
    notes: form.notes,
    terms: form.terms,
    ...particulars(form),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The quote API's input schemas (zod), apart from ./quotes's money rules and shapes so that the
 * lead cards and the customer's page, which only read quotes, do not load zod.
 */
import { z } from 'zod';
import { limits } from './limits';
import { recordIdPattern } from './record-id';
import { clean as cleanText } from './clean-text';
import {
  quoteMessages,
  quoteLimits,
  highestTotalCents,
  type QuoteItem,
  priceListMessages,
  priceListLimits,
  quoteLeadIdsMessage,
} from './quotes';

/** Empty text is none: a price list item without a unit or section leaves the field out. */
const noneIfEmpty = (value: string | undefined) => value || undefined;

// ---------------------------------------------------------------- items

export const quoteItemSchema = z.object({
  description: z
    .string({ error: quoteMessages.description })
    .trim()
    .min(1, quoteMessages.description)
    .max(quoteLimits.description, quoteMessages.description),
  quantity: z
    .number({ error: quoteMessages.quantity })
    .positive(quoteMessages.quantity)
    .max(quoteLimits.quantity, quoteMessages.quantity)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: quoteMessages.quantity,
    }),
  unit: z.string({ error: quoteMessages.unit }).trim().max(quoteLimits.unit, quoteMessages.unit).optional(),
  unitPriceCents: z
    .number({ error: quoteMessages.unitPrice })
    .int(quoteMessages.unitPrice)
    .min(0, quoteMessages.unitPrice)
    .max(quoteLimits.unitPriceCents, quoteMessages.unitPrice),
  /** An item the customer may add or leave out (left out by default). */
  optional: z.boolean().optional(),
  /** Items with the same group are alternatives: the customer picks one, and the first is the default. */
  group: z.string({ error: quoteMessages.group }).trim().min(1, quoteMessages.group).max(quoteLimits.group, quoteMessages.group).optional(),
  /** The heading the item is printed under ("Cabinetry"); consecutive items with the same section form it. */
  section: z
    .string({ error: quoteMessages.section })
    .trim()
    .min(1, quoteMessages.section)
    .max(quoteLimits.section, quoteMessages.section)
    .optional(),
}) satisfies z.ZodType<QuoteItem>;

/** The body of `POST /api/leads/{kind}/{id}/quotes` and `PUT /api/quotes/{id}`. */
export const quoteDraftSchema = z
  .object({
    items: z
      .array(quoteItemSchema, { error: quoteMessages.empty })
      .min(1, quoteMessages.empty)
      .max(quoteLimits.items, quoteMessages.tooMany),
    validDays: z
      .number({ error: quoteMessages.validDays })
      .int(quoteMessages.validDays)
      .min(1, quoteMessages.validDays)
      .max(quoteLimits.validDaysMax, quoteMessages.validDays)
      .optional(),
    notes: z.string({ error: quoteMessages.notes }).trim().max(quoteLimits.notes, quoteMessages.notes).optional(),
    terms: z.string({ error: quoteMessages.terms }).trim().max(quoteLimits.terms, quoteMessages.terms).optional(),
    /** Where the work is done: from the booking when there is one, and editable. */
    siteAddress: cleanText(
      z.string({ error: quoteMessages.siteAddress }).trim().max(quoteLimits.siteAddress, quoteMessages.siteAddress),
      'Site address',
      'line',
    ).optional(),
    /** When work starts: a date, or within so many weeks of acceptance (one of the two for a major contract). */
    startDate: z
      .string({ error: quoteMessages.startDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, quoteMessages.startDate)
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
        message: quoteMessages.startDate,
      })
      .optional(),
    startWithinWeeks: z
      .number({ error: quoteMessages.startWithinWeeks })
      .int(quoteMessages.startWithinWeeks)
      .min(1, quoteMessages.startWithinWeeks)
      .max(quoteLimits.startWithinWeeks, quoteMessages.startWithinWeeks)
      .optional(),
    /** How long the work takes once started, in weeks. */
    completionWeeks: z
      .number({ error: quoteMessages.completionWeeks })
      .int(quoteMessages.completionWeeks)
      .min(1, quoteMessages.completionWeeks)
      .max(quoteLimits.completionWeeks, quoteMessages.completionWeeks)
      .optional(),
  })
  .refine(({ items }) => items.every((item) => !(item.group && item.optional)), {
    message: quoteMessages.groupAllOptional,
    path: ['items'],
  })
  // Every option at its dearest: whatever the customer picks stays within the ceiling.
  .refine(({ items }) => highestTotalCents(items) <= quoteLimits.totalCents, { message: quoteMessages.total, path: ['items'] });
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;

export const quoteSelectionSchema = z.object({
  choices: z
    .unknown()
    // JSON.parse makes "__proto__" an own key, which zod's record would drop silently (choosing the defaults):
    // no group is called so, and the customer is told.
    .refine((choices) => !(choices && typeof choices === 'object' && Object.hasOwn(choices, '__proto__')), quoteMessages.unknownGroup)
    .pipe(
      z.record(
        z.string().max(quoteLimits.group, quoteMessages.unknownGroup),
        z.number({ error: quoteMessages.choice }).int(quoteMessages.choice).min(0),
      ),
    )
    .optional(),
  optionalItems: z
    .array(z.number({ error: quoteMessages.optionalItem }).int(quoteMessages.optionalItem).min(0), { error: quoteMessages.optionalItem })
    .max(quoteLimits.items)
    .optional(),
});

/** A price list item as staff save it from a quote (`POST /api/settings/price-list`): the server gives it its id. */
export const priceListEntrySchema = z.object({
  description: quoteItemSchema.shape.description,
  unit: z.string({ error: quoteMessages.unit }).trim().max(quoteLimits.unit, quoteMessages.unit).optional().transform(noneIfEmpty),
  unitPriceCents: quoteItemSchema.shape.unitPriceCents,
  section: z
    .string({ error: priceListMessages.section })
    .trim()
    .max(quoteLimits.section, priceListMessages.section)
    .optional()
    .transform(noneIfEmpty),
});
export type PriceListEntry = z.infer<typeof priceListEntrySchema>;

/** The settings' price list, saved whole from the Settings tab. */
export const priceListSchema = z
  .array(priceListEntrySchema.extend({ id: z.string({ error: priceListMessages.id }).regex(recordIdPattern, priceListMessages.id) }), {
    error: priceListMessages.tooMany,
  })
  .max(priceListLimits.items, priceListMessages.tooMany)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, priceListMessages.duplicateId);

/** The deposit percentage staff may set: above 0 and at most 10 (the cap under $20,000; above it the 5% cap still applies). */
export const depositPercentSchema = z
  .number({ error: quoteMessages.depositPercent(10) })
  .gt(0, quoteMessages.depositPercent(10))
  .max(10, quoteMessages.depositPercent(10))
  .nullable();

/** GET /api/leads/{kind}/quotes?ids=a,b,c: the quotes of a page of lead cards in one request. */
export const quoteLeadIdsSchema = z.object({
  ids: z
    .string({ error: quoteLeadIdsMessage })
    .transform((ids) => [...new Set(ids.split(','))])
    .pipe(
      z
        .array(z.string().regex(recordIdPattern, quoteLeadIdsMessage), { error: quoteLeadIdsMessage })
        .min(1, quoteLeadIdsMessage)
        .max(limits.quoteLeadsPerRequest, quoteLeadIdsMessage),
    ),
});

/** `POST /api/customer/{token}/quotes/{quoteId}/accept`. */
export const quoteAcceptSchema = quoteSelectionSchema.extend({
  name: cleanText(
    z
      .string({ error: 'Type your full name to accept' })
      .trim()
      .min(2, 'Type your full name to accept')
      .max(100, 'Type your full name to accept'),
    'Your name',
    'line',
  ),
  acceptTerms: z.literal(true, { error: 'Tick the box to accept the terms' }),
  /** A major contract: the customer confirms having received the Domestic Building Consumer Guide. */
  consumerGuideReceived: z.boolean({ error: 'Consumer guide: true or false' }).optional(),
  /** Ticked when they had independent legal advice on the contract before accepting: no cooling-off then. */
  independentLegalAdvice: z.boolean({ error: 'Independent legal advice: true or false' }).optional(),
});
/** `POST /api/customer/{token}/quotes/{quoteId}/withdraw`: their typed name is the written notice. */
export const quoteWithdrawSchema = z.object({
  name: cleanText(
    z
      .string({ error: 'Type your full name to withdraw' })
      .trim()
      .min(2, 'Type your full name to withdraw')
      .max(100, 'Type your full name to withdraw'),
    'Your name',
    'line',
  ),
});
/** `PUT /api/quotes/{id}/insurance`: the certificate, uploaded first as the admin's other files are (`kind: "document"`). */
export const quoteInsuranceSchema = z.object({
  url: z
    .string({ error: 'Upload the certificate first, then send its url' })
    .trim()
    .min(1)
    .max(2000, 'Upload the certificate first, then send its url'),
});
/** `POST /api/customer/{token}/quotes/{quoteId}/decline`. */
export const quoteDeclineSchema = z.object({
  reason: cleanText(
    z.string({ error: 'Reason: at most 1000 characters' }).trim().max(1000, 'Reason: at most 1000 characters'),
    'Reason',
    'lines',
  ).optional(),
});

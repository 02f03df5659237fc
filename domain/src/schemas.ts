/**
 * The API's input schemas (zod): what an inquiry, a quote request, a review, a visit, a model,
 * a sign-in and a lead's update must be. The records they make are in ./records.
 */
import { z } from 'zod';
import { budgets, inquiryRooms, leadStatuses, quoteRooms, timelines } from './enums';
import { limits } from './limits';
import { recordIdPattern } from './record-id';
import { clean, textMessages, type TextKind } from './clean-text';
import { accountMessages } from './account';
import { newPasswordSchema } from './account-schemas';
import { leadSourceSchema } from './lead-source-schema';
import { attachmentsInputSchema } from './attachment-schemas';
import { linkTokenPattern, reviewInviteMessages } from './review-invites';
import {
  messages,
  jobDoneMessages,
  leadIdMessage,
  overdueFilterMessage,
  leadLinkFilterMessage,
  hotspotMessages,
  uploadKinds,
  type LeadConsent,
  type LeadProgress,
  type ModelProcessing,
  type ModelStats,
} from './records';
import type { LeadOrigin } from './lead-source';
import type { LeadAttachment } from './attachments';
import type { LeadQuoteSummary } from './quotes';

const tooLong = (max: number) => `Must be at most ${max} characters`;
const statusMessage = `Status must be one of ${leadStatuses.join(', ')}`;
const noteMessage = `Note must be 1 to ${limits.leadNoteMaxLength.toLocaleString('en-AU')} characters`;

/** Trimmed text with the spec's minimum and our own maximum, refusing what `kind` does not allow. */
const text = (label: string, kind: TextKind, min: number, message: string, max: number = limits.textMaxLength) =>
  clean(z.string({ error: message }).trim().min(min, message).max(max, tooLong(max)), label, kind);

const email = clean(z.string({ error: messages.emailInvalid }).trim().max(254, messages.emailInvalid), 'Email', 'line').pipe(
  z.email(messages.emailInvalid),
);

/** A lead's answer to the optional marketing-consent box: stored as false when absent. */
const marketingConsentField = z.boolean({ error: 'Marketing consent must be true or false' }).optional();

// ---------------------------------------------------------------- inquiries

export const inquiryRoomsSchema = z
  .array(z.enum(inquiryRooms, { error: 'Please select at least one room' }), {
    error: 'Please select at least one room',
  })
  .min(1, 'Please select at least one room')
  .max(inquiryRooms.length)
  .refine((rooms) => new Set(rooms).size === rooms.length, 'Each room can be chosen once');

export const inquiryContactSchema = z.object({
  firstName: text('First name', 'name', 1, messages.firstNameRequired, limits.nameMaxLength),
  lastName: text('Last name', 'name', 1, messages.lastNameRequired, limits.nameMaxLength),
  email,
  phone: text('Phone number', 'line', limits.phoneMinLength, messages.phoneInvalid, 40),
});
export type InquiryContact = z.infer<typeof inquiryContactSchema>;

export const inquiryInputSchema = inquiryContactSchema.extend({
  rooms: inquiryRoomsSchema,
  budget: z.enum(budgets, { error: 'Please select a budget' }),
  timeline: z.enum(timelines, { error: 'Please select a timeline' }),
  /** Not in the specification: the showroom design the customer enquired about ("Enquire about this design"). */
  modelId: z.string({ error: 'Unknown model' }).regex(recordIdPattern, 'Unknown model').optional(),
  /** The material variant chosen in the viewer; only with `modelId`. */
  variant: clean(
    z.string({ error: 'Unknown variant' }).trim().min(1, 'Unknown variant').max(limits.textMaxLength, 'Unknown variant'),
    'Variant',
    'line',
  ).optional(),
  /** Not in the specification: where the visit that ended in this inquiry came from (lead-source.ts). */
  source: leadSourceSchema.optional(),
  /** Photos and PDF plans uploaded through `POST /api/attachments/upload-url` (attachments.ts). */
  attachments: attachmentsInputSchema.optional(),
  /** Not in the specification: the optional marketing-consent box (never pre-ticked); absent is no. */
  marketingConsent: marketingConsentField,
});
export type InquiryInput = z.infer<typeof inquiryInputSchema>;
export interface Inquiry extends Omit<InquiryInput, 'attachments'>, LeadProgress, LeadOrigin, LeadConsent {
  id: string;
  createdAt: string;
  /** The customer's files, as the admin lead list returns them. */
  attachments?: LeadAttachment[];
  /** The model's name when the inquiry arrived, so the lead still reads well if the model is renamed or deleted. */
  modelName?: string;
  /** Its newest sent quote's status, total and deposit (paid, pending or failed). */
  quoteSummary?: LeadQuoteSummary;
}

// ---------------------------------------------------------------- quotes

export const quoteInputSchema = z.object({
  firstName: text('First name', 'name', 1, messages.firstNameRequired, limits.nameMaxLength),
  lastName: text('Last name', 'name', 1, messages.lastNameRequired, limits.nameMaxLength),
  email,
  suburb: text('Suburb', 'line', 1, messages.suburbRequired, 100),
  room: z
    .string({ error: messages.roomRequired })
    .min(1, messages.roomRequired)
    .pipe(z.enum(quoteRooms, { error: messages.roomRequired })),
  /** Not in the specification: where the visit that ended in this request came from (lead-source.ts). */
  source: leadSourceSchema.optional(),
  /** Photos and PDF plans uploaded through `POST /api/attachments/upload-url` (attachments.ts). */
  attachments: attachmentsInputSchema.optional(),
  /** Not in the specification: the optional marketing-consent box (never pre-ticked); absent is no. */
  marketingConsent: marketingConsentField,
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;
export interface QuoteRequest extends Omit<QuoteInput, 'attachments'>, LeadProgress, LeadOrigin, LeadConsent {
  id: string;
  createdAt: string;
  /** The customer's files, as the admin lead list returns them. */
  attachments?: LeadAttachment[];
  /** The site measure the customer booked online, when the request came from the booking page. */
  bookingId?: string;
  /** Its newest sent quote's status, total and deposit (paid, pending or failed). */
  quoteSummary?: LeadQuoteSummary;
}

/** POST /api/leads/{kind}/{id}/job-done: the day the job was finished (checked against today on the server). */
export const jobDoneSchema = z.object({
  on: z
    .string({ error: jobDoneMessages.day })
    .regex(/^\d{4}-\d{2}-\d{2}$/, jobDoneMessages.day)
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    }, jobDoneMessages.day),
});
export type JobDoneInput = z.infer<typeof jobDoneSchema>;

const note = clean(z.string({ error: noteMessage }).trim().min(1, noteMessage).max(limits.leadNoteMaxLength, noteMessage), 'Note', 'lines');

/** The admin's "Add a note" form: the same rule as the API's. */
export const leadNoteSchema = z.object({ note });

/** PATCH /api/project-inquiry/:id and /api/quote-request/:id. */
export const leadUpdateSchema = z
  .object({
    status: z.enum(leadStatuses, { error: statusMessage }).optional(),
    note: note.optional(),
  })
  .refine((update) => update.status !== undefined || update.note !== undefined, {
    message: 'Send a status, a note or both',
    path: ['status'],
  });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/**
 * The lead lists' filters: one status, and a search of names, email, phone digits and suburb;
 * or `overdue=1`, the leads still new past their follow-up time, most overdue first. That list
 * is ordered by the follow-up time, which a search (ordered by arrival) cannot be, so it
 * stands alone. Or `lead={id}`: that one lead (a list of one, or none once it is deleted), where
 * a staff email's link points; it stands alone too.
 */
export const leadFilterSchema = z
  .object({
    status: z.enum(leadStatuses, { error: statusMessage }).optional(),
    q: clean(
      z.string().trim().max(limits.leadSearchMaxLength, `Search must be at most ${limits.leadSearchMaxLength} characters`),
      'Search',
      'line',
    )
      .optional()
      .transform((value) => (value ? value : undefined)),
    overdue: z.literal('1', { error: 'Overdue must be 1' }).optional(),
    lead: z.string({ error: leadIdMessage }).regex(recordIdPattern, leadIdMessage).optional(),
  })
  .refine((filter) => filter.overdue === undefined || (filter.status === undefined && filter.q === undefined), {
    message: overdueFilterMessage,
    path: ['overdue'],
  })
  .refine(
    (filter) => filter.lead === undefined || (filter.status === undefined && filter.q === undefined && filter.overdue === undefined),
    {
      message: leadLinkFilterMessage,
      path: ['lead'],
    },
  );
export type LeadFilter = z.infer<typeof leadFilterSchema>;

// ---------------------------------------------------------------- reviews

export const reviewInputSchema = z.object({
  customerName: text('Name', 'name', limits.reviewerNameMinLength, messages.customerNameMin, 100),
  rating: z
    .number({ error: messages.ratingRange })
    .int(messages.ratingRange)
    .min(limits.ratingMin, messages.ratingRange)
    .max(limits.ratingMax, messages.ratingRange),
  reviewText: text('Review', 'lines', limits.reviewTextMinLength, messages.reviewTextMin, limits.longTextMaxLength),
  /** Optional: an empty string means no email. */
  email: z
    .union([z.literal(''), email])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The token of the customer's own review link (a review request): the review is then verified. */
  invite: z.string({ error: reviewInviteMessages.invalid }).regex(linkTokenPattern, reviewInviteMessages.invalid).optional(),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

// ---------------------------------------------------------------- visitors

export const visitInputSchema = z.object({
  page: clean(
    z
      .string({ error: 'Page is required' })
      .min(1, 'Page is required')
      .max(limits.pageMaxLength, tooLong(limits.pageMaxLength))
      .regex(/^\/[^\s]*$/, 'Page must be a path starting with /'),
    'Page',
    'line',
  ),
});
export type VisitInput = z.infer<typeof visitInputSchema>;

// ---------------------------------------------------------------- 3D models

const unit = (range: { min: number; max: number }, name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(range.min, `${name} must be between ${range.min} and ${range.max}`)
    .max(range.max, `${name} must be between ${range.min} and ${range.max}`);

/** A point or direction in the model's own space, in metres: `[x, y, z]`. */
const vector3 = z
  .array(z.number({ error: hotspotMessages.vector }).min(-1e4, hotspotMessages.vector).max(1e4, hotspotMessages.vector), {
    error: hotspotMessages.vector,
  })
  .length(3, hotspotMessages.vector);

export const hotspotSchema = z.object({
  id: z.string({ error: hotspotMessages.id }).regex(/^[A-Za-z0-9_-]{1,40}$/, hotspotMessages.id),
  label: clean(
    z
      .string({ error: hotspotMessages.label })
      .trim()
      .min(1, hotspotMessages.label)
      .max(limits.hotspotLabelMaxLength, hotspotMessages.label),
    'Hotspot label',
    'line',
  ),
  position: vector3,
  normal: vector3,
});
export type Hotspot = z.infer<typeof hotspotSchema>;

/** The 3D model form schema; the URLs are checked by the server. */
export const modelInputSchema = z.object({
  name: text('Name', 'line', limits.modelNameMinLength, messages.modelNameMin),
  description: text(
    'Description',
    'lines',
    limits.modelDescriptionMinLength,
    messages.modelDescriptionMin,
    limits.modelDescriptionMaxLength,
  ),
  /** The uploaded GLB (a new upload), or the model's own `modelUrl` or `originalUrl` (unchanged). */
  modelUrl: clean(z.string({ error: 'Please upload a GLB model' }).trim().min(1, 'Please upload a GLB model').max(1000), 'Model', 'line'),
  thumbnailUrl: clean(z.string().trim().max(1000), 'Thumbnail', 'line').default(''),
  exposure: unit(limits.exposure, 'Exposure').default(limits.exposure.default),
  shadowIntensity: unit(limits.shadowIntensity, 'Shadow intensity').default(limits.shadowIntensity.default),
  hotspots: z
    .array(hotspotSchema)
    .max(limits.hotspotsMax, hotspotMessages.tooMany)
    .refine((spots) => new Set(spots.map((spot) => spot.id)).size === spots.length, hotspotMessages.duplicateId)
    .default([]),
});
export type ModelInput = z.input<typeof modelInputSchema>;
export type ModelFields = z.output<typeof modelInputSchema>;
export interface Model3d extends ModelFields {
  id: string;
  displayOrder: number;
  createdAt: string;
  /** The file as uploaded; only admins can download it. */
  originalUrl: string;
  /** A file Android's Scene Viewer can read (no meshopt), when it differs from `modelUrl`. */
  arUrl?: string;
  processing: ModelProcessing;
  /** Why the optimisation failed; the model is shown as uploaded. */
  processingError?: string;
  stats?: ModelStats;
  /** The names of the file's material variants (`KHR_materials_variants`), in the file's order. */
  variants: string[];
}

export const reorderInputSchema = z.object({
  models: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        displayOrder: z.number().int().min(0).max(10_000),
      }),
    )
    .min(1, 'No models to reorder')
    .max(1000),
});
export type ReorderInput = z.infer<typeof reorderInputSchema>;
export const uploadRequestSchema = z.object({
  kind: z.enum(uploadKinds, { error: 'Upload kind must be model, thumbnail, photo or document' }).optional(),
});

// ---------------------------------------------------------------- accounts

export const loginInputSchema = z.object({
  username: clean(z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(100), 'Username', 'line'),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1000),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z.object({
  username: clean(
    z.string({ error: messages.usernameRequired }).trim().min(3, 'Username must be at least 3 characters').max(64, tooLong(64)),
    'Username',
    'line',
  ).regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore'),
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** What an admin calls a passkey ("Laptop", "iPhone"). */
export const passkeyNameSchema = text('Passkey name', 'line', 1, accountMessages.passkeyNameLength, 60);

/** The text rules above, for the schemas of other modules (projects). */
export { clean as cleanText, text as textField, textMessages };

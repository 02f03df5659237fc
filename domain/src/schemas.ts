import { z } from 'zod';
import type { LeadQuoteSummary } from './quotes';
import { budgets, inquiryRooms, leadStatuses, quoteRooms, timelines, type LeadStatus } from './enums';
import { limits } from './limits';
import { recordIdPattern } from './record-id';
import { clean, textMessages, type TextKind } from './clean-text';
import { accountMessages, newPasswordSchema } from './account';
import { leadSourceSchema, type LeadChannel, type LeadOrigin } from './lead-source';
import { attachmentsInputSchema, type LeadAttachment } from './attachments';
import { linkTokenPattern, reviewInviteMessages, type LeadEvent } from './review-invites';

/** Messages of the product specification, section 5. Copied exactly. */
export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email',
  phoneInvalid: 'Please enter a valid phone number',
  suburbRequired: 'Suburb is required',
  roomRequired: 'Please select a room',
  reviewTextMin: 'Review must be at least 10 characters',
  customerNameMin: 'Name must be at least 2 characters',
  ratingRange: 'Please choose a rating from 1 to 5 stars',
  modelNameMin: 'Name must be at least 3 characters',
  modelDescriptionMin: 'Description must be at least 5 characters',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** Trimmed text with the spec's minimum and our own maximum, refusing what `kind` does not allow. */
const text = (label: string, kind: TextKind, min: number, message: string, max: number = limits.textMaxLength) =>
  clean(z.string({ error: message }).trim().min(min, message).max(max, tooLong(max)), label, kind);

const email = clean(z.string({ error: messages.emailInvalid }).trim().max(254, messages.emailInvalid), 'Email', 'line').pipe(
  z.email(messages.emailInvalid),
);

/** A lead's answer to the optional marketing-consent box: stored as false when absent. */
const marketingConsentField = z.boolean({ error: 'Marketing consent must be true or false' }).optional();

/** When a lead ticked the marketing-consent box (stored on inquiries and quote requests). */
export interface LeadConsent {
  /** The moment the lead was sent with the box ticked; absent when it was not. */
  marketingConsentAt?: string;
}

/** Public forms carry a honeypot field that people never see and bots fill in. */
export const honeypotField = 'website';

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

export const interestedInLabel = 'Interested in';
/** "{model name} ({variant})", or null when the lead names no model. */
export const designOf = (lead: { modelName?: string; variant?: string }): string | null =>
  lead.modelName ? `${lead.modelName}${lead.variant ? ` (${lead.variant})` : ''}` : null;
/** "Interested in: {model name} ({variant})" on the lead card, in the CSV and the staff email; null without a model. */
export const interestedIn = (lead: { modelName?: string; variant?: string }): string | null => {
  const design = designOf(lead);
  return design ? `${interestedInLabel}: ${design}` : null;
};

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

// ---------------------------------------------------------------- working a lead

/** One status change or note on a lead, by the admin who made it. */
export interface LeadHistoryEntry {
  at: string;
  /** The admin's username. */
  by: string;
  /** The status the lead moved to. */
  status?: LeadStatus;
  note?: string;
  /** Something the site did or received for this lead (a review request, the review). */
  event?: LeadEvent;
  /** A `job-done` entry's day the job was finished (Melbourne, yyyy-MM-dd). */
  on?: string;
}

/** What staff record on an inquiry or quote request as they work it. */
export interface LeadProgress {
  status: LeadStatus;
  /** Oldest first. */
  history: LeadHistoryEntry[];
  /** When the lead first left `new`. */
  firstContactAt?: string;
  /**
   * When the staff are reminded if the lead is still `new` (FOLLOW_UP_AFTER_HOURS business
   * hours after it arrived); absent when reminders were off as it arrived.
   */
  followUpDueAt?: string;
  /**
   * The reminder: `pending` until it is queued, then `reminded`; `held` when it fell due while
   * no staff address or mobile was set (it then goes in one digest once one is).
   */
  followUp?: 'pending' | 'held' | 'reminded';
  /** When the reminder was queued. */
  followUpRemindedAt?: string;
  /**
   * When it arrived or last got a status change or note. Firebase mode's dashboards listen to
   * the leads changed last, so a change to an old lead reaches them too.
   */
  updatedAt: string;
}

/** The status and history a lead arriving `at` starts with (older records without them read as new too). */
export const newLeadProgress = (at: string): LeadProgress => ({ status: 'new', history: [], updatedAt: at });

/**
 * What a lead made by a site measure the customer booked online starts with: the booking is
 * its first contact, so it is `contacted` from the start (it never waits as new, counts in no
 * "waiting" figure and sends no follow-up reminder), with "Site measure booked" in its history.
 */
export const bookedLeadProgress = (at: string): LeadProgress => ({
  status: 'contacted',
  history: [{ at, by: 'website', event: 'measure-booked' }],
  firstContactAt: at,
  updatedAt: at,
});

/** The day a won lead's job was marked done (yyyy-MM-dd), from its history; null while it is not. */
export function jobDoneOn(history: ReadonlyArray<Pick<LeadHistoryEntry, 'event' | 'on'>>): string | null {
  const done = history.filter((entry) => entry.event === 'job-done').at(-1);
  return done?.on ?? null;
}

export const jobDoneMessages = {
  day: 'Job done must be a day (yyyy-MM-dd), today or earlier',
  notWon: 'Only a won lead can be marked job done',
  already: 'This job is already marked done',
} as const;

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

const statusMessage = `Status must be one of ${leadStatuses.join(', ')}`;
const noteMessage = `Note must be 1 to ${limits.leadNoteMaxLength.toLocaleString('en-AU')} characters`;

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

export const overdueFilterMessage = 'Overdue lists the new leads past their follow-up time: send it without a status or search';
export const leadLinkFilterMessage = 'Lead shows one lead, as an email links to it: send it without a status, search or overdue';
export const leadIdMessage = 'Lead must be a lead id';

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

/** GET /api/leads/stats: the dashboard header's figures. */
export interface LeadStats {
  /** Inquiries and quote requests with status `new`. */
  waiting: number;
  /** Of those, the ones past their follow-up time (`followUpDueAt`). */
  overdue: number;
  /** How many of the overdue are inquiries and how many quote requests: the header links to the list that has them. */
  overdueByList: { inquiries: number; quotes: number };
  /** Median milliseconds from arrival to first contact, over leads first contacted in the last 30 days; null when none were. */
  medianFirstContactMs: number | null;
  /** How many first contacts that median covers. */
  firstContacts: number;
}

/** GET /api/leads/sources: inquiries and quote requests together, by when they arrived. */
export interface LeadSourceFigures {
  /** Leads that arrived in the period. */
  leads: number;
  /** Of those, the ones quoted or won now. */
  quoted: number;
  /** Of those, the ones won now. */
  won: number;
}
export interface LeadSourcesReport {
  from: string;
  to: string;
  /** Every channel, in the order of `leadChannels`, also those without leads. */
  channels: Array<LeadSourceFigures & { channel: LeadChannel }>;
  /** Campaigns (utm_campaign) with their channel, most leads first. */
  campaigns: Array<LeadSourceFigures & { channel: LeadChannel; campaign: string }>;
  /** How many leads the campaigns were read from; fewer than the period's when it held more than the cap. */
  campaignLeadsRead: number;
  /** False when the period held more leads than the campaigns read (the newest were read). */
  campaignsComplete: boolean;
}

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
export interface Review {
  id: string;
  customerName: string;
  rating: number;
  reviewText: string;
  email?: string;
  approved: boolean;
  createdAt: string;
  /** Sent through the customer's own review link (a won lead's review request). */
  verified: boolean;
  /** The lead whose review request it came through: `inquiry:<id>` or `quote:<id>`. */
  leadId?: string;
}
/** What GET /api/reviews shows the public: never the email or the lead. */
export type PublicReview = Pick<Review, 'id' | 'customerName' | 'createdAt' | 'rating' | 'reviewText' | 'verified'>;
export const toPublicReview = ({ id, customerName, createdAt, rating, reviewText, verified }: Review): PublicReview => ({
  id,
  customerName,
  createdAt,
  rating,
  reviewText,
  verified,
});

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
export interface Visitor {
  id: string;
  page: string;
  userAgent?: string;
  ipAddress?: string;
  visitedAt: string;
  /**
   * Who visited, without saying who: a hash of the address, browser, Melbourne day and that
   * day's server-side salt, so the same person reads as one visitor within a day and cannot be
   * followed across days. Absent on visits recorded before it existed.
   */
  visitorKey?: string;
}

/** One day of GET /api/visitors/daily. */
export interface VisitorDay {
  /** yyyy-MM-dd in the asked time zone */
  day: string;
  /** Page views that day. */
  count: number;
  /** Distinct visitors (visitor keys of a Melbourne day) first seen that day: exact for Australia/Melbourne. */
  unique: number;
}

// ---------------------------------------------------------------- 3D models

const unit = (range: { min: number; max: number }, name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(range.min, `${name} must be between ${range.min} and ${range.max}`)
    .max(range.max, `${name} must be between ${range.min} and ${range.max}`);

/** Hotspots on one model: labelled points an admin places on it, shown as buttons in the viewer. */
export const hotspotMessages = {
  label: `Hotspot label must be 1 to ${limits.hotspotLabelMaxLength} characters`,
  tooMany: `A model can have at most ${limits.hotspotsMax} hotspots`,
  duplicateId: 'Each hotspot needs its own id',
  id: 'Hotspot id must be 1 to 40 letters, digits, - or _',
  vector: 'Must be three numbers (x, y, z)',
} as const;

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

/** Where a model's optimisation stands: the viewer loads the original until it is `done`. */
export const modelProcessingStates = ['pending', 'done', 'failed'] as const;
export type ModelProcessing = (typeof modelProcessingStates)[number];

/** What the optimisation measured on a model's files. */
export interface ModelStats {
  originalBytes: number;
  /** The file the viewer loads; equal to `originalBytes` until the optimised file exists. */
  optimizedBytes: number;
  triangles: number;
  textures: number;
  /** The largest texture's longer side, in pixels (0 without textures). */
  maxTextureSize: number;
}

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

// ---------------------------------------------------------------- uploads

export const uploadKinds = ['model', 'thumbnail', 'photo', 'document'] as const;
export type UploadKind = (typeof uploadKinds)[number];
export const uploadRequestSchema = z.object({
  kind: z.enum(uploadKinds, { error: 'Upload kind must be model, thumbnail, photo or document' }).optional(),
});
export interface UploadUrlResponse {
  uploadURL: string;
  /** Present when the URL is a signed Cloud Storage URL: send exactly these headers. */
  method?: 'PUT';
  headers?: Record<string, string>;
  /** With a signed URL, the location to save; the storage answers with no body. */
  url?: string;
}
export interface UploadedObject {
  url: string;
}

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

export interface User {
  id: string;
  username: string;
  /**
   * REQUIRE_MFA is on and this admin has no second factor yet: until one is set up, only the
   * Account page's enrolment, `GET /api/user` and sign-out work.
   */
  mfaSetupRequired?: boolean;
}

/** The error body every route answers with. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

/** Turns a zod error into the API's `{field: message}` map, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    errors[key] ??= issue.message;
    // A field inside a list (a project's photo's alt text) also under its full path, `photos.0.alt`, as forms name it.
    if (issue.path.length > 1) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

/** The text rules above, for the schemas of other modules (projects). */
export { clean as cleanText, text as textField, textMessages };

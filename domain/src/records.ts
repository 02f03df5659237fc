/**
 * What the API answers beside its inputs (a lead's progress and history, reviews, visitors,
 * users, the lead figures), the product specification's messages, and a lead's progress rules.
 * No zod schema is built here: a lead's card reads these without loading zod. The input schemas,
 * and the lead and model records made from their types, are in ./schemas.
 */
import type { z } from 'zod';
import type { LeadStatus } from './enums';
import { limits } from './limits';
import type { LeadChannel } from './lead-source';
import type { LeadEvent } from './review-invites';

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

/** When a lead ticked the marketing-consent box (stored on inquiries and quote requests). */
export interface LeadConsent {
  /** The moment the lead was sent with the box ticked; absent when it was not. */
  marketingConsentAt?: string;
}

/** Public forms carry a honeypot field that people never see and bots fill in. */
export const honeypotField = 'website';

export const interestedInLabel = 'Interested in';
/** "{model name} ({variant})", or null when the lead names no model. */
export const designOf = (lead: { modelName?: string; variant?: string }): string | null =>
  lead.modelName ? `${lead.modelName}${lead.variant ? ` (${lead.variant})` : ''}` : null;
/** "Interested in: {model name} ({variant})" on the lead card, in the CSV and the staff email; null without a model. */
export const interestedIn = (lead: { modelName?: string; variant?: string }): string | null => {
  const design = designOf(lead);
  return design ? `${interestedInLabel}: ${design}` : null;
};

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

export const overdueFilterMessage = 'Overdue lists the new leads past their follow-up time: send it without a status or search';
export const leadLinkFilterMessage = 'Lead shows one lead, as an email links to it: send it without a status, search or overdue';
export const leadIdMessage = 'Lead must be a lead id';

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

/** Hotspots on one model: labelled points an admin places on it, shown as buttons in the viewer. */
export const hotspotMessages = {
  label: `Hotspot label must be 1 to ${limits.hotspotLabelMaxLength} characters`,
  tooMany: `A model can have at most ${limits.hotspotsMax} hotspots`,
  duplicateId: 'Each hotspot needs its own id',
  id: 'Hotspot id must be 1 to 40 letters, digits, - or _',
  vector: 'Must be three numbers (x, y, z)',
} as const;

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

// ---------------------------------------------------------------- uploads

export const uploadKinds = ['model', 'thumbnail', 'photo', 'document'] as const;
export type UploadKind = (typeof uploadKinds)[number];
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

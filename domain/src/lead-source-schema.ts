/**
 * The lead source's schema (zod), apart from ./lead-source's channels and summaries so that a
 * lead's card, which shows where the lead came from, does not load zod.
 */
import { z } from 'zod';
import { landingPageMaxLength, sourceValueMaxLength, sourceValueRefused, type LeadSource } from './lead-source';

const value = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(sourceValueMaxLength, `${label} must be at most ${sourceValueMaxLength} characters`)
    .refine((text) => !sourceValueRefused.test(text), `${label} must be one line without control characters`);

/**
 * The campaign parameters, click ids, referring site and landing page the browser kept for
 * the visit that ended in a lead (POST /api/project-inquiry and /api/quote-request, `source`).
 * Keys it does not know are dropped, never refused: a lead must not be lost over tracking.
 */
export const leadSourceSchema = z.object({
  utmSource: value('Source').optional(),
  utmMedium: value('Medium').optional(),
  utmCampaign: value('Campaign').optional(),
  utmTerm: value('Term').optional(),
  utmContent: value('Content').optional(),
  gclid: value('Google click id').optional(),
  fbclid: value('Facebook click id').optional(),
  msclkid: value('Microsoft click id').optional(),
  /** The other site's host name the visitor came from (never this site's). */
  referrerHost: z
    .string({ error: 'Referrer must be a host name' })
    .max(253, 'Referrer must be a host name')
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'Referrer must be a host name')
    .transform((host) => host.toLowerCase())
    .optional(),
  /** The path the visit started on, without its query. */
  landingPage: z
    .string({ error: 'Landing page must be a path starting with /' })
    .max(landingPageMaxLength, `Landing page must be at most ${landingPageMaxLength} characters`)
    .regex(/^\/[^\s]*$/, 'Landing page must be a path starting with /')
    .refine((text) => !sourceValueRefused.test(text), 'Landing page must be one line without control characters')
    .optional(),
}) satisfies z.ZodType<LeadSource>;

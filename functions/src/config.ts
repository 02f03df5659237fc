import { resolve } from 'node:path';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { mobileNumber } from './phone';
import { defaultBusinessHoursText, defaultFollowUpAfterHours, parseBusinessHours } from '@site/domain/business-hours';

/** pino's levels; kept here so the Firebase function, which reads this schema, does not load pino. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const wholeNumber = (min: number) => `must be a whole number, ${min} or more`;
const intFrom = (fallback: number, min = 0) =>
  z.coerce
    .number({ error: wholeNumber(min) })
    .int({ error: wholeNumber(min) })
    .min(min, { error: wholeNumber(min) })
    .default(fallback);

const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** A comma-separated list, each entry trimmed and checked. */
const list = (item: z.ZodType<string, string>) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** An Australian mobile (or any + number that is a mobile), as E.164. */
const mobile = z.string().transform((value, ctx) => {
  const phone = mobileNumber(value);
  if (phone.ok) return phone.e164;
  ctx.addIssue({ code: 'custom', message: `${value} is not a mobile number` });
  return z.NEVER;
});

/** An ISO 3166 alpha-2 country code that has phone numbers (AU, NZ), upper-cased. */
const country = z.string().transform((value, ctx): CountryCode => {
  const code = value.toUpperCase();
  if (isSupportedCountry(code)) return code;
  ctx.addIssue({ code: 'custom', message: `${value} is not a country code: use two letters such as AU or NZ, separated by commas` });
  return z.NEVER;
});

/** Opening hours in Melbourne, e.g. "Mon-Fri 08:00-17:30, Sat 09:00-12:00" (domain/src/business-hours.ts). */
const businessHours = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseBusinessHours(value?.trim() || defaultBusinessHoursText);
    if (parsed.ok) return parsed.hours;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/** Business hours a lead may wait as new before the staff are reminded; null (0 or off) for no reminders. */
const followUpAfterHours = z
  .string()
  .optional()
  .transform((value, ctx): number | null => {
    const text = value?.trim().toLowerCase() || String(defaultFollowUpAfterHours);
    if (text === 'off') return null;
    const hours = Number(text);
    if (/^\d+(\.\d+)?$/.test(text) && hours <= 1000) return hours === 0 ? null : hours;
    ctx.addIssue({ code: 'custom', message: 'must be a number of business hours such as 2 (at most 1000), or 0 or off for no reminders' });
    return z.NEVER;
  });

/** A whole number of months from 1 to 1200, or unset, empty or `off` for none. */
const leadRetentionMonths = z
  .string()
  .optional()
  .transform((value, ctx): number | null => {
    const text = value?.trim().toLowerCase() ?? '';
    if (text === '' || text === 'off') return null;
    if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 1200) return Number(text);
    ctx.addIssue({ code: 'custom', message: 'must be a whole number of months from 1 to 1200, or off' });
    return z.NEVER;
  });

const url = (protocols: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(new URL(value).protocol)), message);

/** The environment of the embedded server, checked once at start. */
export const envSchema = z.object({
  PORT: intFrom(3000).pipe(z.number().max(65535, { error: 'must be a port number, 0 to 65535' })),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  WEB_DIST: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: trustProxy,
  ALLOWED_ORIGINS: list(z.string()),
  VISITOR_RETENTION_DAYS: intFrom(90, 1),
  SESSION_TTL_HOURS: intFrom(168, 1),
  /** An admin session unused for this long ends. */
  SESSION_IDLE_MINUTES: intFrom(30, 1),
  /** Every admin must set up a second factor (an authenticator app or a passkey) at their next sign-in. */
  REQUIRE_MFA: z
    .enum(['true', 'false', ''], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Audit entries older than this are deleted. */
  AUDIT_RETENTION_DAYS: intFrom(365, 1),
  /** Won and lost leads unchanged for this many months are deleted with their files and messages; unset or off keeps them. */
  LEAD_RETENTION_MONTHS: leadRetentionMonths,
  FORM_RATE_LIMIT: intFrom(20, 1),
  VISIT_RATE_LIMIT: intFrom(120, 1),
  LOGIN_RATE_LIMIT: intFrom(5, 1),
  /**
   * NOTIFY_EMAIL, NOTIFY_SMS, FOLLOW_UP_AFTER_HOURS and BUSINESS_HOURS (with SITE_URL and
   * LEAD_RETENTION_MONTHS) are read only at the first start of a version with business
   * settings, and copied into them (settingsSeedOf); the Settings tab rules from then on, so no
   * message tells an operator to set them.
   */
  NOTIFY_EMAIL: list(z.email('must be email addresses separated by commas')),
  NOTIFY_SMS: list(mobile),
  FOLLOW_UP_AFTER_HOURS: followUpAfterHours,
  BUSINESS_HOURS: businessHours,
  /** The countries customer SMS may go to; staff alerts (NOTIFY_SMS) go anywhere. */
  SMS_COUNTRIES: z
    .string()
    .default('AU')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(country).min(1, 'must name at least one country, such as AU')),
  /** Emails and SMS to one customer address or mobile per rolling 24 hours. */
  CUSTOMER_MESSAGES_PER_DAY: intFrom(3, 1),
  /** Copied into the settings' site address at the first start, as NOTIFY_EMAIL is. */
  SITE_URL: url(/^https?:$/, 'must be an http(s) address such as https://www.example.com.au'),
  SMTP_URL: url(/^smtps?:$/, 'must look like smtp://user:password@host:587 or smtps://user:password@host:465'),
  MAIL_FROM: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: url(/^https?:$/, 'must be an http(s) address'),
  /** Stripe Checkout for quote deposits by card; without both keys only bank transfer is offered. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_live_... or sk_test_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, "must be the webhook's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: url(/^https?:$/, 'must be an http(s) address'),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
  /** Daily backups kept in DATA_DIR/backups; 0 turns them off. */
  BACKUP_KEEP: intFrom(7, 0),
  /**
   * The server refuses to start with less free space than this on DATA_DIR's disk, and no
   * upload may leave less (so uploads never stop a restart; leads still arrive meanwhile).
   */
  MIN_FREE_DISK_MB: intFrom(100, 0),
  /** Megabytes of customers' files one client address may upload in any 24 hours (at least one 20 MB file). */
  ATTACHMENT_MB_PER_DAY: intFrom(200, 20),
  /** Megabytes that customers' files not yet on a sent inquiry or quote request may hold together. */
  ATTACHMENT_STORAGE_MB: intFrom(2048, 20),
});

export type Env = z.infer<typeof envSchema>;

/** Settings that only make sense together. */
function checkTogether(env: Env): string[] {
  const problems: string[] = [];
  if (env.SMTP_URL && !env.MAIL_FROM)
    problems.push('  MAIL_FROM: required with SMTP_URL (e.g. "Northcote Kitchens <hello@example.com.au>")');
  if (env.MAIL_FROM && !/^[^<>]*<[^@\s<>]+@[^@\s<>]+>$|^[^@\s<>]+@[^@\s<>]+$/.test(env.MAIL_FROM.trim())) {
    problems.push('  MAIL_FROM: must be an address, or a name and <address>');
  }
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length;
  if (twilio > 0 && twilio < 3) problems.push('  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three, or none');
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET))
    problems.push('  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both, or neither');
  return problems;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const problems = checkTogether(result.data);
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}

/**
 * The rules of the business settings: one zod schema for the Settings tab's form and the
 * server's PUT /api/settings. Every message names its field. Phone numbers are checked with
 * libphonenumber-js (its smallest metadata), which is why this module is apart from
 * settings.ts, which the public pages load.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { accountMessages } from './account';
import { clean } from './clean-text';
import { depositPercentSchema, priceListSchema } from './quote-schemas';
import {
  australianStates,
  consumerGuideDefaultUrl,
  defaultDepositDueDays,
  linkKeys,
  linkLabels,
  serviceKeys,
  settingsSections,
  type LinkKey,
  type SiteSettings,
} from './settings';

export const settingsMessages = {
  brand: 'Brand name: enter 2 to 80 characters',
  legalName: 'Legal name: at most 120 characters',
  abnDigits: 'ABN: enter the 11 digits of the Australian Business Number',
  registrationNumber:
    'Registration number: as the Victorian Building Authority issued it, 3 to 30 letters, digits, spaces or hyphens, such as DB-U 12345',
  consumerGuideUrl: "Consumer guide: the https address of the Domestic Building Consumer Guide, such as Consumer Affairs Victoria's page",
  abnChecksum: 'ABN: this is not a valid ABN (its check digits do not match); check it on abr.business.gov.au',
  phone: 'Phone: enter an Australian phone number, such as (03) 9123 4567 or 0412 345 678',
  email: 'Email: enter a valid email address',
  street: 'Street address: enter 1 to 120 characters',
  suburb: 'Suburb: enter 1 to 60 characters',
  state: `State: choose one of ${australianStates.join(', ')}`,
  postcode: 'Postcode: enter the 4 digits of an Australian postcode',
  serviceArea: 'Service area: enter 2 to 120 characters, such as "Melbourne, Victoria"',
  siteUrl: 'Site address: enter the address visitors use, such as https://www.yourbusiness.com.au (https, no path)',
  siteUrlTrailingDot: 'Site address: leave out the dot at the end of the host name, such as https://www.yourbusiness.com.au',
  siteUrlIp: 'Site address: enter the domain name visitors use, such as https://www.yourbusiness.com.au, not an IP address',
  siteUrlPort: 'Site address: leave out the port (such as :8443): visitors reach the site at https://www.yourbusiness.com.au',
  weekly: 'Opening hours: give the ranges of each of the seven days',
  time: 'Opening hours: write times as HH:MM, from 00:00 to 24:00',
  range: 'Opening hours: each range must end after it starts',
  overlap: 'Opening hours: the ranges of one day must not overlap',
  rangesPerDay: 'Opening hours: at most 3 ranges a day',
  closureDate: 'Closure: write dates as YYYY-MM-DD',
  closureOrder: 'Closure: the last day must be on or after the first',
  closureLength: 'Closure: at most 366 days at a time',
  closureLabel: 'Closure: give it a label of 1 to 60 characters, such as "Christmas shutdown"',
  closures: 'Closures: at most 60',
  staffEmail: 'Staff emails: enter valid email addresses',
  staffEmails: 'Staff emails: at most 10 addresses, each once',
  staffMobile: 'Staff mobiles: enter Australian mobile numbers, such as 0412 345 678',
  staffMobiles: 'Staff mobiles: at most 5 numbers, each once',
  followUp: 'Follow-up delay: more than 0 and at most 1000 business hours, or off',
  retention: 'Lead retention: a whole number of months from 1 to 1200, or keep until asked',
  link: (key: LinkKey) => `${linkLabels[key]}: enter the https address of your ${linkLabels[key]} page`,
  text: (label: string, min: number, max: number) => `${label}: enter ${min} to ${max} characters, or restore the default`,
  highlights: 'Highlights: up to 8 lines of 3 to 80 characters each, or restore the default',
  bookingEnabled: 'Online booking: on or off',
  depositDueDays: 'Deposit due: a whole number of days from 1 to 60 after acceptance',
  bankAccountName: 'Account name: at most 100 characters',
  bankBsb: 'BSB: 6 digits',
  bankAccountNumber: 'Account number: 5 to 10 digits',
  bankIncomplete: 'Bank transfer: give the account name, BSB and account number, or none of them',
  onlineDeposits: 'Online deposits: choose whether customers are asked for a deposit online',
  smsOptOut: 'Text messages: choose whether the business uses them',
  visitMinutes: 'Visit length: a multiple of 15 minutes from 15 to 480',
  bufferMinutes: 'Travel buffer: a multiple of 15 minutes from 0 to 240',
  minNoticeHours: 'Minimum notice: a whole number of hours from 0 to 336',
  horizonWeeks: 'Booking horizon: a whole number of weeks from 1 to 26',
  bookingWeekly: 'Booking hours: give the ranges of each of the seven days',
  bookingTime: 'Booking hours: write times on the quarter hour (HH:00, HH:15, HH:30, HH:45), from 00:00 to 24:00',
  bookingRange: 'Booking hours: each range must end after it starts',
  bookingOverlap: 'Booking hours: the ranges of one day must not overlap',
  bookingRangesPerDay: 'Booking hours: at most 3 ranges a day',
  areaEntry: 'Service area: each entry is a postcode (3070), a range of postcodes (3000-3207) or a suburb name (Northcote)',
  areaEntries: 'Service area: give 1 to 500 entries',
  version: 'Version: send the version the change started from',
  nothing: 'Send at least one section of the settings to change',
} as const;

const trimmed = (max: number, message: string, min = 1) => z.string({ error: message }).trim().min(min, message).max(max, message);

/** An Australian phone number as libphonenumber-js reads it, or undefined. */
export function australianNumber(value: string) {
  const parsed = parsePhoneNumberFromString(value, 'AU');
  return parsed && parsed.isValid() && parsed.country === 'AU' ? parsed : undefined;
}

/** The tel: form of a phone number the settings accepted: +61370104620. */
export const phoneHref = (phone: string): string => australianNumber(phone)?.number ?? phone.replace(/[^\d+]/g, '');

/** Whether 11 digits are an ABN: the Australian Business Register's weighted check (first digit less one, modulus 89). */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * weights[i], 0);
  return sum % 89 === 0;
}

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

const abnSchema = z
  .string({ error: settingsMessages.abnDigits })
  .optional()
  .transform((value) => value?.replace(/\s/g, '') || undefined)
  .refine((value) => value === undefined || /^\d{11}$/.test(value), settingsMessages.abnDigits)
  .refine((value) => value === undefined || !/^\d{11}$/.test(value) || isValidAbn(value), settingsMessages.abnChecksum);

/** The host part of an address as typed: after the scheme, up to the path, query or fragment. */
const authorityOf = (value: string) => /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';

/**
 * The address every link in messages, the canonical pages and passkeys are built on: https at
 * a host name alone. An IP address or a port would tie passkeys and links to one machine, and a
 * trailing dot names the same site under a second origin that passkeys and cookies treat apart.
 */
const siteUrlSchema = z
  .string({ error: settingsMessages.siteUrl })
  .trim()
  .max(200, settingsMessages.siteUrl)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: settingsMessages.siteUrl });
      return z.NEVER;
    }
    const plain = !url.username && !url.password && !url.search && !url.hash && url.pathname === '/';
    // The URL parser reads 127.1 and 0x7f.0.0.1 as IPv4 too, and writes every IPv4 address in dotted decimal.
    const ip = url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname);
    const message =
      url.protocol !== 'https:' || !plain
        ? settingsMessages.siteUrl
        : ip
          ? settingsMessages.siteUrlIp
          : // The parser drops :443, the https port, so the address as typed is checked.
            url.port || authorityOf(value).includes(':')
            ? settingsMessages.siteUrlPort
            : url.hostname.endsWith('.')
              ? settingsMessages.siteUrlTrailingDot
              : undefined;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return url.origin;
  });

const businessSchema = z.object({
  brand: trimmed(80, settingsMessages.brand, 2),
  legalName: optionalText(120, settingsMessages.legalName),
  abn: abnSchema,
  registrationNumber: z
    .string({ error: settingsMessages.registrationNumber })
    .trim()
    .max(30, settingsMessages.registrationNumber)
    .optional()
    .transform((value) => value?.replace(/\s+/g, ' ') || undefined)
    .refine((value) => value === undefined || /^[A-Za-z0-9][A-Za-z0-9 -]{2,29}$/.test(value), settingsMessages.registrationNumber),
  phone: z
    .string({ error: settingsMessages.phone })
    .trim()
    .max(30, settingsMessages.phone)
    .refine((value) => australianNumber(value) !== undefined, settingsMessages.phone),
  email: z.string({ error: settingsMessages.email }).trim().max(254, settingsMessages.email).pipe(z.email(settingsMessages.email)),
  street: trimmed(120, settingsMessages.street),
  suburb: trimmed(60, settingsMessages.suburb),
  state: z.enum(australianStates, { error: settingsMessages.state }),
  postcode: z
    .string({ error: settingsMessages.postcode })
    .trim()
    .regex(/^\d{4}$/, settingsMessages.postcode),
  serviceArea: trimmed(120, settingsMessages.serviceArea, 2),
  siteUrl: siteUrlSchema,
});

/** Minutes after midnight of "HH:MM" (00:00 to 24:00), or null. */
export function minutesOfTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

const timeSchema = z.string({ error: settingsMessages.time }).refine((time) => minutesOfTime(time) !== null, settingsMessages.time);

const daySchema = z
  .array(z.object({ from: timeSchema, to: timeSchema }), { error: settingsMessages.weekly })
  .max(3, settingsMessages.rangesPerDay)
  .superRefine((ranges, ctx) => {
    const minutes = ranges.map((range) => ({ from: minutesOfTime(range.from) ?? 0, to: minutesOfTime(range.to) ?? 0 }));
    if (minutes.some((range) => range.to <= range.from)) ctx.addIssue({ code: 'custom', message: settingsMessages.range });
    const sorted = [...minutes].sort((a, b) => a.from - b.from);
    if (sorted.some((range, i) => i > 0 && range.from < sorted[i - 1].to))
      ctx.addIssue({ code: 'custom', message: settingsMessages.overlap });
  })
  .transform((ranges) => [...ranges].sort((a, b) => a.from.localeCompare(b.from)));

const dateSchema = z
  .string({ error: settingsMessages.closureDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, settingsMessages.closureDate)
  .refine((date) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
  }, settingsMessages.closureDate);

const closureSchema = z
  .object({ from: dateSchema, to: dateSchema, label: trimmed(60, settingsMessages.closureLabel) })
  .superRefine((closure, ctx) => {
    if (closure.to < closure.from) ctx.addIssue({ code: 'custom', message: settingsMessages.closureOrder, path: ['to'] });
    else if (Date.parse(closure.to) - Date.parse(closure.from) > 365 * 24 * 3600 * 1000)
      ctx.addIssue({ code: 'custom', message: settingsMessages.closureLength, path: ['to'] });
  });

const hoursSchema = z.object({
  weekly: z.array(daySchema, { error: settingsMessages.weekly }).length(7, settingsMessages.weekly),
  closures: z
    .array(closureSchema, { error: settingsMessages.closures })
    .max(60, settingsMessages.closures)
    .transform((closures) => [...closures].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))),
});

const unique = (values: string[]) => new Set(values).size === values.length;

const notificationsSchema = z.object({
  emails: z
    .array(
      z
        .string({ error: settingsMessages.staffEmail })
        .trim()
        .toLowerCase()
        .max(254, settingsMessages.staffEmail)
        .pipe(z.email(settingsMessages.staffEmail)),
      {
        error: settingsMessages.staffEmails,
      },
    )
    .max(10, settingsMessages.staffEmails)
    .refine(unique, settingsMessages.staffEmails),
  mobiles: z
    .array(
      z
        .string({ error: settingsMessages.staffMobile })
        .trim()
        .max(30, settingsMessages.staffMobile)
        .transform((value, ctx) => {
          const parsed = australianNumber(value);
          // Australian mobiles are 04xx xxx xxx (05 is reserved for them too).
          if (!parsed || !/^[45]/.test(parsed.nationalNumber)) {
            ctx.addIssue({ code: 'custom', message: settingsMessages.staffMobile });
            return z.NEVER;
          }
          return parsed.number;
        }),
      { error: settingsMessages.staffMobiles },
    )
    .max(5, settingsMessages.staffMobiles)
    .refine(unique, settingsMessages.staffMobiles),
  followUpAfterHours: z
    .number({ error: settingsMessages.followUp })
    .positive(settingsMessages.followUp)
    .max(1000, settingsMessages.followUp)
    .nullable(),
  // Settings saved before the choice existed read as SMS wanted.
  smsOptOut: z.boolean({ error: settingsMessages.smsOptOut }).default(false),
});

/** Each link's https address, on the site it names (an Instagram button must lead to Instagram). */
const linkHosts: Record<LinkKey, RegExp> = {
  instagram: /^(www\.)?instagram\.com$/,
  facebook: /^((www|m)\.)?(facebook\.com|fb\.com)$/,
  pinterest: /^((www|au)\.)?pinterest\.(com|com\.au)$|^pin\.it$/,
  houzz: /^(www\.)?houzz\.(com|com\.au)$/,
  googleBusiness: /^(business\.google\.com|g\.page|maps\.app\.goo\.gl|g\.co|(www\.)?google\.com(\.au)?|maps\.google\.com(\.au)?)$/,
};

const linkSchema = (key: LinkKey) =>
  z
    .string({ error: settingsMessages.link(key) })
    .trim()
    .max(300, settingsMessages.link(key))
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        const url = new URL(value);
        if (url.protocol === 'https:' && !url.username && !url.password && linkHosts[key].test(url.hostname)) return url.href;
      } catch {
        // falls through to the field's message
      }
      ctx.addIssue({ code: 'custom', message: settingsMessages.link(key) });
      return z.NEVER;
    });

const linksSchema = z
  .object(Object.fromEntries(linkKeys.map((key) => [key, linkSchema(key)])) as Record<LinkKey, ReturnType<typeof linkSchema>>)
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, value]) => value !== undefined)) as SiteSettings['links']);

const privacySchema = z.object({
  leadRetentionMonths: z
    .number({ error: settingsMessages.retention })
    .int(settingsMessages.retention)
    .min(1, settingsMessages.retention)
    .max(1200, settingsMessages.retention)
    .nullable(),
});

const bookingTimeSchema = z
  .string({ error: settingsMessages.bookingTime })
  .refine((time) => (minutesOfTime(time) ?? 1) % 15 === 0, settingsMessages.bookingTime);

const bookingDaySchema = z
  .array(z.object({ from: bookingTimeSchema, to: bookingTimeSchema }), { error: settingsMessages.bookingWeekly })
  .max(3, settingsMessages.bookingRangesPerDay)
  .superRefine((ranges, ctx) => {
    const minutes = ranges.map((range) => ({ from: minutesOfTime(range.from) ?? 0, to: minutesOfTime(range.to) ?? 0 }));
    if (minutes.some((range) => range.to <= range.from)) ctx.addIssue({ code: 'custom', message: settingsMessages.bookingRange });
    const sorted = [...minutes].sort((a, b) => a.from - b.from);
    if (sorted.some((range, i) => i > 0 && range.from < sorted[i - 1].to))
      ctx.addIssue({ code: 'custom', message: settingsMessages.bookingOverlap });
  })
  .transform((ranges) => [...ranges].sort((a, b) => a.from.localeCompare(b.from)));

/** A service area entry: a postcode, a range of postcodes (first not after last) or a suburb's name. */
const areaEntrySchema = z
  .string({ error: settingsMessages.areaEntry })
  .trim()
  .transform((entry) => entry.replace(/\s+/g, ' '))
  .refine((entry) => {
    const range = /^(\d{4}) ?- ?(\d{4})$/.exec(entry);
    if (range) return range[1] <= range[2];
    return /^\d{4}$/.test(entry) || /^[A-Za-z][A-Za-z' .-]{1,59}$/.test(entry);
  }, settingsMessages.areaEntry)
  .transform((entry) => entry.replace(/^(\d{4}) ?- ?(\d{4})$/, '$1-$2'));

const multipleOf15 = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => value % 15 === 0, message);

const bookingSchema = z.object({
  enabled: z.boolean({ error: settingsMessages.bookingEnabled }),
  visitMinutes: multipleOf15(settingsMessages.visitMinutes, 15, 480),
  bufferMinutes: multipleOf15(settingsMessages.bufferMinutes, 0, 240),
  minNoticeHours: z
    .number({ error: settingsMessages.minNoticeHours })
    .int(settingsMessages.minNoticeHours)
    .min(0, settingsMessages.minNoticeHours)
    .max(336, settingsMessages.minNoticeHours),
  horizonWeeks: z
    .number({ error: settingsMessages.horizonWeeks })
    .int(settingsMessages.horizonWeeks)
    .min(1, settingsMessages.horizonWeeks)
    .max(26, settingsMessages.horizonWeeks),
  weekly: z.array(bookingDaySchema, { error: settingsMessages.bookingWeekly }).length(7, settingsMessages.bookingWeekly),
  area: z
    .array(areaEntrySchema, { error: settingsMessages.areaEntries })
    .min(1, settingsMessages.areaEntries)
    .max(500, settingsMessages.areaEntries),
});

const paymentsSchema = z
  .object({
    depositPercent: depositPercentSchema,
    // Settings saved before the due date existed read as the default.
    depositDueDays: z
      .number({ error: settingsMessages.depositDueDays })
      .int(settingsMessages.depositDueDays)
      .min(1, settingsMessages.depositDueDays)
      .max(60, settingsMessages.depositDueDays)
      .default(defaultDepositDueDays),
    bankAccountName: z.string({ error: settingsMessages.bankAccountName }).trim().max(100, settingsMessages.bankAccountName),
    bankBsb: z
      .string({ error: settingsMessages.bankBsb })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => value === '' || /^\d{6}$/.test(value), settingsMessages.bankBsb),
    bankAccountNumber: z
      .string({ error: settingsMessages.bankAccountNumber })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => value === '' || /^\d{5,10}$/.test(value), settingsMessages.bankAccountNumber),
    consumerGuideUrl: z
      .string({ error: settingsMessages.consumerGuideUrl })
      .trim()
      .max(500, settingsMessages.consumerGuideUrl)
      .refine((value) => {
        try {
          return new URL(value).protocol === 'https:';
        } catch {
          return false;
        }
      }, settingsMessages.consumerGuideUrl)
      .default(consumerGuideDefaultUrl),
    // Settings saved before the choice existed read as deposits asked online, as they were.
    onlineDeposits: z.boolean({ error: settingsMessages.onlineDeposits }).default(true),
  })
  .superRefine((payments, ctx) => {
    // A transfer needs all three details, or none (then no transfer is offered).
    const given = [payments.bankAccountName, payments.bankBsb, payments.bankAccountNumber].filter(Boolean).length;
    if (given !== 0 && given !== 3) {
      for (const field of ['bankAccountName', 'bankBsb', 'bankAccountNumber'] as const) {
        if (!payments[field]) ctx.addIssue({ code: 'custom', message: settingsMessages.bankIncomplete, path: [field] });
      }
    }
  });

/** A page text: the owner's words, or null (and an emptied box) for the default. */
const pageText = (label: string, min: number, max: number) =>
  z
    .string({ error: settingsMessages.text(label, min, max) })
    .trim()
    .nullable()
    .transform((value) => value || null)
    .refine((value) => value === null || (value.length >= min && value.length <= max), settingsMessages.text(label, min, max));

export const serviceTextLabels: Record<(typeof serviceKeys)[number], string> = {
  kitchen: 'Kitchens',
  bathroom: 'Bathrooms',
  'tv-units': 'TV units',
  wardrobes: 'Wardrobes',
  study: 'Studies',
  laundry: 'Laundries',
  outdoor: 'Outdoor kitchens',
};

/** The highlights' limits: a few short lines, each a claim the owner stands behind. */
export const highlightLimits = { most: 8, min: 3, max: 80 } as const;

/**
 * The hero's highlights: one line each, blank lines dropped; null (or no line left) for the
 * default list. Absent from a save made before they could be edited: the default.
 */
const highlightsSchema = z
  .array(clean(z.string({ error: settingsMessages.highlights }).trim(), 'Highlights', 'line'), { error: settingsMessages.highlights })
  .nullable()
  .transform((lines) => {
    const kept = lines?.filter(Boolean) ?? [];
    return kept.length > 0 ? kept : null;
  })
  .refine(
    (lines) =>
      lines === null ||
      (lines.length <= highlightLimits.most &&
        lines.every((line) => line.length >= highlightLimits.min && line.length <= highlightLimits.max)),
    settingsMessages.highlights,
  )
  .default(null);

const textsSchema = z.object({
  heroHeadline: pageText('Hero headline', 3, 80),
  heroIntro: pageText('Hero intro', 3, 200),
  highlights: highlightsSchema,
  aboutIntro: pageText('About intro', 3, 200).default(null),
  aboutStory: pageText('About story', 20, 4000),
  services: z.object(
    Object.fromEntries(
      serviceKeys.map((key) => [
        key,
        z.object({
          title: pageText(`${serviceTextLabels[key]} title`, 3, 60),
          summary: pageText(`${serviceTextLabels[key]} summary`, 3, 160),
          description: pageText(`${serviceTextLabels[key]} description`, 20, 1500),
        }),
      ]),
    ) as Record<
      (typeof serviceKeys)[number],
      z.ZodObject<{ title: ReturnType<typeof pageText>; summary: ReturnType<typeof pageText>; description: ReturnType<typeof pageText> }>
    >,
  ),
});

/** The sections of the settings, each checked whole. */
export const settingsSectionSchemas = {
  business: businessSchema,
  hours: hoursSchema,
  notifications: notificationsSchema,
  links: linksSchema,
  privacy: privacySchema,
  booking: bookingSchema,
  payments: paymentsSchema,
  texts: textsSchema,
  priceList: priceListSchema,
} as const satisfies Record<(typeof settingsSections)[number], z.ZodType>;

/**
 * The settings whose change asks for the admin's current password and is announced to every
 * staff address: where customers pay deposits, the address every link and passkey is built
 * on, and who hears of leads. A session cookie alone must not redirect money or alerts.
 */
export const sensitiveSettings = ['payments', 'business.siteUrl', 'notifications.emails', 'notifications.mobiles'] as const;

/** Whether a changed field (a dotted path, as `settingsChanges` names it) is one of `sensitiveSettings`. */
export const isSensitiveSetting = (field: string): boolean =>
  sensitiveSettings.some((name) => field === name || field.startsWith(`${name}.`));

/** Why the Settings tab asks for the password again. */
export const sensitiveSettingsReason = 'Changing bank details, the site address or who gets staff alerts needs your password';

/**
 * PUT /api/settings: the sections that change, each whole, and the version the change
 * started from. Brand images are uploaded on their own route. `currentPassword` is asked only
 * when a sensitive setting changes, and is never stored.
 */
export const settingsUpdateSchema = z
  .object({
    version: z.number({ error: settingsMessages.version }).int(settingsMessages.version).min(0, settingsMessages.version),
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .max(1000, accountMessages.currentPasswordWrong)
      .optional(),
    business: businessSchema.optional(),
    hours: hoursSchema.optional(),
    notifications: notificationsSchema.optional(),
    links: linksSchema.optional(),
    privacy: privacySchema.optional(),
    booking: bookingSchema.optional(),
    payments: paymentsSchema.optional(),
    texts: textsSchema.optional(),
    priceList: priceListSchema.optional(),
  })
  .refine((update) => settingsSections.some((section) => update[section] !== undefined), {
    message: settingsMessages.nothing,
    path: ['version'],
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

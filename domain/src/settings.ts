/**
 * The business settings the owner edits in the admin's Settings tab: the business's details,
 * its hours and closures, who staff alerts go to, its links, brand images, lead retention and
 * the page texts. One document in the store; its defaults are the example values a fresh
 * install shows (the go-live checklist names them until they are replaced) and the
 * specification's page texts.
 *
 * This module holds the types, the defaults and what the public may see: the public pages
 * load it. The validation (with a phone number library too large for the public pages) is in
 * settings-schema.ts, which the server and the Settings tab load.
 */
import { defaultBookingSettings, type BookingSettings } from './booking';
import type { Closure, OpeningRange } from './calendar';
import type { BusinessSettings } from './site';

export const australianStates = ['VIC', 'NSW', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof australianStates)[number];

/** The services the site describes, in the order it shows them. */
export const serviceKeys = ['kitchen', 'bathroom', 'tv-units', 'wardrobes', 'study', 'laundry', 'outdoor'] as const;
export type ServiceKey = (typeof serviceKeys)[number];

/** The social and listing sites a footer button can link to. */
export const linkKeys = ['instagram', 'facebook', 'pinterest', 'houzz', 'googleBusiness'] as const;
export type LinkKey = (typeof linkKeys)[number];

export const linkLabels: Record<LinkKey, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  houzz: 'Houzz',
  googleBusiness: 'Google Business Profile',
};

// The opening ranges and closures are the calendar's (./calendar), which the booking settings share.
export type { Closure, OpeningRange } from './calendar';

/** The logo and the favicon an admin uploads. */
export const brandImageKinds = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof brandImageKinds)[number];

/** The files brand images become: a logo at most 640 × 160, a favicon at 32 px and as phones' icons. */
export interface BrandImages {
  logo?: string;
  favicon?: string;
  /** 180 × 180, for Apple's home-screen icon. */
  touchIcon?: string;
  icon192?: string;
  icon512?: string;
}

export interface SiteSettings {
  business: {
    brand: string;
    legalName?: string;
    /** 11 digits, no spaces. */
    abn?: string;
    /**
     * The builder's registration under the Building Act 1993 (Victorian Building Authority), such
     * as DB-U 12345: in the footer and on every quote, and needed before a quote over $10,000 is sent.
     */
    registrationNumber?: string;
    /** As the owner writes it, e.g. (03) 9123 4567. */
    phone: string;
    email: string;
    street: string;
    suburb: string;
    state: AustralianState;
    postcode: string;
    /** Where the business works, in words: "Melbourne, Victoria". */
    serviceArea: string;
    /** The site's own address, without a trailing slash: https://www.example.com.au */
    siteUrl: string;
  };
  hours: {
    /** Seven days, Sunday first: each day's opening ranges, sorted and not overlapping; none when closed. */
    weekly: OpeningRange[][];
    closures: Closure[];
  };
  /** Who gets lead alerts and follow-up reminders (private: never shown to visitors). */
  notifications: {
    emails: string[];
    mobiles: string[];
    /** Business hours a lead may stay new before staff are reminded; null turns reminders off. */
    followUpAfterHours: number | null;
    /**
     * "We don't use text messages": no SMS alert goes to staff, and neither the go-live card nor
     * the dashboard's warning asks for an SMS provider. False until the owner says so.
     */
    smsOptOut: boolean;
  };
  links: Partial<Record<LinkKey, string>>;
  /** Brand images, made on upload into the sizes pages and phones ask for; absent until one is uploaded. */
  images: BrandImages;
  privacy: {
    /** Months won and lost leads are kept after their last change; null keeps them until someone asks. */
    leadRetentionMonths: number | null;
  };
  /** When and where customers can book a free site measure online (public: no staff details in it). */
  booking: BookingSettings;
  /**
   * Quotes' deposit and the bank account customers may pay it into (private: shown only on a
   * customer's own page, with their reference).
   */
  payments: PaymentSettings;
  /** Page texts; null is the default text (Restore default sets it back to null). */
  texts: {
    heroHeadline: string | null;
    heroIntro: string | null;
    /** The hero's highlights, one line each (at least one). */
    highlights: string[] | null;
    /** The line under the about page's heading. */
    aboutIntro: string | null;
    aboutStory: string | null;
    services: Record<ServiceKey, { title: string | null; summary: string | null; description: string | null }>;
  };
  /** Items staff quote again and again, to pick in the quote builder (private: prices are staff's). */
  priceList: PriceListItem[];
}

/** A saved item of the price list: what a quote's item starts from when picked. */
export interface PriceListItem {
  id: string;
  description: string;
  unit?: string;
  /** Excluding GST. */
  unitPriceCents: number;
  /** The quote section it goes in ("Benchtops"). */
  section?: string;
}

/** The deposit on accepted quotes and the bank transfer details offered for it. */
export interface PaymentSettings {
  /** The deposit in percent of the accepted total; null is the legal maximum (10% under $20,000, 5% from $20,000). */
  depositPercent: number | null;
  /** Whole days after acceptance the deposit is due by (to the end of that day in Melbourne): 1 to 60. */
  depositDueDays: number;
  /** Bank transfer details; all three empty while none are set (no transfer is then offered). */
  bankAccountName: string;
  /** 6 digits, no spaces. */
  bankBsb: string;
  /** 5 to 10 digits. */
  bankAccountNumber: string;
  /** The Domestic Building Consumer Guide a major contract's customer confirms receiving: Consumer Affairs Victoria's page by default. */
  consumerGuideUrl: string;
  /**
   * Whether customers are asked online for a deposit when they accept a quote; false is the
   * owner's "no deposits online" (they arrange it themselves), which needs no bank details.
   */
  onlineDeposits: boolean;
}

/** Days a deposit is due after acceptance, until the owner sets their own. */
export const defaultDepositDueDays = 7;

/** Consumer Affairs Victoria's page of the Domestic Building Consumer Guide (the contract information statement of s 29A). */
export const consumerGuideDefaultUrl =
  'https://www.consumer.vic.gov.au/housing/building-and-renovating/plan-and-manage-your-building-project/domestic-building-consumer-guide';

/** What anyone may see: everything but who staff alerts go to, the bank account and the price list. */
export type PublicSettings = Omit<SiteSettings, 'notifications' | 'payments' | 'priceList'>;

/** The settings of the sections the Settings tab saves one at a time. */
export const settingsSections = [
  'business',
  'hours',
  'notifications',
  'links',
  'privacy',
  'booking',
  'payments',
  'texts',
  'priceList',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** A stored settings document: the values and who last changed them. */
export interface StoredSettings {
  settings: SiteSettings;
  /** Counts the saves; a save names the version it started from, so two admins cannot overwrite each other unseen. */
  version: number;
  updatedAt?: string;
  updatedBy?: string;
}

const weekdays = (range: OpeningRange[]): OpeningRange[][] => [[], range, range, range, range, range, []];

/** The example business a fresh install shows until the owner replaces it (example.com and the ACMA's example phone range). */
export const defaultSettings: SiteSettings = {
  business: {
    brand: 'Northcote Kitchens & Bathrooms',
    phone: '(03) 7010 4620',
    email: 'hello@example.com',
    street: '12 Example Street',
    suburb: 'Richmond',
    state: 'VIC',
    postcode: '3121',
    serviceArea: 'Melbourne, Victoria',
    siteUrl: 'https://www.example.com',
  },
  hours: { weekly: weekdays([{ from: '08:00', to: '17:30' }]), closures: [] },
  notifications: { emails: [], mobiles: [], followUpAfterHours: 2, smsOptOut: false },
  links: {},
  images: {},
  privacy: { leadRetentionMonths: null },
  booking: defaultBookingSettings,
  payments: {
    depositPercent: null,
    depositDueDays: defaultDepositDueDays,
    bankAccountName: '',
    bankBsb: '',
    bankAccountNumber: '',
    consumerGuideUrl: consumerGuideDefaultUrl,
    onlineDeposits: true,
  },
  texts: {
    heroHeadline: null,
    heroIntro: null,
    highlights: null,
    aboutIntro: null,
    aboutStory: null,
    services: Object.fromEntries(
      serviceKeys.map((key) => [key, { title: null, summary: null, description: null }]),
    ) as SiteSettings['texts']['services'],
  },
  priceList: [],
};

/**
 * The tel: form of an Australian number already checked: the settings' phone (by the settings'
 * schema, with libphonenumber-js) or a booking's mobile (by its pattern). (03) 9123 4567 is
 * +61391234567; a 13, 1300 or 1800 number keeps its digits. Read here from its digits alone,
 * because the public pages print it and do not load the phone library (30 KB gzip more in
 * every public island; ./phone.ts reads numbers typed any way, for the server and staff).
 */
export function telHref(phone: string): string {
  const digits = (phone.split(/[a-z#,;]/i)[0] ?? '').replace(/\(\s*0\s*\)/, '').replace(/\D/g, '');
  const national = digits.startsWith('61') ? digits.slice(2).replace(/^0/, '') : digits.startsWith('0') ? digits.slice(1) : '';
  return national ? `+61${national}` : digits;
}

/** The business as the site's pages and messages show it (the shape they were written for). */
export function businessOf(settings: Pick<SiteSettings, 'business' | 'links' | 'privacy'>): BusinessSettings {
  const { business, links } = settings;
  return {
    brand: business.brand,
    ...(business.legalName ? { legalName: business.legalName } : {}),
    ...(business.abn ? { abn: business.abn } : {}),
    ...(business.registrationNumber ? { registrationNumber: business.registrationNumber } : {}),
    phone: business.phone,
    phoneHref: telHref(business.phone),
    email: business.email,
    address: { street: business.street, suburb: business.suburb, state: business.state, postcode: business.postcode, country: 'AU' },
    siteUrl: business.siteUrl,
    areaServed: business.serviceArea,
    ...(links.instagram ? { instagramUrl: links.instagram } : {}),
    ...(links.facebook ? { facebookUrl: links.facebook } : {}),
    ...(links.pinterest ? { pinterestUrl: links.pinterest } : {}),
    ...(links.houzz ? { houzzUrl: links.houzz } : {}),
    ...(links.googleBusiness ? { googleBusinessUrl: links.googleBusiness } : {}),
    ...(settings.privacy.leadRetentionMonths !== null ? { leadRetentionMonths: settings.privacy.leadRetentionMonths } : {}),
  };
}

/** What visitors may see of the settings. */
export function publicSettingsOf(settings: SiteSettings): PublicSettings {
  const { notifications: _private, payments: _bank, priceList: _prices, ...rest } = settings;
  return rest;
}

/**
 * A stored document read with today's defaults under it: a field added after the document
 * was saved reads as its default, and a stored value always wins.
 */
export function withDefaults(stored: unknown): SiteSettings {
  const merge = (base: unknown, over: unknown): unknown => {
    if (over === undefined) return base;
    if (!isPlainObject(base) || !isPlainObject(over)) return over;
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value);
    return out;
  };
  return merge(defaultSettings, stored) as SiteSettings;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each field that differs between two settings, by its dotted path, with its old and new value (for the audit trail). */
export function settingsChanges(before: SiteSettings, after: SiteSettings): Array<{ field: string; from: unknown; to: unknown }> {
  const changes: Array<{ field: string; from: unknown; to: unknown }> = [];
  const walk = (path: string, a: unknown, b: unknown) => {
    if (isPlainObject(a) || isPlainObject(b)) {
      const keys = new Set([...Object.keys(isPlainObject(a) ? a : {}), ...Object.keys(isPlainObject(b) ? b : {})]);
      for (const key of [...keys].sort()) {
        walk(path ? `${path}.${key}` : key, isPlainObject(a) ? a[key] : undefined, isPlainObject(b) ? b[key] : undefined);
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field: path, from: a, to: b });
  };
  walk('', before, after);
  return changes;
}

import { describe, expect, it } from 'vitest';
import { pageTexts } from './page-texts';
import { defaultSettings, publicSettingsOf, settingsChanges, telHref, withDefaults, type SiteSettings } from './settings';
import {
  isSensitiveSetting,
  isValidAbn,
  phoneHref,
  settingsMessages,
  settingsSectionSchemas,
  settingsUpdateSchema,
} from './settings-schema';

const business = { ...defaultSettings.business, phone: '(03) 9123 4567' };

/** The field errors zod gives for one section, by dotted path. */
function errorsOf(section: keyof typeof settingsSectionSchemas, value: unknown): Record<string, string> {
  const result = settingsSectionSchemas[section].safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the business section', () => {
  it('takes a real business and keeps what the owner typed, the ABN as digits and the site address without a slash', () => {
    const parsed = settingsSectionSchemas.business.parse({
      ...business,
      abn: '51 824 753 556',
      siteUrl: 'https://www.northcote-kb.com.au/',
    });
    expect(parsed.abn).toBe('51824753556');
    expect(parsed.siteUrl).toBe('https://www.northcote-kb.com.au');
    expect(parsed.phone).toBe('(03) 9123 4567');
    expect(phoneHref(parsed.phone)).toBe('+61391234567');
  });

  it.each([
    ['abn', '1234', settingsMessages.abnDigits],
    ['abn', '51 824 753 557', settingsMessages.abnChecksum],
    ['phone', '123', settingsMessages.phone],
    ['phone', '+44 20 7946 0958', settingsMessages.phone],
    ['email', 'not-an-email', settingsMessages.email],
    ['state', 'XYZ', settingsMessages.state],
    ['postcode', '312', settingsMessages.postcode],
    ['brand', 'A', settingsMessages.brand],
    ['siteUrl', 'http://www.example.com.au', settingsMessages.siteUrl],
    ['siteUrl', 'https://www.example.com.au/shop?x=1', settingsMessages.siteUrl],
    ['siteUrl', 'javascript:alert(1)', settingsMessages.siteUrl],
    ['siteUrl', 'http://localhost', settingsMessages.siteUrl],
    ['siteUrl', 'https://www.example.com.au.', settingsMessages.siteUrlTrailingDot],
    ['siteUrl', 'https://203.0.113.7', settingsMessages.siteUrlIp],
    ['siteUrl', 'https://127.1', settingsMessages.siteUrlIp],
    ['siteUrl', 'https://[2001:db8::1]', settingsMessages.siteUrlIp],
    ['siteUrl', 'https://www.example.com.au:8443', settingsMessages.siteUrlPort],
    ['siteUrl', 'https://www.example.com.au:443/', settingsMessages.siteUrlPort],
  ])('refuses %s %j with a message naming the field', (field, value, message) => {
    expect(errorsOf('business', { ...business, [field]: value })).toEqual({ [field]: message });
  });

  it('checks ABNs with the register’s weighted sum', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53004085616')).toBe(true);
    expect(isValidAbn('53004085617')).toBe(false);
  });
});

describe('the hours section', () => {
  const week = defaultSettings.hours.weekly;
  it('sorts a day’s ranges and closures', () => {
    const parsed = settingsSectionSchemas.hours.parse({
      weekly: [
        [],
        [
          { from: '13:00', to: '17:00' },
          { from: '08:00', to: '12:00' },
        ],
        ...week.slice(2),
      ],
      closures: [
        { from: '2027-01-26', to: '2027-01-26', label: 'Australia Day' },
        { from: '2026-12-24', to: '2027-01-05', label: 'Christmas shutdown' },
      ],
    });
    expect(parsed.weekly[1]).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
    expect(parsed.closures.map((closure) => closure.label)).toEqual(['Christmas shutdown', 'Australia Day']);
  });

  it('refuses ranges that end before they start or overlap, and closures that end before they start', () => {
    expect(errorsOf('hours', { weekly: [[{ from: '17:00', to: '08:00' }], ...week.slice(1)], closures: [] })).toEqual({
      'weekly.0': settingsMessages.range,
    });
    expect(
      errorsOf('hours', {
        weekly: [
          [
            { from: '08:00', to: '12:00' },
            { from: '11:00', to: '13:00' },
          ],
          ...week.slice(1),
        ],
        closures: [],
      }),
    ).toEqual({ 'weekly.0': settingsMessages.overlap });
    expect(errorsOf('hours', { weekly: [[{ from: '8am', to: '12:00' }], ...week.slice(1)], closures: [] })).toEqual({
      'weekly.0.0.from': settingsMessages.time,
    });
    expect(errorsOf('hours', { weekly: week.slice(1), closures: [] })).toEqual({ weekly: settingsMessages.weekly });
    expect(errorsOf('hours', { weekly: week, closures: [{ from: '2026-12-24', to: '2026-12-20', label: 'Xmas' }] })).toEqual({
      'closures.0.to': settingsMessages.closureOrder,
    });
    expect(errorsOf('hours', { weekly: week, closures: [{ from: '2026-02-30', to: '2026-03-02', label: 'Odd' }] })).toEqual({
      'closures.0.from': settingsMessages.closureDate,
    });
  });
});

describe('notifications, links, privacy and texts', () => {
  it('keeps staff mobiles in international form and refuses landlines as mobiles', () => {
    expect(
      settingsSectionSchemas.notifications.parse({ emails: ['Office@Example.com'], mobiles: ['0412 345 678'], followUpAfterHours: 2 }),
    ).toEqual({
      emails: ['office@example.com'],
      mobiles: ['+61412345678'],
      followUpAfterHours: 2,
      // Settings saved before the choice existed read as SMS wanted.
      smsOptOut: false,
    });
    expect(errorsOf('notifications', { emails: [], mobiles: ['(03) 9123 4567'], followUpAfterHours: null })).toEqual({
      'mobiles.0': settingsMessages.staffMobile,
    });
    expect(errorsOf('notifications', { emails: ['a@example.com', 'a@example.com'], mobiles: [], followUpAfterHours: 0 })).toEqual({
      emails: settingsMessages.staffEmails,
      followUpAfterHours: settingsMessages.followUp,
    });
  });

  it('takes a link only to the site it names, over https', () => {
    expect(settingsSectionSchemas.links.parse({ instagram: 'https://www.instagram.com/northcotekb', facebook: '' })).toEqual({
      instagram: 'https://www.instagram.com/northcotekb',
    });
    expect(errorsOf('links', { instagram: 'https://evil.example.com/instagram.com' })).toEqual({
      instagram: settingsMessages.link('instagram'),
    });
    expect(errorsOf('links', { houzz: 'http://www.houzz.com.au/pro/x' })).toEqual({ houzz: settingsMessages.link('houzz') });
  });

  it('keeps lead retention to whole months or off', () => {
    expect(settingsSectionSchemas.privacy.parse({ leadRetentionMonths: null })).toEqual({ leadRetentionMonths: null });
    expect(errorsOf('privacy', { leadRetentionMonths: 1.5 })).toEqual({ leadRetentionMonths: settingsMessages.retention });
  });

  it('reads an emptied text as its default, and shows the specification’s texts by default', () => {
    const services = Object.fromEntries(
      Object.keys(defaultSettings.texts.services).map((key) => [key, { title: null, summary: null, description: null }]),
    );
    const parsed = settingsSectionSchemas.texts.parse({ heroHeadline: '  ', heroIntro: 'Kitchens that last', aboutStory: null, services });
    expect(parsed.heroHeadline).toBeNull();
    const texts = pageTexts({ business: defaultSettings.business, texts: parsed });
    expect(texts.heroHeadline).toBe('Transform Your Kitchen & Bathroom');
    expect(texts.heroIntro).toBe('Kitchens that last');
    expect(texts.aboutStory).toMatch(/^Northcote Kitchens & Bathrooms is a bespoke kitchen and bathroom business/);
    expect(texts.services.map((service) => service.title)).toEqual([
      'Kitchen Renovations',
      'Bathroom Renovations',
      'TV Units & Living Spaces',
      'Wardrobes & Storage Solutions',
      'Study Units & Home Offices',
      'Laundry Fitouts',
      'Outdoor BBQ Kitchens',
    ]);
    expect(errorsOf('texts', { heroHeadline: 'Hi', heroIntro: null, aboutStory: null, services })).toEqual({
      heroHeadline: 'Hero headline: enter 3 to 80 characters, or restore the default',
    });
  });

  it('shows the default highlights and about intro until the owner writes their own', () => {
    const services = defaultSettings.texts.services;
    const parsed = settingsSectionSchemas.texts.parse({ heroHeadline: null, heroIntro: null, aboutStory: null, services });
    expect(parsed.highlights).toBeNull();
    const texts = pageTexts({ business: defaultSettings.business, texts: parsed });
    expect(texts.highlights).toEqual([
      'Over 12 years of experience',
      'Quick and accurate quotes',
      'Fully custom designs',
      'Fast turnaround and transparent pricing',
      '5-year workmanship guarantee',
    ]);
    expect(texts.aboutIntro).toBe('Bespoke kitchens and bathrooms, designed and built in Melbourne for over a decade.');

    const own = settingsSectionSchemas.texts.parse({
      heroHeadline: null,
      heroIntro: null,
      highlights: [' Family owned ', '  ', 'Licensed builders'],
      aboutIntro: 'Kitchens made in Northcote.',
      aboutStory: null,
      services,
    });
    expect(pageTexts({ business: defaultSettings.business, texts: own })).toMatchObject({
      highlights: ['Family owned', 'Licensed builders'],
      aboutIntro: 'Kitchens made in Northcote.',
    });
    expect(
      settingsSectionSchemas.texts.parse({ heroHeadline: null, heroIntro: null, highlights: ['', ' '], aboutStory: null, services })
        .highlights,
    ).toBeNull();
    expect(errorsOf('texts', { heroHeadline: null, heroIntro: null, highlights: ['Ok'], aboutStory: null, services })).toEqual({
      highlights: settingsMessages.highlights,
    });
  });
});

describe('an update', () => {
  it('needs a version and at least one section', () => {
    const result = settingsUpdateSchema.safeParse({ version: 3 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([settingsMessages.nothing]);
    expect(settingsUpdateSchema.safeParse({ privacy: { leadRetentionMonths: 24 } }).error?.issues[0]?.message).toBe(
      settingsMessages.version,
    );
  });

  it('carries the current password for a sensitive change, and nothing of it into the sections', () => {
    const parsed = settingsUpdateSchema.parse({ version: 3, privacy: { leadRetentionMonths: 24 }, currentPassword: 'my password' });
    expect(parsed.currentPassword).toBe('my password');
    expect(parsed.privacy).toEqual({ leadRetentionMonths: 24 });
    expect(settingsUpdateSchema.safeParse({ version: 3, privacy: { leadRetentionMonths: 24 }, currentPassword: 42 }).success).toBe(false);
  });

  it('names the bank details, the site address and the staff recipients as the changes that ask for the password', () => {
    const after: SiteSettings = {
      ...defaultSettings,
      business: { ...defaultSettings.business, phone: '0412 345 678', siteUrl: 'https://www.northcote-kb.com.au' },
      notifications: { ...defaultSettings.notifications, mobiles: ['+61412345678'], followUpAfterHours: 4 },
      payments: { ...defaultSettings.payments, depositPercent: 5 },
    };
    const fields = settingsChanges(defaultSettings, after).map((change) => change.field);
    expect(fields.filter(isSensitiveSetting)).toEqual(['business.siteUrl', 'notifications.mobiles', 'payments.depositPercent']);
    expect(fields.filter((field) => !isSensitiveSetting(field))).toEqual(['business.phone', 'notifications.followUpAfterHours']);
    expect(isSensitiveSetting('notifications.emails')).toBe(true);
    expect(isSensitiveSetting('paymentsExtra')).toBe(false);
  });
});

describe('stored settings', () => {
  it('read with today’s defaults under them, the stored values winning', () => {
    const stored = { business: { ...defaultSettings.business, phone: '0412 345 678' }, privacy: { leadRetentionMonths: 24 } };
    const read = withDefaults(stored);
    expect(read.business.phone).toBe('0412 345 678');
    expect(read.privacy.leadRetentionMonths).toBe(24);
    expect(read.hours).toEqual(defaultSettings.hours);
  });

  it('show visitors everything but the staff recipients', () => {
    const shown = publicSettingsOf({
      ...defaultSettings,
      notifications: { emails: ['office@x.com'], mobiles: [], followUpAfterHours: 2, smsOptOut: false },
    });
    expect(shown).not.toHaveProperty('notifications');
    expect(shown.business.brand).toBe(defaultSettings.business.brand);
  });

  it('list each changed field with its old and new value', () => {
    const after: SiteSettings = {
      ...defaultSettings,
      business: { ...defaultSettings.business, phone: '0412 345 678' },
      hours: { ...defaultSettings.hours, closures: [{ from: '2026-12-24', to: '2027-01-05', label: 'Christmas shutdown' }] },
    };
    expect(settingsChanges(defaultSettings, after)).toEqual([
      { field: 'business.phone', from: '(03) 7010 4620', to: '0412 345 678' },
      { field: 'hours.closures', from: [], to: [{ from: '2026-12-24', to: '2027-01-05', label: 'Christmas shutdown' }] },
    ]);
  });
});

describe('telHref', () => {
  it.each([
    ['(03) 9123 4567', '+61391234567'],
    ['+61 3 9123 4567', '+61391234567'],
    ['+61 (0)412 345 678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['0412-345-678', '+61412345678'],
    ['1300 123 456', '1300123456'],
    ['13 22 11', '132211'],
  ])('dials %s as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

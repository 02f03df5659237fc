/**
 * The business settings over HTTP, on SQLite and on the Firestore adapter (Google's emulator):
 * the defaults before the first save, the public subset, an admin's save with each field's
 * message and nothing stored when one is wrong, the audit entry of each changed field with its
 * old and new value, two admins saving at once, the current password asked again before a change
 * of the bank details, the site address or the staff recipients and the notice every staff
 * address gets of it, and the first start's values from the old environment variables.
 */
import {
  accountMessages,
  quoteMessages,
  type ApiError,
  type PriceListItem,
  type AuditEntry,
  type Inquiry,
  type PublicSettings,
  type SiteSettings,
} from '@site/domain';
import { addBusinessHours, businessHoursOf } from '@site/domain/business-hours';
import { defaultSettings } from '@site/domain';
import { settingsMessages } from '@site/domain/settings-schema';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { settingsSeedOf } from '../src/message-settings';
import { formatDateTime } from '../src/services/days';
import type { Store } from '../src/ports/store';
import type { CurrentSettings } from '../src/services/settings';
import { admin, browserAgent, goodInquiry, startTestApp, testSettings, type Client, type TestApp } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

const firestoreStore = () => emulatorStore('settings');

describeSettings('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeSettings('Firestore', firestoreStore);
});

const business: SiteSettings['business'] = {
  brand: 'Northcote Kitchens & Bathrooms',
  legalName: 'Northcote Joinery Pty Ltd',
  abn: '51824753556',
  phone: '(03) 9123 4567',
  email: 'hello@northcote-kb.com.au',
  street: '88 High Street',
  suburb: 'Northcote',
  state: 'VIC',
  postcode: '3070',
  serviceArea: 'Melbourne, Victoria',
  siteUrl: 'https://www.northcote-kb.com.au',
};

function describeSettings(name: string, makeStore: (() => Store) | undefined) {
  describe(`Settings on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore, undefined, undefined, { settings: null });
      staff = await t.adminClient();
    });
    afterAll(() => t.close());

    const read = async () => (await staff.get<CurrentSettings>('/api/settings')).body;
    const trail = async () =>
      (await staff.get<AuditEntry[]>('/api/audit?limit=50')).body.filter((entry) => entry.action === 'settings.changed');

    it('answers the example defaults before anything is saved', async () => {
      const res = await t.client().get<{ settings: PublicSettings }>('/api/settings');
      expect(res.status).toBe(200);
      expect(res.body.settings.business).toEqual(defaultSettings.business);
      expect(res.body.settings.texts.heroHeadline).toBeNull();
      expect((await read()).version).toBe(0);
    });

    it('saves an admin’s change, audits each field with its old and new value, and shows visitors the public part only', async () => {
      const before = await read();
      const res = await staff.put<CurrentSettings>('/api/settings', {
        version: before.version,
        business,
        notifications: { emails: ['office@northcote-kb.com.au'], mobiles: ['0412 345 678'], followUpAfterHours: 3 },
        currentPassword: admin.password,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.version).toBe(before.version + 1);
      expect(res.body.updatedBy).toBe('staff');
      expect(res.body.settings.business.phone).toBe('(03) 9123 4567');
      expect(res.body.settings.notifications.mobiles).toEqual(['+61412345678']);

      const entries = await trail();
      const phone = entries.find((entry) => entry.target === 'settings:business.phone');
      expect(phone).toMatchObject({ username: 'staff', detail: 'business.phone: "(03) 7010 4620" → "(03) 9123 4567"' });
      expect(entries.find((entry) => entry.target === 'settings:notifications.followUpAfterHours')?.detail).toBe(
        'notifications.followUpAfterHours: 2 → 3',
      );
      // A field saved with the value it had is no change.
      expect(entries.find((entry) => entry.target === 'settings:business.brand')).toBeUndefined();

      const shown = await t.client().get<{ settings: Record<string, unknown> }>('/api/settings');
      expect(shown.body.settings).not.toHaveProperty('notifications');
      expect(shown.text).not.toContain('office@northcote-kb.com.au');
      expect(shown.text).not.toContain('412345678');
      expect((shown.body.settings.business as SiteSettings['business']).phone).toBe('(03) 9123 4567');
      expect(shown.headers.get('cache-control')).toBe('private, no-cache');
    });

    it('refuses a wrong field with its message and stores nothing', async () => {
      const before = await read();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ business: { ...business, abn: '51 824 753 557' } }, 'business.abn', settingsMessages.abnChecksum],
        [{ business: { ...business, phone: '555 1234' } }, 'business.phone', settingsMessages.phone],
        [{ business: { ...business, postcode: '30700' } }, 'business.postcode', settingsMessages.postcode],
        [{ links: { instagram: 'https://example.com/me' } }, 'links.instagram', settingsMessages.link('instagram')],
        [{ privacy: { leadRetentionMonths: 0 } }, 'privacy.leadRetentionMonths', settingsMessages.retention],
        [
          { hours: { weekly: defaultSettings.hours.weekly, closures: [{ from: '2026-12-24', to: '2026-12-01', label: 'Christmas' }] } },
          'hours.closures.0.to',
          settingsMessages.closureOrder,
        ],
        [{}, 'version', settingsMessages.nothing],
      ];
      for (const [change, field, message] of cases) {
        const res = await staff.put<ApiError>('/api/settings', { version: before.version, ...change });
        expect(res.status, field).toBe(400);
        expect(res.body.errors?.[field], field).toBe(message);
      }
      const after = await read();
      expect(after.version).toBe(before.version);
      expect(after.settings).toEqual(before.settings);
    });

    it('keeps the price list private, saves it whole, and takes an item saved from a quote once, by its description and section', async () => {
      const before = await read();
      const stone = { id: 'stone-1', description: 'Stone benchtop', unit: 'm', unitPriceCents: 105_440, section: 'Benchtops' };
      const saved = await staff.put<CurrentSettings>('/api/settings', { version: before.version, priceList: [stone] });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.settings.priceList).toEqual([stone]);
      expect((await trail()).find((entry) => entry.target === 'settings:priceList')?.detail).toContain('"Stone benchtop"');

      const wrong = await staff.put<ApiError>('/api/settings', {
        version: saved.body.version,
        priceList: [stone, { ...stone, id: 'x', description: '' }],
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.['priceList.1.description']).toBe(quoteMessages.description);

      // From a quote: a new item gets its id; the same description and section (in any case) takes the new price.
      const added = await staff.post<CurrentSettings & { item: PriceListItem }>('/api/settings/price-list', {
        description: 'Undermount sink',
        unit: 'each',
        unitPriceCents: 45_000,
        section: 'Plumbing',
      });
      expect(added.status, added.text).toBe(200);
      expect(added.body.item).toMatchObject({ description: 'Undermount sink', unit: 'each', unitPriceCents: 45_000, section: 'Plumbing' });
      const repriced = await staff.post<CurrentSettings>('/api/settings/price-list', {
        description: 'stone benchtop',
        unit: 'm',
        unitPriceCents: 110_000,
        section: 'benchtops',
      });
      expect(repriced.status, repriced.text).toBe(200);
      expect(repriced.body.settings.priceList).toEqual([
        { id: 'stone-1', description: 'stone benchtop', unit: 'm', unitPriceCents: 110_000, section: 'benchtops' },
        added.body.item,
      ]);

      const refused = await staff.post<ApiError>('/api/settings/price-list', { description: 'Tiling', unitPriceCents: -1 });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.unitPriceCents).toBe(quoteMessages.unitPrice);
      expect((await t.client().post<ApiError>('/api/settings/price-list', { description: 'Tiling', unitPriceCents: 100 })).status).toBe(
        401,
      );
      expect((await read()).settings.priceList).toHaveLength(2);

      const shown = await t.client().get<{ settings: Record<string, unknown> }>('/api/settings');
      expect(shown.body.settings).not.toHaveProperty('priceList');
      expect(shown.text).not.toContain('Undermount sink');
    });

    it('refuses a visitor’s save, and a save from another site', async () => {
      const before = await read();
      const anonymous = await t.client().put<ApiError>('/api/settings', { version: before.version, privacy: { leadRetentionMonths: 12 } });
      expect(anonymous.status).toBe(401);
      const crossSite = await staff.request<ApiError>('PUT', '/api/settings', {
        json: { version: before.version, privacy: { leadRetentionMonths: 12 } },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
      expect((await read()).settings.privacy.leadRetentionMonths).toBe(before.settings.privacy.leadRetentionMonths);
    });

    it('keeps the first of two saves made from the same version and tells the second to reload', async () => {
      const before = await read();
      const other = await t.adminClient();
      const [a, b] = await Promise.all([
        staff.put<CurrentSettings>('/api/settings', { version: before.version, privacy: { leadRetentionMonths: 24 } }),
        other.put<CurrentSettings>('/api/settings', { version: before.version, privacy: { leadRetentionMonths: 36 } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const lost = a.status === 409 ? a : b;
      expect((lost.body as unknown as ApiError).message).toMatch(/^Someone saved the settings after you opened them/);
      const after = await read();
      expect(after.version).toBe(before.version + 1);
      expect([24, 36]).toContain(after.settings.privacy.leadRetentionMonths);
    });

    it('restores a page text to its default with null', async () => {
      const services = defaultSettings.texts.services;
      let current = await read();
      const set = await staff.put<CurrentSettings>('/api/settings', {
        version: current.version,
        texts: { heroHeadline: 'Kitchens made in Northcote', heroIntro: null, aboutStory: null, services },
      });
      expect(set.body.settings.texts.heroHeadline).toBe('Kitchens made in Northcote');
      current = await read();
      const restored = await staff.put<CurrentSettings>('/api/settings', {
        version: current.version,
        texts: { heroHeadline: null, heroIntro: null, aboutStory: null, services },
      });
      expect(restored.body.settings.texts.heroHeadline).toBeNull();
      const entries = await trail();
      expect(entries.find((entry) => entry.detail === 'texts.heroHeadline: "Kitchens made in Northcote" → (default)')).toBeDefined();
    });

    it('keeps the owner’s highlights and about intro, and refuses a highlight out of bounds with nothing changed', async () => {
      const services = defaultSettings.texts.services;
      const base = { heroHeadline: null, heroIntro: null, aboutStory: null, services };
      let current = await read();
      const set = await staff.put<CurrentSettings>('/api/settings', {
        version: current.version,
        texts: {
          ...base,
          highlights: ['  Family owned since 2019 ', '', '3-year workmanship guarantee'],
          aboutIntro: 'Kitchens made in Northcote since 2019.',
        },
      });
      expect(set.status, set.text).toBe(200);
      current = await read();
      expect(current.settings.texts.highlights).toEqual(['Family owned since 2019', '3-year workmanship guarantee']);
      expect(current.settings.texts.aboutIntro).toBe('Kitchens made in Northcote since 2019.');

      for (const highlights of [
        ['Ok'],
        ['x'.repeat(81)],
        Array.from({ length: 9 }, (_, index) => `Highlight number ${index}`),
        ['Two\nlines'],
        'One line',
      ]) {
        const refused = await staff.put<ApiError>('/api/settings', { version: current.version, texts: { ...base, highlights } });
        expect(refused.status, JSON.stringify(highlights)).toBe(400);
        expect(
          refused.body.errors?.['texts.highlights'] ?? refused.body.errors?.['texts.highlights.0'],
          JSON.stringify(highlights),
        ).toBeDefined();
      }
      expect((await read()).settings.texts.highlights).toEqual(['Family owned since 2019', '3-year workmanship guarantee']);

      // A save without them (as before they could be edited) restores their defaults.
      const restored = await staff.put<CurrentSettings>('/api/settings', { version: current.version, texts: base });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.settings.texts.highlights).toBeNull();
      expect(restored.body.settings.texts.aboutIntro).toBeNull();
    });

    const auditOf = async (action: string) =>
      (await staff.get<AuditEntry[]>('/api/audit?limit=200')).body.filter((entry) => entry.action === action);
    /** The security notices queued to an address, as the message queue holds them. */
    const noticesTo = async (address: string) =>
      (await t.app.store.personal.messagesTo([address])).filter((message) => message.subject?.startsWith('Security notice'));
    const bank = { depositPercent: null, bankAccountName: 'Northcote Joinery Pty Ltd', bankBsb: '063-000', bankAccountNumber: '1234 5678' };

    it('asks for the current password before a change of the bank details, the site address or the staff recipients, and keeps nothing without it', async () => {
      const before = await read();
      const sensitive: Array<Record<string, unknown>> = [
        { payments: { ...before.settings.payments, bankAccountName: 'M Allory', bankBsb: '062000', bankAccountNumber: '99887766' } },
        { payments: { ...before.settings.payments, depositPercent: 5 } },
        { business: { ...before.settings.business, siteUrl: 'https://www.northcote-kb.net' } },
        { notifications: { ...before.settings.notifications, emails: ['mallory@example.net'] } },
        { notifications: { ...before.settings.notifications, mobiles: ['0498 765 432'] } },
      ];
      const failedBefore = (await auditOf('password.confirm_failed')).length;
      const changedBefore = (await auditOf('settings.changed')).length;
      for (const change of sensitive) {
        const missing = await staff.put<ApiError>('/api/settings', { version: before.version, ...change });
        expect(missing.status, JSON.stringify(change)).toBe(403);
        expect(missing.body).toEqual({
          message: 'Enter your current password',
          errors: { currentPassword: accountMessages.currentPasswordRequired },
        });
        const wrong = await staff.put<ApiError>('/api/settings', {
          version: before.version,
          ...change,
          currentPassword: 'not my password',
        });
        expect(wrong.status, JSON.stringify(change)).toBe(403);
        expect(wrong.body).toEqual({
          message: accountMessages.currentPasswordWrong,
          errors: { currentPassword: accountMessages.currentPasswordWrong },
        });
      }
      const after = await read();
      expect(after.version).toBe(before.version);
      expect(after.settings).toEqual(before.settings);
      // Each wrong password audited as the account's factor changes audit theirs; the missing ones are no attempt.
      const failed = (await auditOf('password.confirm_failed')).slice(0, -failedBefore || undefined);
      expect(failed).toHaveLength(sensitive.length);
      for (const entry of failed) expect(entry).toMatchObject({ username: 'staff', target: 'PUT /api/settings' });
      expect(await auditOf('settings.changed')).toHaveLength(changedBefore);
      expect(await noticesTo('mallory@example.net')).toEqual([]);
    });

    it('saves a change of the bank details, the site address and the staff emails with the password, and tells every staff address before and after', async () => {
      const before = await read();
      const oldEmails = before.settings.notifications.emails;
      expect(oldEmails).toEqual(['office@northcote-kb.com.au']);
      const everyone = [...oldEmails, 'accounts@northcote-kb.com.au', 'owner@northcote-kb.com.au', business.email];
      // The first save above (the recipients and the site address) was announced too.
      const earlier = new Set((await Promise.all(everyone.map(noticesTo))).flat().map((message) => message.id));
      const res = await staff.request<CurrentSettings>('PUT', '/api/settings', {
        json: {
          version: before.version,
          payments: bank,
          business: { ...before.settings.business, siteUrl: 'https://www.northcote-kb.net' },
          notifications: { ...before.settings.notifications, emails: ['accounts@northcote-kb.com.au', 'owner@northcote-kb.com.au'] },
          currentPassword: admin.password,
        },
        headers: { 'user-agent': browserAgent },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.version).toBe(before.version + 1);
      expect(res.body.settings.payments).toEqual({
        ...bank,
        bankBsb: '063000',
        bankAccountNumber: '12345678',
        consumerGuideUrl: defaultSettings.payments.consumerGuideUrl,
        onlineDeposits: true,
        depositDueDays: defaultSettings.payments.depositDueDays,
      });
      expect(res.body.settings.business.siteUrl).toBe('https://www.northcote-kb.net');
      // The password is read, never kept.
      expect(JSON.stringify(await t.app.store.settings.read())).not.toContain(admin.password);
      expect(JSON.stringify(await read())).not.toContain(admin.password);
      const changedEntries = await auditOf('settings.changed');
      const changed = changedEntries.map((entry) => entry.target);
      expect(changed).toEqual(
        expect.arrayContaining(['settings:payments.bankAccountNumber', 'settings:business.siteUrl', 'settings:notifications.emails']),
      );
      // The audit trail keeps the account number as the notice shows it, never whole.
      expect(changedEntries.find((entry) => entry.target === 'settings:payments.bankAccountNumber')?.detail).toBe(
        'payments.bankAccountNumber: "" → "•••• 5678"',
      );

      // The old address, both new ones and the business's own each get one notice.
      for (const address of everyone) {
        const notices = (await noticesTo(address)).filter((message) => !earlier.has(message.id));
        expect(notices, address).toHaveLength(1);
        const [notice] = notices;
        expect(notice).toMatchObject({ channel: 'email', audience: 'staff', to: address });
        expect(notice.subject).toBe(
          'Security notice: the payment details, the site address and who gets staff alerts changed on the Northcote Kitchens & Bathrooms website',
        );
        const lines = notice.text?.split('\n') ?? [];
        expect(lines).toEqual(
          expect.arrayContaining([
            'Account number (payments.bankAccountNumber): (none) → •••• 5678',
            'BSB (payments.bankBsb): (none) → 063-000',
            'Bank account name (payments.bankAccountName): (none) → Northcote Joinery Pty Ltd',
            'Site address (business.siteUrl): https://www.northcote-kb.com.au → https://www.northcote-kb.net',
            'Staff emails (notifications.emails): office@northcote-kb.com.au → accounts@northcote-kb.com.au, owner@northcote-kb.com.au',
            'Who: staff',
            `When: ${formatDateTime(notice.createdAt)} (Melbourne time)`,
            `From: IP address 127.0.0.1, ${browserAgent}`,
            // The old address: a new one could be a look-alike that asks for the password.
            'The settings: https://www.northcote-kb.com.au/admin?tab=settings',
          ]),
        );
        expect(notice.text).not.toContain('12345678');
      }
      // A mobile hears nothing: the notice is an email.
      expect(await noticesTo('+61412345678')).toEqual([]);
    });

    it('needs no password for other settings, or for the sensitive ones sent back as they are', async () => {
      const before = await read();
      const res = await staff.put<CurrentSettings>('/api/settings', {
        version: before.version,
        business: { ...before.settings.business, phone: '(03) 9876 5432' },
        // As a person retypes them: the BSB with its dash, the account number spaced.
        payments: bank,
        notifications: {
          ...before.settings.notifications,
          emails: ['Accounts@northcote-kb.com.au', 'owner@northcote-kb.com.au'],
          followUpAfterHours: 5,
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.settings.business.phone).toBe('(03) 9876 5432');
      expect(res.body.settings.notifications.followUpAfterHours).toBe(5);
      // Nothing sensitive changed: no notice.
      expect(await noticesTo('accounts@northcote-kb.com.au')).toHaveLength(1);
    });

    it('refuses a site address with a trailing dot, an IP address or a port, naming the field, and keeps nothing', async () => {
      const before = await read();
      const cases: Array<[string, string]> = [
        ['https://www.northcote-kb.com.au.', settingsMessages.siteUrlTrailingDot],
        ['https://203.0.113.7', settingsMessages.siteUrlIp],
        ['https://[2001:db8::7]', settingsMessages.siteUrlIp],
        ['https://www.northcote-kb.com.au:8443', settingsMessages.siteUrlPort],
      ];
      for (const [siteUrl, message] of cases) {
        const res = await staff.put<ApiError>('/api/settings', {
          version: before.version,
          business: { ...before.settings.business, siteUrl },
          currentPassword: admin.password,
        });
        expect(res.status, siteUrl).toBe(400);
        expect(res.body.errors?.['business.siteUrl'], siteUrl).toBe(message);
      }
      expect(await read()).toEqual(before);
    });
  });

  describe(`The first start of an older install on ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore, undefined, undefined, { settings: null });
    });
    afterAll(() => t.close());

    it('stores the old variables’ values once and says where they came from', async () => {
      const service = t.app.context.settings;
      const seed = {
        values: {
          notifications: { emails: ['office@example.net'], mobiles: ['+61412345678'], followUpAfterHours: 4 },
          privacy: { leadRetentionMonths: 18 },
        },
        from: ['NOTIFY_EMAIL', 'NOTIFY_SMS', 'FOLLOW_UP_AFTER_HOURS', 'LEAD_RETENTION_MONTHS'],
      };
      expect(await service.seed(seed)).toBe(true);
      const current = await service.current();
      expect(current.version).toBe(1);
      expect(current.updatedBy).toBe('system');
      expect(current.seededFrom).toEqual(['FOLLOW_UP_AFTER_HOURS', 'LEAD_RETENTION_MONTHS', 'NOTIFY_EMAIL', 'NOTIFY_SMS']);
      expect(current.settings.notifications.emails).toEqual(['office@example.net']);
      expect(current.settings.privacy.leadRetentionMonths).toBe(18);
      expect(current.settings.business).toEqual(defaultSettings.business);
      // A second start changes nothing, even with other values.
      expect(await service.seed({ ...seed, values: { privacy: { leadRetentionMonths: 6 } } })).toBe(false);
      expect((await service.current()).settings.privacy.leadRetentionMonths).toBe(18);
    });
  });
}

describe('settings applied at once, SQLite', () => {
  describeApplied(undefined);
});
describe.skipIf(!firestoreEmulatorHost)(onEmulator('settings applied at once, Firestore'), () => {
  describeApplied(firestoreStore);
});

function describeApplied(makeStore: (() => Store) | undefined) {
  let t: TestApp;
  let staff: Client;
  const withReminders = { ...testSettings, notifications: { ...testSettings.notifications, followUpAfterHours: 2 } };
  beforeAll(async () => {
    t = await startTestApp({}, makeStore, undefined, undefined, { settings: withReminders });
    staff = await t.adminClient();
  });
  afterAll(() => t.close());
  const read = async () => (await staff.get<CurrentSettings>('/api/settings')).body;

  it('signs the next customer email off with the new phone and sends staff alerts to the new address', async () => {
    const current = await read();
    const res = await staff.put<CurrentSettings>('/api/settings', {
      version: current.version,
      business: { ...current.settings.business, phone: '0412 345 678' },
      notifications: { ...current.settings.notifications, emails: ['owner@northcote-kb.com.au'] },
      currentPassword: admin.password,
    });
    expect(res.status, res.text).toBe(200);
    const lead = await t.client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'new-phone@example.com' });
    const messages = await t.app.store.personal.messagesAbout([lead.body.id]);
    const confirmation = messages.find((message) => message.audience === 'customer' && message.channel === 'email');
    expect(confirmation?.text).toContain('\n0412 345 678\n');
    expect(confirmation?.text).not.toContain('(03) 7010 4620');
    const alerts = messages.filter((message) => message.audience === 'staff' && message.channel === 'email').map((message) => message.to);
    expect(alerts).toEqual(['owner@northcote-kb.com.au']);
  });

  it('moves the follow-up due time of a lead still waiting when a closure covers it', async () => {
    const lead = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: 'closure@example.com' })).body;
    const before = (await t.app.store.inquiries.get(lead.id))?.followUpDueAt;
    expect(before).toBeDefined();
    // Closed on the Melbourne day the reminder was due, and the day after.
    const dueDay = melbourneDate(new Date(before!));
    const dayAfter = melbourneDate(new Date(Date.parse(`${dueDay}T12:00:00Z`) + 24 * 3600 * 1000));
    const current = await read();
    const closures = [{ from: dueDay, to: dayAfter, label: 'Christmas shutdown' }];
    const res = await staff.put<CurrentSettings>('/api/settings', {
      version: current.version,
      hours: { ...current.settings.hours, closures },
    });
    expect(res.status, res.text).toBe(200);
    const after = (await t.app.store.inquiries.get(lead.id))?.followUpDueAt;
    const hours = businessHoursOf({ weekly: current.settings.hours.weekly, closures });
    expect(after).toBe(addBusinessHours(new Date(lead.createdAt), 2, hours).toISOString());
    expect(melbourneDate(new Date(after!)) > dayAfter).toBe(true);
  });
}

describe('wrong current passwords on a settings save, SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ loginRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('count with the account’s wrong ones toward one limit: then 429 with Retry-After, even for the right one', async () => {
    t.clock.toWindowStart();
    const staff = await t.adminClient();
    const newPassword = 'tram stop lemon 42 violet';
    expect((await staff.post('/api/account/password', { currentPassword: 'a guess', newPassword })).status).toBe(403);
    const before = (await staff.get<CurrentSettings>('/api/settings')).body;
    const change = { version: before.version, payments: { ...before.settings.payments, depositPercent: 5 } };
    expect((await staff.put('/api/settings', { ...change, currentPassword: 'another guess' })).status).toBe(403);
    const blocked = await staff.put<ApiError>('/api/settings', { ...change, currentPassword: admin.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await staff.get<CurrentSettings>('/api/settings')).body.version).toBe(before.version);

    t.clock.advance(16 * 60_000);
    const saved = await staff.put<CurrentSettings>('/api/settings', { ...change, currentPassword: admin.password });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.payments.depositPercent).toBe(5);
  });
});

const melbourneDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: businessTimeZone });

describe('the old environment variables as a first start reads them', () => {
  it('copies each variable that is set, and the two with defaults only when they differ', () => {
    const env = readEnv({
      NOTIFY_EMAIL: 'office@example.net, boss@example.net',
      NOTIFY_SMS: '0412 345 678',
      SITE_URL: 'https://www.northcote-kb.com.au/',
      BUSINESS_HOURS: 'Mon-Fri 07:30-16:00, Sat 09:00-12:00',
      LEAD_RETENTION_MONTHS: '24',
    });
    const seed = settingsSeedOf(env);
    expect(seed.from).toEqual(['NOTIFY_EMAIL', 'NOTIFY_SMS', 'SITE_URL', 'BUSINESS_HOURS', 'LEAD_RETENTION_MONTHS']);
    expect(seed.values.notifications).toEqual({ emails: ['office@example.net', 'boss@example.net'], mobiles: ['+61412345678'] });
    expect(seed.values.business).toEqual({ siteUrl: 'https://www.northcote-kb.com.au' });
    expect(seed.values.hours?.weekly?.[6]).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(seed.values.hours?.weekly?.[1]).toEqual([{ from: '07:30', to: '16:00' }]);
    expect(seed.values.privacy).toEqual({ leadRetentionMonths: 24 });
    // Nothing set: nothing to copy (the defaults are the settings' own).
    expect(settingsSeedOf(readEnv({}))).toEqual({ values: {}, from: [] });
    expect(settingsSeedOf(readEnv({ FOLLOW_UP_AFTER_HOURS: 'off' })).values).toEqual({ notifications: { followUpAfterHours: null } });
  });
});

/**
 * The dashboard's go-live checklist and its "Send a test" over HTTP: what a fresh install
 * lacks, each item turning done as the owner fixes it, and test messages sent at once through
 * a real SMTP conversation and a Twilio stand-in, with what each provider answered. The
 * checklist reads the store on SQLite and on the Firestore adapter (Google's emulator).
 */
import { defaultSettings, type ApiError, type GoLiveItem, type SiteSettings } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import {
  startSmtpServer,
  startTwilioServer,
  twilioAccount,
  type TestSmtpServer,
  type TestTwilioServer,
} from '@site/test-support/message-peers';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailSender } from '../src/adapters/smtp/smtp-email-sender';
import { createTwilioSmsSender } from '../src/adapters/twilio/twilio-sms-sender';
import type { Store } from '../src/ports/store';
import type { CurrentSettings } from '../src/services/settings';
import { admin, startTestApp, testPolicy, type Client, type TestApp } from './harness';

type Checklist = { items: GoLiveItem[]; done: boolean };

const firestoreStore = () => emulatorStore('go-live');

describeChecklist('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeChecklist('Firestore', firestoreStore);
});

function describeChecklist(name: string, makeStore: (() => Store) | undefined) {
  describe(`The go-live checklist on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore, undefined, undefined, { settings: null });
      staff = await t.adminClient();
    });
    afterAll(() => t.close());
    const open = async () => {
      const res = await staff.get<Checklist>('/api/settings/checklist');
      expect(res.status).toBe(200);
      return res.body;
    };

    it('lists what a fresh install lacks, each item linking to where it is fixed', async () => {
      const list = await open();
      expect(list.done).toBe(false);
      expect(list.items.filter((item) => !item.done).map((item) => item.key)).toEqual([
        'examples',
        'site-address',
        'registration',
        'deposits',
        'booking',
        'email',
        'sms',
        'second-factor',
        'project',
      ]);
      expect(list.items.find((item) => item.key === 'examples')?.detail).toContain('Phone ((03) 7010 4620)');
      expect(list.items.find((item) => item.key === 'email')?.fix?.href).toBe('/admin?tab=settings#settings-notifications');
      // Not an embedded server with backups here: no backup item.
      expect(list.items.map((item) => item.key)).not.toContain('backup');
    });

    it('ticks off the details, the site address, the registration and the second factor once they are set', async () => {
      const current = (await staff.get<CurrentSettings>('/api/settings')).body;
      const saved = await staff.put('/api/settings', {
        version: current.version,
        business: {
          ...defaultSettings.business,
          phone: '(03) 9123 4567',
          email: 'hello@northcote-kb.com.au',
          street: '88 High Street',
          siteUrl: 'https://www.northcote-kb.com.au',
          registrationNumber: 'DB-U 12345',
        },
        currentPassword: admin.password,
      });
      expect(saved.status, saved.text).toBe(200);
      const user = await t.app.store.users.findOne({ username: 'staff' });
      await t.app.store.users.update(user!.id, { totpSecret: 'JBSWY3DPEHPK3PXP' });
      const list = await open();
      expect(list.items.filter((item) => !item.done).map((item) => item.key)).toEqual([
        'examples',
        'deposits',
        'booking',
        'email',
        'sms',
        'project',
      ]);
      expect(list.items.find((item) => item.key === 'examples')?.detail).toBe(
        'Visitors still see example values: Brand name (Northcote Kitchens & Bathrooms).',
      );
    });

    it('ticks off the name, no deposits online, booking hours and area, and SMS the business does not use, as stored', async () => {
      const current = (await staff.get<CurrentSettings>('/api/settings')).body;
      const saved = await staff.put<CurrentSettings>('/api/settings', {
        version: current.version,
        business: { ...current.settings.business, brand: 'Northcote K&B' },
        booking: { ...current.settings.booking, area: ['3070', 'Thornbury'] },
        notifications: { ...current.settings.notifications, emails: ['office@northcote-kb.com.au'], smsOptOut: true },
        payments: { ...current.settings.payments, onlineDeposits: false },
        currentPassword: admin.password,
      });
      expect(saved.status, saved.text).toBe(200);
      // Read back from the store itself: the new choices are kept in the settings document.
      const stored = (await t.app.store.settings.read())?.settings as SiteSettings | undefined;
      expect(stored?.notifications.smsOptOut).toBe(true);
      expect(stored?.payments.onlineDeposits).toBe(false);
      const list = await open();
      // The email server is not set up in this test app; everything else is done.
      expect(list.items.filter((item) => !item.done).map((item) => item.key)).toEqual(['email', 'project']);
      expect(list.items.find((item) => item.key === 'sms')?.detail).toBe("You don't use text messages: lead alerts go by email only.");
      const status = await staff.get<{ smsOptOut: boolean }>('/api/messages/status');
      expect(status.body.smsOptOut).toBe(true);
    });

    it('refuses a choice that is not yes or no, and keeps the settings as they were', async () => {
      const current = (await staff.get<CurrentSettings>('/api/settings')).body;
      const refused = await staff.put<ApiError>('/api/settings', {
        version: current.version,
        notifications: { ...current.settings.notifications, smsOptOut: 'sometimes' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.['notifications.smsOptOut']).toBe('Text messages: choose whether the business uses them');
      expect((await staff.get<CurrentSettings>('/api/settings')).body.version).toBe(current.version);
    });

    it('is for admins only', async () => {
      expect((await t.client().get<ApiError>('/api/settings/checklist')).status).toBe(401);
    });
  });
}

describe('Send a test', () => {
  let smtp: TestSmtpServer;
  let twilio: TestTwilioServer;
  let t: TestApp;
  let staff: Client;
  beforeAll(async () => {
    [smtp, twilio] = await Promise.all([startSmtpServer(), startTwilioServer()]);
    const senders = {
      email: createSmtpEmailSender({ url: smtp.url, from: 'Northcote Kitchens <hello@example.com>' }),
      sms: createTwilioSmsSender({
        accountSid: twilioAccount.sid,
        authToken: twilioAccount.token,
        from: twilioAccount.from,
        apiUrl: twilio.url,
      }),
    };
    t = await startTestApp({}, undefined, undefined, undefined, {
      delivery: { policy: testPolicy, configured: { email: true, sms: true }, senders },
      settings: {
        ...defaultSettings,
        notifications: { emails: ['owner@example.com', 'refused@example.com'], mobiles: [], followUpAfterHours: null, smsOptOut: false },
      },
    });
    staff = await t.adminClient();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), twilio.close()]);
  });

  it('offers the test on the email item, sends one to each staff address at once, and reports what the mail server said', async () => {
    const list = (await staff.get<Checklist>('/api/settings/checklist')).body;
    expect(list.items.find((item) => item.key === 'email')?.test).toBe('email');
    smtp.answer = (recipient) => (recipient === 'refused@example.com' ? { code: 550, message: 'Mailbox unavailable' } : undefined);
    const res = await staff.post<{ outcomes: Array<{ to: string; sent: boolean; detail: string }> }>('/api/settings/test-message', {
      channel: 'email',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcomes).toEqual([
      {
        to: 'owner@example.com',
        sent: true,
        detail: expect.stringMatching(/^Accepted by the mail server \(<[A-Za-z0-9]+@example\.com>\)$/),
      },
      { to: 'refused@example.com', sent: false, detail: 'Not sent: SMTP 550: Mailbox unavailable' },
    ]);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Test message from Northcote Kitchens & Bathrooms']);
    // Not through the queue: nothing waits there.
    expect((await t.app.store.messages.status()).queued).toBe(0);
  });

  it('says when there is nobody to send to, and refuses an unknown channel', async () => {
    const none = await staff.post<ApiError>('/api/settings/test-message', { channel: 'sms' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Add a staff mobile first');
    expect(twilio.received).toEqual([]);
    const wrong = await staff.post<ApiError>('/api/settings/test-message', { channel: 'fax' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.channel).toBe('Choose email or sms');
  });
});

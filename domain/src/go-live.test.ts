import { describe, expect, it } from 'vitest';
import { exampleValues, goLiveChecklist, isExampleAddress, isExamplePhone, type GoLiveFacts } from './go-live';
import { defaultSettings, type SiteSettings } from './settings';

const now = new Date('2026-11-26T00:00:00Z');
const real: SiteSettings = {
  ...defaultSettings,
  business: {
    ...defaultSettings.business,
    brand: 'Northcote K&B',
    phone: '(03) 9123 4567',
    email: 'hello@northcote-kb.com.au',
    street: '88 High Street',
    siteUrl: 'https://www.northcote-kb.com.au',
    registrationNumber: 'DB-U 12345',
  },
  notifications: { emails: ['office@northcote-kb.com.au'], mobiles: ['+61412345678'], followUpAfterHours: 2, smsOptOut: false },
  booking: { ...defaultSettings.booking, area: ['3070', '3071'] },
  payments: { ...defaultSettings.payments, bankAccountName: 'Northcote K&B Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' },
};
const ready: GoLiveFacts = {
  settings: real,
  delivery: { email: true, sms: true },
  adminsWithSecondFactor: 1,
  publishedProjects: 3,
  lastBackupAt: '2026-11-25T03:00:00Z',
  now,
};
const open = (facts: GoLiveFacts) =>
  goLiveChecklist(facts)
    .filter((item) => !item.done)
    .map((item) => item.key);

describe('example values', () => {
  it('finds the shipped example details: example.com, the ACMA example phone range and the example street', () => {
    expect(exampleValues(defaultSettings).map((example) => example.field)).toEqual([
      'business.brand',
      'business.siteUrl',
      'business.email',
      'business.phone',
      'business.street',
    ]);
    expect(exampleValues(real)).toEqual([]);
  });

  it('knows reserved domains and fictional numbers in any form', () => {
    expect(isExampleAddress('hello@example.com.au')).toBe(true);
    expect(isExampleAddress('https://shop.example.org/x')).toBe(true);
    expect(isExampleAddress('hello@examples.com.au')).toBe(false);
    expect(isExamplePhone('+61 3 7010 4620')).toBe(true);
    expect(isExamplePhone('(02) 5550 1234')).toBe(true);
    expect(isExamplePhone('(03) 9123 4567')).toBe(false);
  });
});

describe('the go-live checklist', () => {
  it('has nothing left for a business that is ready', () => {
    expect(open(ready)).toEqual([]);
  });

  it('asks for the builder registration a quote over $10,000 needs, and names the consumer guide customers get', () => {
    const { registrationNumber: _none, ...unregistered } = real.business;
    const items = goLiveChecklist({ ...ready, settings: { ...real, business: unregistered } });
    expect(items.filter((item) => !item.done).map((item) => item.key)).toEqual(['registration']);
    expect(items.find((item) => item.key === 'registration')?.fix?.href).toBe('/admin?tab=settings#settings-business');
    expect(items.find((item) => item.key === 'consumer-guide')).toMatchObject({
      done: true,
      detail: `Customers accepting a quote over $10,000 confirm they received the Domestic Building Consumer Guide at ${defaultSettings.payments.consumerGuideUrl}.`,
    });
  });

  it('lists everything a fresh install lacks, each with where it is fixed', () => {
    const items = goLiveChecklist({
      settings: defaultSettings,
      delivery: { email: false, sms: false },
      adminsWithSecondFactor: 0,
      publishedProjects: 0,
      lastBackupAt: null,
      now,
    });
    expect(items.filter((item) => !item.done).map((item) => item.key)).toEqual([
      'examples',
      'site-address',
      'registration',
      'deposits',
      'booking',
      'email',
      'sms',
      'second-factor',
      'project',
      'backup',
    ]);
    expect(items[0].detail).toBe(
      'Visitors still see example values: Brand name (Northcote Kitchens & Bathrooms), Email (hello@example.com), Phone ((03) 7010 4620), Street address (12 Example Street).',
    );
    expect(items[0].fix?.href).toBe('/admin?tab=settings#settings-business');
    expect(items.find((item) => item.key === 'email')?.detail).toBe(
      'The server cannot send emails: set SMTP_URL and MAIL_FROM and restart it.',
    );
    expect(items.find((item) => item.key === 'second-factor')?.fix?.href).toBe('/admin/account');
  });

  it('offers a test message only for a channel that can send and has someone to send to', () => {
    const items = goLiveChecklist({ ...ready, settings: { ...real, notifications: { ...real.notifications, mobiles: [] } } });
    expect(items.find((item) => item.key === 'email')?.test).toBe('email');
    const sms = items.find((item) => item.key === 'sms');
    expect(sms?.done).toBe(false);
    expect(sms?.test).toBeUndefined();
    expect(sms?.detail).toBe('No staff mobile gets lead alerts.');
  });

  it('takes bank details or the choice of no deposits online', () => {
    const noBank = { ...real.payments, bankAccountName: '', bankBsb: '', bankAccountNumber: '' };
    const asked = goLiveChecklist({ ...ready, settings: { ...real, payments: noBank } }).find((item) => item.key === 'deposits');
    expect(asked).toMatchObject({
      done: false,
      detail: 'A customer who accepts a quote online has no bank details to pay the deposit to: add them, or choose no deposits online.',
      fix: { href: '/admin?tab=settings#settings-payments' },
    });
    const declined = { ...real, payments: { ...noBank, onlineDeposits: false } };
    expect(goLiveChecklist({ ...ready, settings: declined }).find((item) => item.key === 'deposits')).toMatchObject({
      done: true,
      detail: 'No deposits online: you arrange each deposit with the customer yourself.',
    });
  });

  it("asks for the owner's booking hours and area, unless online booking is off", () => {
    const booking = (change: Partial<SiteSettings['booking']>) =>
      goLiveChecklist({ ...ready, settings: { ...real, booking: { ...real.booking, ...change } } }).find((item) => item.key === 'booking');
    expect(booking({ area: defaultSettings.booking.area })).toMatchObject({
      done: false,
      detail: 'Customers can book visits in the example hours and area: set your own, or turn online booking off.',
      fix: { href: '/admin?tab=settings#settings-booking' },
    });
    expect(booking({ area: [] })).toMatchObject({
      done: false,
      detail: 'Online booking is on but has no service area: nobody can book a visit.',
    });
    expect(booking({ weekly: [[], [], [], [], [], [], []] })?.done).toBe(false);
    expect(booking({ area: ['3070'] })).toMatchObject({ done: true, detail: 'Customers can book visits in 1 place of your service area.' });
    expect(booking({ enabled: false, area: [] })?.done).toBe(true);
  });

  it('completes the SMS item with "We don\'t use text messages", even where no SMS provider is set up', () => {
    const facts = { ...ready, delivery: { email: true, sms: false } };
    expect(open(facts)).toEqual(['sms']);
    const optedOut = { ...real, notifications: { ...real.notifications, mobiles: [], smsOptOut: true } };
    const sms = goLiveChecklist({ ...facts, settings: optedOut }).find((item) => item.key === 'sms');
    expect(sms).toMatchObject({ done: true, detail: "You don't use text messages: lead alerts go by email only." });
    expect(sms?.test).toBeUndefined();
    expect(open({ ...facts, settings: optedOut })).toEqual([]);
  });

  it('asks for a backup older than 26 hours, and not on Firebase, which keeps none of its own here', () => {
    expect(open({ ...ready, lastBackupAt: '2026-11-24T21:00:00Z' })).toEqual(['backup']);
    expect(open({ ...ready, lastBackupAt: '2026-11-24T23:00:00Z' })).toEqual([]);
    const firebase = goLiveChecklist({ ...ready, lastBackupAt: undefined, delivery: { email: null, sms: null } });
    expect(firebase.map((item) => item.key)).not.toContain('backup');
    expect(firebase.every((item) => item.done)).toBe(true);
  });
});

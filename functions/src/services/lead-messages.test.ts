import { businessOf, defaultSettings, type SiteSettings } from '@site/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../ports/bookings';
import {
  bookingCustomerMessages,
  emailBusinessOf,
  emailLogoUrl,
  fullDateTime,
  loadEmailLayouts,
  staffAlert,
  type MessageSettings,
} from './lead-messages';

const site: SiteSettings = {
  ...defaultSettings,
  business: { ...defaultSettings.business, abn: '51824753556', siteUrl: 'https://www.northcote-kb.com.au' },
  images: { logo: '/objects/brand/logo-abc-640x160.png' },
};

const settings: MessageSettings = {
  business: businessOf(site),
  siteUrl: site.business.siteUrl,
  logoUrl: emailLogoUrl(site.images.logo, site.business.siteUrl),
  staffEmails: ['office@northcote-kb.com.au'],
  staffPhones: [],
  smsCountries: ['AU'],
  customerMessagesPerDay: 10,
};

// 10:00 am on Thursday 3 December 2026 in Melbourne (AEDT, UTC+11).
const booking: BookingRecord = {
  id: 'b1',
  status: 'booked',
  service: 'kitchen',
  start: '2026-12-02T23:00:00.000Z',
  end: '2026-12-03T00:00:00.000Z',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: 'ava@example.com',
  mobile: '0412 345 678',
  street: '14 Smith Street',
  suburb: 'Northcote',
  postcode: '3070',
  leadId: 'l1',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  sequence: 0,
  reminder: 'pending',
  reminderDueAt: '2026-12-01T23:00:00.000Z',
  cells: [],
};
const manageUrl = 'https://www.northcote-kb.com.au/book/manage?t=abc';

describe('the emails’ parts', () => {
  // The layouts load at the first settings read in the app; composed directly, they load here.
  beforeAll(loadEmailLayouts);

  it('write a day and time out in full in Melbourne time', () => {
    expect(fullDateTime(new Date(booking.start))).toBe('Thursday 3 December 2026, 10:00 am');
    // Winter (AEST, UTC+10).
    expect(fullDateTime(new Date('2027-06-28T04:30:00.000Z'))).toBe('Monday 28 June 2027, 2:30 pm');
  });

  it('make the embedded server’s logo address whole on the site’s address, and keep a whole one', () => {
    expect(emailLogoUrl('/objects/brand/logo-abc-640x160.png', 'https://www.northcote-kb.com.au')).toBe(
      'https://www.northcote-kb.com.au/objects/brand/logo-abc-640x160.png',
    );
    const bucket = 'https://firebasestorage.googleapis.com/v0/b/site/o/brand%2Flogo-abc-640x160.png?alt=media';
    expect(emailLogoUrl(bucket, 'https://www.northcote-kb.com.au')).toBe(bucket);
    expect(emailLogoUrl(undefined, 'https://www.northcote-kb.com.au')).toBeUndefined();
    expect(emailBusinessOf(site)).toEqual({
      brand: 'Northcote Kitchens & Bathrooms',
      logoUrl: 'https://www.northcote-kb.com.au/objects/brand/logo-abc-640x160.png',
      phone: '(03) 7010 4620',
      phoneHref: '+61370104620',
      email: 'hello@example.com',
      abn: '51 824 753 556',
      address: '12 Example Street, Richmond VIC 3121',
      siteUrl: 'https://www.northcote-kb.com.au',
    });
  });

  it('give a booked visit’s email its summary, its one button, the logo and the contact details', () => {
    const [email] = bookingCustomerMessages(settings, { booking, kind: 'confirmed', manageUrl });
    expect(email.text).toContain(
      [
        'What: Kitchen measure',
        'When: Thursday 3 December 2026, 10:00 am (60 minutes)',
        'Where: 14 Smith Street, Northcote 3070',
        '',
        `Move or cancel your visit: ${manageUrl}`,
        '',
        'Kind regards,',
        'Northcote Kitchens & Bathrooms',
        '(03) 7010 4620',
        'hello@example.com',
        'ABN 51 824 753 556',
      ].join('\n'),
    );
    expect(email.html).toContain(
      'src="https://www.northcote-kb.com.au/objects/brand/logo-abc-640x160.png" alt="Northcote Kitchens &amp; Bathrooms"',
    );
    expect(email.html).toContain(`href="${manageUrl}"`);
    expect(email.html).toContain('href="tel:+61370104620"');
  });

  it('give a cancelled visit the booking page as its button, and tomorrow’s reminder none', () => {
    const [cancelled] = bookingCustomerMessages(settings, { booking, kind: 'cancelled', by: 'customer', manageUrl });
    expect(cancelled.text).toContain('Book another time: https://www.northcote-kb.com.au/book');
    expect(cancelled.html).not.toContain(manageUrl);
    const [reminder] = bookingCustomerMessages(settings, { booking, kind: 'reminder', manageUrl });
    expect(reminder.html).not.toContain('<!--[if mso]>');
    expect(reminder.text).not.toContain('https://www.northcote-kb.com.au/book');
    expect(reminder.text).toContain('When: Thursday 3 December 2026, 10:00 am (60 minutes)');
  });

  it('lay a staff alert out the same way: its fields as the summary, the dashboard as its button', () => {
    const [alert] = staffAlert(settings, {
      subject: 'New quote request: Ava Nguyen',
      intro: 'New free-quote request from Ava Nguyen',
      fields: [{ label: 'Email', value: 'ava@example.com', href: 'mailto:ava@example.com' }],
      receivedAt: new Date(booking.start),
      link: 'https://www.northcote-kb.com.au/admin?tab=quotes&lead=l1',
    });
    expect(alert.text).toBe(
      [
        'New free-quote request from Ava Nguyen, received 3 December 2026 at 10:00 am (Melbourne time).',
        '',
        'Email: ava@example.com',
        '',
        'Open it in the dashboard: https://www.northcote-kb.com.au/admin?tab=quotes&lead=l1',
        '',
        'Northcote Kitchens & Bathrooms',
        '(03) 7010 4620',
        'hello@example.com',
        'ABN 51 824 753 556',
        '12 Example Street, Richmond VIC 3121',
        'https://www.northcote-kb.com.au',
      ].join('\n'),
    );
    expect(alert.html).toContain('<h1 style=');
    expect(alert.html).toContain('>New quote request: Ava Nguyen</h1>');
  });
});

import { describe, expect, it } from 'vitest';
import type { Inquiry, QuoteRequest } from '@site/domain';
import { csvCell, toCsv } from './csv';
import { inquiryColumns, quoteRequestColumns } from './exports';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises a formula in %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks per RFC 4180', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('leaves plain text and empty values alone', () => {
    expect(csvCell('Richmond')).toBe('Richmond');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});

describe('toCsv', () => {
  it('writes a header row and CRLF-terminated rows', () => {
    const csv = toCsv([{ header: 'Name', value: (row: { name: string }) => row.name }], [{ name: 'Ava' }, { name: 'Bo, Jr' }]);
    expect(csv).toBe('Name\r\nAva\r\n"Bo, Jr"\r\n');
  });
});

describe('lead exports', () => {
  const quote: QuoteRequest = {
    id: 'q1',
    firstName: 'Jack',
    lastName: 'Smith',
    email: 'jack@example.com',
    suburb: 'Richmond',
    room: 'Kitchen',
    status: 'quoted',
    history: [
      { at: '2025-01-01T03:00:00.000Z', by: 'staff', status: 'contacted', note: 'Called, booked a visit' },
      { at: '2025-01-02T03:00:00.000Z', by: 'staff', note: 'Wants stone benchtops, "soon"' },
      { at: '2025-01-03T03:00:00.000Z', by: 'staff', status: 'quoted' },
    ],
    firstContactAt: '2025-01-01T03:00:00.000Z',
    updatedAt: '2025-01-03T03:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
  };

  it('adds the status, the first contact time and the newest note to each row', () => {
    const [header, row] = toCsv(quoteRequestColumns, [quote]).split('\r\n');
    expect(header).toBe(
      'Received,First name,Last name,Email,Suburb,Room,Status,First contact,Last note,ID,Channel,Source,Medium,Campaign,Landing page,Marketing consent',
    );
    // On the business's clock in Melbourne, whatever the zone of the browser exporting (AEDT, UTC+11, in January).
    expect(row).toBe(
      `2025-01-01 11:00:00,Jack,Smith,jack@example.com,Richmond,Kitchen,Quoted,2025-01-01 14:00:00,"Wants stone benchtops, ""soon""",q1,Direct,,,,,No`,
    );
  });

  it('leaves the first contact and note empty for a new lead', () => {
    const [, row] = toCsv(quoteRequestColumns, [{ ...quote, status: 'new', history: [], firstContactAt: undefined }]).split('\r\n');
    expect(row.endsWith(',New,,,q1,Direct,,,,,No')).toBe(true);
  });

  it("adds the showroom design an inquiry is about as the last column, 'Interested in'", () => {
    const inquiry: Inquiry = {
      id: 'i1',
      firstName: 'Ava',
      lastName: 'Nguyen',
      email: 'ava@example.com',
      phone: '0400 123 456',
      rooms: ['kitchen'],
      budget: '15000-30000',
      timeline: '3-months',
      status: 'new',
      history: [],
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      modelId: 'island',
      modelName: 'Kitchen Island',
      variant: 'Walnut',
    };
    const [header, withDesign, without] = toCsv(inquiryColumns, [
      inquiry,
      { ...inquiry, modelId: undefined, modelName: undefined, variant: undefined },
    ]).split('\r\n');
    expect(header).toBe(
      'Received,First name,Last name,Email,Phone,Rooms,Budget,Timeline,Status,First contact,Last note,ID,Interested in,Channel,Source,Medium,Campaign,Landing page,Marketing consent',
    );
    expect(withDesign.endsWith(',New,,,i1,Kitchen Island (Walnut),Direct,,,,,No')).toBe(true);
    expect(without.endsWith(',New,,,i1,,Direct,,,,,No')).toBe(true);
  });

  it('ends both exports with where the lead came from: channel, source, medium, campaign and landing page', () => {
    const paid: QuoteRequest = {
      ...quote,
      channel: 'Paid search',
      source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens', gclid: 'abc', landingPage: '/services' },
    };
    const referred: QuoteRequest = { ...quote, channel: 'Referral', source: { referrerHost: 'www.houzz.com.au', landingPage: '/gallery' } };
    const [, first, second] = toCsv(quoteRequestColumns, [paid, referred]).split('\r\n');
    expect(first.endsWith(',q1,Paid search,google,cpc,spring-kitchens,/services,No')).toBe(true);
    expect(second.endsWith(',q1,Referral,www.houzz.com.au,,,/gallery,No')).toBe(true);
  });

  it('ends both exports with the marketing consent: Yes with when it was given, or No', () => {
    const agreed: QuoteRequest = { ...quote, marketingConsent: true, marketingConsentAt: '2025-01-01T00:00:00.000Z' };
    const [header, first, second] = toCsv(quoteRequestColumns, [agreed, { ...quote, marketingConsent: false }]).split('\r\n');
    expect(header.endsWith(',Landing page,Marketing consent')).toBe(true);
    expect(first.endsWith(',Direct,,,,,Yes (2025-01-01 11:00:00)')).toBe(true);
    expect(second.endsWith(',Direct,,,,,No')).toBe(true);
  });
});

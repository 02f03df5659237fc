import type { PublicBooking } from '@site/domain';
import { describe, expect, test } from 'vitest';
import { icsText, visitCalendar, visitCalendarHref } from './visit-calendar';

// Thursday 3 December 2026, 9:00 to 10:00 am in Melbourne (AEDT, UTC+11).
const booking: PublicBooking = {
  service: 'bathroom',
  start: '2026-12-02T22:00:00.000Z',
  end: '2026-12-02T23:00:00.000Z',
  status: 'booked',
  firstName: 'Ava',
  street: 'Unit 4; 12 Smith Street',
  suburb: 'Fitzroy',
  postcode: '3065',
  changeUntil: '2026-12-01T22:00:00.000Z',
  canChange: true,
};
const business = { brand: 'Smith, Jones & Co\\Kitchens', siteUrl: 'https://www.smithjones.com.au' };

/** The file's lines with their folds undone (RFC 5545 3.1). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('the visit as a calendar file', () => {
  test('one event in UTC, with its summary, place and where to move or cancel it, every line ending in CRLF', () => {
    const file = visitCalendar(booking, business, new Date('2026-12-01T01:02:03.456Z'));
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfolded(file)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Smith\\, Jones & Co\\\\Kitchens//Site measure booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:measure-20261202T220000Z-3065@www.smithjones.com.au',
      'DTSTAMP:20261201T010203Z',
      'DTSTART:20261202T220000Z',
      'DTEND:20261202T230000Z',
      'SUMMARY:Free bathroom measure: Smith\\, Jones & Co\\\\Kitchens',
      'LOCATION:Unit 4\\; 12 Smith Street\\, Fitzroy VIC 3065',
      'DESCRIPTION:A free site measure at Unit 4\\; 12 Smith Street\\, Fitzroy VIC 3065. To move or cancel it\\, use the link in the email we sent you.',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  test('folds a long line at 75 octets without splitting a character', () => {
    const file = visitCalendar({ ...booking, street: `${'Ōtautahi '.repeat(12)}Road` }, business);
    const lines = file.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(unfolded(file)).toContain(`LOCATION:${'Ōtautahi '.repeat(12)}Road\\, Fitzroy VIC 3065`);
  });

  test('escapes line breaks, and goes into a data: address whole', () => {
    expect(icsText('Line one\nLine two\r\nthree')).toBe('Line one\\nLine two\\nthree');
    const file = visitCalendar(booking, business);
    const href = visitCalendarHref(file);
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:text/calendar;charset=utf-8,'.length))).toBe(file);
  });
});

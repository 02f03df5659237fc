import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatShortTime,
  formatSpreadsheetTime,
  formatTime,
  formatTimeAgo,
  formatVisitTime,
  formatWeekdayDate,
  formatWeekdayDay,
  melbourneDay,
} from './dates';

// A browser far from Melbourne: what the staff see must not depend on it. Node reads TZ afresh
// when it changes.
const ownZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (ownZone === undefined) delete process.env.TZ;
  else process.env.TZ = ownZone;
});

// 14:30 UTC on 5 January is 1:30 am on 6 January in Melbourne (AEDT, UTC+11) and 6:30 am on
// 5 January in Los Angeles: three clocks, two calendar days.
const summer = '2025-01-05T14:30:00.000Z';
// 02:04 UTC on 10 July is 12:04 pm in Melbourne (AEST, UTC+10) and 7:04 pm on 9 July in Los Angeles.
const winter = '2025-07-10T02:04:00.000Z';

describe('staff dates, in Australian English on Melbourne time', () => {
  test('the test runs in a zone other than Melbourne', () => {
    expect(new Date(summer).getDate()).toBe(5);
    expect(new Date(winter).getDate()).toBe(9);
  });

  test("the customer's project page: a day with its weekday, a time without minutes on the hour", () => {
    expect(formatWeekdayDay(summer)).toBe('Monday 6 January');
    expect(formatWeekdayDate(winter)).toBe('Thursday 10 July 2025');
    expect(formatShortTime('2026-12-07T06:00:00.000Z')).toBe('5 pm');
    expect(formatShortTime('2026-11-30T22:30:00.000Z')).toBe('9:30 am');
    expect(formatDay('2027-02-01', 'date')).toBe('1 February 2027');
  });

  test("a visit's time of day and its day and time, on Melbourne's clock", () => {
    expect(formatTime(summer)).toBe('1:30 am');
    expect(formatTime(winter)).toBe('12:04 pm');
    expect(formatVisitTime('2026-11-30T22:30:00.000Z')).toBe('Tuesday 1 December at 9:30 am');
  });

  test('date and time in the long format, in summer (AEDT) and winter (AEST)', () => {
    expect(formatDateTime(summer)).toBe('6 January 2025 at 1:30 am');
    expect(formatDateTime(winter)).toBe('10 July 2025 at 12:04 pm');
    expect(formatDateTime(new Date('2025-03-01T23:04:00.000Z'))).toBe('2 March 2025 at 10:04 am');
  });

  test('the day alone, on the Melbourne calendar', () => {
    expect(formatDate(summer)).toBe('6 January 2025');
    expect(formatDate(winter)).toBe('10 July 2025');
  });

  test('spreadsheet times and day keys on the Melbourne clock', () => {
    expect(formatSpreadsheetTime(summer)).toBe('2025-01-06 01:30:00');
    expect(formatSpreadsheetTime(winter)).toBe('2025-07-10 12:04:00');
    expect(melbourneDay(summer)).toBe('2025-01-06');
    expect(melbourneDay(new Date('2025-07-09T13:59:59.000Z'))).toBe('2025-07-09');
    expect(melbourneDay(new Date('2025-07-09T14:00:00.000Z'))).toBe('2025-07-10');
  });

  test('a calendar day keeps its date, whatever the zone', () => {
    expect(formatDay('2025-03-01', 'long')).toBe('1 March');
    expect(formatDay('2025-03-30', 'short')).toBe('30 Mar');
    expect(formatDay('2025-03-30', 'weekday')).toBe('Sun 30 Mar');
    expect(formatDay('2026-12-01', 'full')).toBe('Tuesday 1 December 2026');
  });

  test('how long ago, in words', () => {
    expect(formatTimeAgo('2025-01-05T12:00:00.000Z', '2025-01-05T15:10:00.000Z')).toBe('about 3 hours ago');
    expect(formatTimeAgo('2025-01-05T15:00:00.000Z', '2025-01-05T15:00:20.000Z')).toBe('less than a minute ago');
  });
});

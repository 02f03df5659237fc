import { describe, expect, it } from 'vitest';
import { businessDay, formatDate, formatDateTime, formatWeekdayDate, isTimeZone, lastDays } from './days';
import { businessTimeZone } from '@site/domain/calendar';

describe('lastDays', () => {
  it('gives Melbourne days with their local midnights, across the start of daylight saving', () => {
    // Daylight saving began in Melbourne at 2:00 on 5 October 2025 (+10:00 -> +11:00).
    const days = lastDays(new Date('2025-10-06T03:00:00Z'), 3, businessTimeZone);
    expect(days.map((d) => d.day)).toEqual(['2025-10-04', '2025-10-05', '2025-10-06']);
    expect(days[0].from.toISOString()).toBe('2025-10-03T14:00:00.000Z');
    expect(days[1].from.toISOString()).toBe('2025-10-04T14:00:00.000Z');
    // The 5th is 23 hours long.
    expect(days[1].to.toISOString()).toBe('2025-10-05T13:00:00.000Z');
    expect(days[2].from.toISOString()).toBe('2025-10-05T13:00:00.000Z');
  });

  it('gives the 25-hour day daylight saving ends on', () => {
    // Daylight saving ended in Melbourne at 3:00 on 6 April 2025 (+11:00 -> +10:00).
    const [day] = lastDays(new Date('2025-04-06T20:00:00Z'), 2, businessTimeZone);
    expect(day.day).toBe('2025-04-06');
    expect(day.from.toISOString()).toBe('2025-04-05T13:00:00.000Z');
    expect(day.to.toISOString()).toBe('2025-04-06T14:00:00.000Z');
  });

  it('counts today by the zone, not by UTC', () => {
    // 23:30 UTC on the 1st is already the 2nd in Melbourne.
    expect(lastDays(new Date('2025-01-01T23:30:00Z'), 1, businessTimeZone)[0].day).toBe('2025-01-02');
    expect(lastDays(new Date('2025-01-01T23:30:00Z'), 1, 'UTC')[0].day).toBe('2025-01-01');
  });

  it('knows a time zone name from nonsense', () => {
    expect(isTimeZone(businessTimeZone)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('the dates messages and PDFs print', () => {
  it("are Australian English on Melbourne's calendar and clock, in summer and winter", () => {
    // 1:30 am on 6 January in Melbourne (AEDT), still 5 January in UTC.
    expect(formatDateTime('2025-01-05T14:30:00.000Z')).toBe('6 January 2025 at 1:30 am');
    expect(formatDate(new Date('2025-01-05T14:30:00.000Z'))).toBe('6 January 2025');
    expect(businessDay(Date.parse('2025-01-05T14:30:00.000Z'))).toBe('2025-01-06');
    // 12:04 pm on 10 July (AEST).
    expect(formatDateTime('2025-07-10T02:04:00.000Z')).toBe('10 July 2025 at 12:04 pm');
    expect(formatWeekdayDate('2027-02-01T12:00:00+10:00')).toBe('Monday 1 February 2027');
  });

  it('write each instant of a burst, a new minute and the hour daylight saving ends right, one after another', () => {
    expect(formatDateTime('2025-01-05T14:30:00.000Z')).toBe('6 January 2025 at 1:30 am');
    expect(formatDateTime('2025-01-05T14:30:59.999Z')).toBe('6 January 2025 at 1:30 am');
    expect(formatDateTime('2025-01-05T14:31:00.000Z')).toBe('6 January 2025 at 1:31 am');
    expect(formatDateTime('2025-01-05T14:30:30.000Z')).toBe('6 January 2025 at 1:30 am');
    // Daylight saving ended at 3:00 am on 6 April 2025 (+11:00 -> +10:00): 2:30 am twice, an hour apart.
    expect(formatDateTime('2025-04-05T15:30:00.000Z')).toBe('6 April 2025 at 2:30 am');
    expect(formatDateTime('2025-04-05T16:30:00.000Z')).toBe('6 April 2025 at 2:30 am');
    expect(formatDateTime('2025-04-05T17:30:00.000Z')).toBe('6 April 2025 at 3:30 am');
    // The minute before and after Melbourne's midnight.
    expect(businessDay('2025-07-09T13:59:59.000Z')).toBe('2025-07-09');
    expect(businessDay('2025-07-09T14:00:00.000Z')).toBe('2025-07-10');
    expect(formatDate('2025-07-09T13:59:00.000Z')).toBe('9 July 2025');
    expect(formatDate('2025-07-09T14:00:00.000Z')).toBe('10 July 2025');
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
  });
});

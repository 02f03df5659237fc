import { describe, expect, it } from 'vitest';
import { coolingOffEndsAt, coolingOffLastDay, isVictorianBusinessDay } from './cooling-off';

/** Melbourne wall time to an instant: `at('2026-11-30 10:00', 11)` with the offset then in force (+11 AEDT, +10 AEST). */
const at = (local: string, offsetHours: number) =>
  new Date(`${local.replace(' ', 'T')}:00${offsetHours >= 0 ? '+' : '-'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`);

describe('the cooling-off period (5 clear business days, Victoria)', () => {
  // [what, received (Melbourne time), its UTC offset, last day, end as UTC]
  const cases: Array<[string, string, number, string, string]> = [
    ['a plain week: Monday to the next Monday', '2026-11-30 10:00', 11, '2026-12-07', '2026-12-07T06:00:00.000Z'],
    ['received on Friday evening: the weekend is left out', '2026-11-27 21:30', 11, '2026-12-04', '2026-12-04T06:00:00.000Z'],
    ['received on Saturday: the count starts on Monday', '2026-11-28 09:00', 11, '2026-12-04', '2026-12-04T06:00:00.000Z'],
    // 25 and 26 Dec, the substitute Boxing Day on Monday 28 Dec, New Year's Day on Friday 1 Jan 2027:
    // Thu 24, Tue 29, Wed 30, Thu 31, Mon 4.
    ['across Christmas, Boxing Day and New Year', '2026-12-23 12:00', 11, '2027-01-04', '2027-01-04T06:00:00.000Z'],
    ['received on Christmas Eve', '2026-12-24 16:00', 11, '2027-01-05', '2027-01-05T06:00:00.000Z'],
    // Good Friday 3 Apr to Easter Monday 6 Apr 2026; daylight saving ends on Sunday 5 Apr (AEDT to AEST).
    ['across Easter, as daylight saving ends', '2026-04-01 10:00', 11, '2026-04-10', '2026-04-10T07:00:00.000Z'],
    // The King's Birthday, Monday 8 June 2026.
    ["across the King's Birthday", '2026-06-05 10:00', 10, '2026-06-15', '2026-06-15T07:00:00.000Z'],
    // Melbourne Cup Day, Tuesday 3 November 2026.
    ['across Melbourne Cup Day', '2026-11-02 10:00', 11, '2026-11-10', '2026-11-10T06:00:00.000Z'],
    // The AFL Grand Final Friday, 25 September 2026.
    ['across the AFL Grand Final Friday', '2026-09-24 10:00', 10, '2026-10-02', '2026-10-02T07:00:00.000Z'],
    // Daylight saving starts on Sunday 4 October 2026 (AEST to AEDT): 5 pm is then 06:00 UTC.
    ['as daylight saving starts', '2026-10-01 10:00', 10, '2026-10-08', '2026-10-08T06:00:00.000Z'],
    ['a minute before midnight is still that day', '2026-11-30 23:59', 11, '2026-12-07', '2026-12-07T06:00:00.000Z'],
    ['a minute after midnight is the next day', '2026-12-01 00:01', 11, '2026-12-08', '2026-12-08T06:00:00.000Z'],
  ];
  it.each(cases)('%s', (_what, received, offset, lastDay, endsAt) => {
    expect(coolingOffLastDay(at(received, offset))).toBe(lastDay);
    expect(coolingOffEndsAt(at(received, offset))).toBe(endsAt);
  });

  it('knows weekends and Victorian public holidays from business days', () => {
    expect(isVictorianBusinessDay('2026-12-25')).toBe(false);
    expect(isVictorianBusinessDay('2026-12-28')).toBe(false);
    expect(isVictorianBusinessDay('2026-11-03')).toBe(false);
    expect(isVictorianBusinessDay('2026-11-28')).toBe(false);
    expect(isVictorianBusinessDay('2026-11-30')).toBe(true);
    // Mother's Day and school holidays are no public holidays.
    expect(isVictorianBusinessDay('2026-04-07')).toBe(true);
  });
});

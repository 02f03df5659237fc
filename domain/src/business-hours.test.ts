import { describe, expect, it } from 'vitest';
import {
  addBusinessHours,
  businessHoursBetween,
  businessHoursOf,
  closureOn,
  defaultBusinessHours,
  isFollowUpOverdue,
  nextOpening,
  parseBusinessHours,
  type BusinessHours,
} from './business-hours';

const hours = (text: string): BusinessHours => {
  const parsed = parseBusinessHours(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.hours;
};

/** The due time, as an instant, of a lead arriving at `at` (an ISO time with its Melbourne offset). */
const due = (at: string, after = 2, businessHours = defaultBusinessHours) =>
  addBusinessHours(new Date(at), after, businessHours).toISOString();
const iso = (at: string) => new Date(at).toISOString();

describe('addBusinessHours (Monday to Friday 08:00 to 17:30, Melbourne)', () => {
  it('counts the hours left on Friday afternoon and goes on on Monday morning', () => {
    expect(due('2026-11-27T16:30:00+11:00')).toBe(iso('2026-11-30T09:00:00+11:00'));
  });

  it('starts a lead from the night on the next morning', () => {
    expect(due('2026-11-24T22:00:00+11:00')).toBe(iso('2026-11-25T10:00:00+11:00'));
  });

  it('starts a weekend lead on Monday morning', () => {
    expect(due('2026-11-28T10:00:00+11:00')).toBe(iso('2026-11-30T10:00:00+11:00'));
    expect(due('2026-11-29T23:59:00+11:00')).toBe(iso('2026-11-30T10:00:00+11:00'));
  });

  it('takes the day a lead arrives on from the Melbourne calendar, on both sides of midnight', () => {
    // 00:30 on Saturday in Melbourne is still Friday 13:30 in UTC: the lead waits for Monday.
    expect(due('2026-11-28T00:30:00+11:00')).toBe(iso('2026-11-30T10:00:00+11:00'));
    // 23:30 on Sunday in winter (+10:00) is Sunday 13:30 in UTC: Monday is the next day.
    expect(due('2026-06-14T23:30:00+10:00')).toBe(iso('2026-06-15T10:00:00+10:00'));
    // 09:00 on Monday in summer is Sunday 22:00 in UTC: counted from Monday's own hours.
    expect(due('2026-11-30T09:00:00+11:00')).toBe(iso('2026-11-30T11:00:00+11:00'));
  });

  it('ends on the closing time itself when the hours fit, and starts at the opening time itself', () => {
    expect(due('2026-11-25T15:30:00+11:00')).toBe(iso('2026-11-25T17:30:00+11:00'));
    expect(due('2026-11-25T08:00:00+11:00')).toBe(iso('2026-11-25T10:00:00+11:00'));
    expect(due('2026-11-25T17:30:00+11:00')).toBe(iso('2026-11-26T10:00:00+11:00'));
    expect(due('2026-11-25T07:59:59+11:00')).toBe(iso('2026-11-25T10:00:00+11:00'));
  });

  it('keeps Monday 09:00 local across the weekend daylight saving starts (AEST to AEDT)', () => {
    // Clocks go forward at 02:00 on Sunday 4 October 2026: Friday is +10:00, Monday +11:00.
    expect(due('2026-10-02T16:30:00+10:00')).toBe('2026-10-04T22:00:00.000Z');
  });

  it('keeps Monday 09:00 local across the weekend daylight saving ends (AEDT to AEST)', () => {
    // Clocks go back at 03:00 on Sunday 5 April 2026: Friday is +11:00, Monday +10:00.
    expect(due('2026-04-03T16:30:00+11:00')).toBe('2026-04-05T23:00:00.000Z');
  });

  it('counts real hours on the day the clocks change, when the business opens then', () => {
    const sundayNight = hours('Sun 01:00-05:00');
    // 01:00 to 05:00 local on 4 October 2026 holds three real hours: 02:00 becomes 03:00.
    expect(businessHoursBetween(new Date('2026-10-04T01:00:00+10:00'), new Date('2026-10-04T05:00:00+11:00'), sundayNight)).toBe(3);
    expect(due('2026-10-04T01:00:00+10:00', 3, sundayNight)).toBe(iso('2026-10-04T05:00:00+11:00'));
    // And five on 5 April 2026, when 03:00 becomes 02:00 again.
    expect(businessHoursBetween(new Date('2026-04-05T01:00:00+11:00'), new Date('2026-04-05T05:00:00+10:00'), sundayNight)).toBe(5);
  });

  it('uses every range of several, and fractions of an hour', () => {
    const withSaturday = hours('Mon-Fri 08:00-17:30, Sat 09:00-12:00');
    expect(due('2026-11-27T17:00:00+11:00', 2, withSaturday)).toBe(iso('2026-11-28T10:30:00+11:00'));
    expect(due('2026-11-28T11:30:00+11:00', 2, withSaturday)).toBe(iso('2026-11-30T09:30:00+11:00'));
    expect(due('2026-11-25T09:00:00+11:00', 0.5)).toBe(iso('2026-11-25T09:30:00+11:00'));
  });
});

describe('nextOpening (quiet hours: when staff messages may go out)', () => {
  const opening = (at: string, businessHours = defaultBusinessHours) => nextOpening(new Date(at), businessHours).toISOString();

  it('is the moment itself while open, the opening time itself included, and not the closing time', () => {
    expect(opening('2026-11-30T08:00:00+11:00')).toBe(iso('2026-11-30T08:00:00+11:00'));
    expect(opening('2026-11-30T17:29:59+11:00')).toBe(iso('2026-11-30T17:29:59+11:00'));
    expect(opening('2026-11-30T17:30:00+11:00')).toBe(iso('2026-12-01T08:00:00+11:00'));
  });

  it('waits from a Saturday evening to Monday at opening, and from the night to the morning', () => {
    expect(opening('2026-11-28T19:00:00+11:00')).toBe(iso('2026-11-30T08:00:00+11:00'));
    expect(opening('2026-12-01T23:30:00+11:00')).toBe(iso('2026-12-02T08:00:00+11:00'));
    expect(opening('2026-12-02T06:59:00+11:00')).toBe(iso('2026-12-02T08:00:00+11:00'));
  });

  it('skips closures, and is never quiet for hours that name no opening', () => {
    const shutdown = { ...defaultBusinessHours, closures: [{ from: '2026-12-24', to: '2027-01-04' }] };
    expect(opening('2026-12-23T18:00:00+11:00', shutdown)).toBe(iso('2027-01-05T08:00:00+11:00'));
    const none = hours('Mon 08:00-09:00');
    expect(opening('2026-12-01T03:00:00+11:00', { days: none.days.map(() => []) })).toBe(iso('2026-12-01T03:00:00+11:00'));
  });
});

describe('businessHoursBetween', () => {
  it('counts only the open hours between two moments', () => {
    expect(businessHoursBetween(new Date('2026-11-27T16:30:00+11:00'), new Date('2026-11-30T09:00:00+11:00'), defaultBusinessHours)).toBe(
      2,
    );
    expect(businessHoursBetween(new Date('2026-11-23T08:00:00+11:00'), new Date('2026-11-28T08:00:00+11:00'), defaultBusinessHours)).toBe(
      47.5,
    );
    expect(businessHoursBetween(new Date('2026-11-28T08:00:00+11:00'), new Date('2026-11-29T20:00:00+11:00'), defaultBusinessHours)).toBe(
      0,
    );
  });
});

describe('parseBusinessHours', () => {
  it('reads days, ranges of days (also past Sunday) and several entries in any case', () => {
    const parsed = hours('fri-MON 09:00-12:00, Wed 13:00-24:00, Wed 12:00-14:00');
    expect(parsed.days).toEqual([
      [{ from: 540, to: 720 }],
      [{ from: 540, to: 720 }],
      [],
      [{ from: 720, to: 1440 }],
      [],
      [{ from: 540, to: 720 }],
      [{ from: 540, to: 720 }],
    ]);
  });

  it.each([
    ['', 'names no opening hours: use days and times such as "Mon-Fri 08:00-17:30" or "Mon-Fri 08:00-17:30, Sat 09:00-12:00"'],
    [
      'weekdays 9 to 5',
      '"weekdays 9 to 5" is not a day and times: use days and times such as "Mon-Fri 08:00-17:30" or "Mon-Fri 08:00-17:30, Sat 09:00-12:00"',
    ],
    ['Mon-Fre 08:00-17:30', '"Fre" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun'],
    ['Mon 08:00-25:00', '"Mon 08:00-25:00" has a time that is not HH:MM between 00:00 and 24:00'],
    ['Mon 17:30-08:00', '"Mon 17:30-08:00" closes before it opens'],
  ])('refuses %j with a reason', (text, message) => {
    expect(parseBusinessHours(text)).toEqual({ ok: false, message });
  });
});

describe('isFollowUpOverdue', () => {
  const lead = { status: 'new', followUpDueAt: '2026-11-30T00:00:00.000Z' };
  it('is overdue from the due time on, while the lead is new', () => {
    expect(isFollowUpOverdue(lead, new Date('2026-11-29T23:59:59.999Z'))).toBe(false);
    expect(isFollowUpOverdue(lead, new Date('2026-11-30T00:00:00.000Z'))).toBe(true);
    expect(isFollowUpOverdue({ ...lead, status: 'contacted' }, new Date('2026-12-30T00:00:00.000Z'))).toBe(false);
    expect(isFollowUpOverdue({ status: 'new' }, new Date('2026-12-30T00:00:00.000Z'))).toBe(false);
  });
});

describe('closures (the business settings’ public holidays and shutdowns)', () => {
  const settingsHours = {
    weekly: [[], ...Array.from({ length: 5 }, () => [{ from: '08:00', to: '17:30' }]), []],
    closures: [
      { from: '2026-12-24', to: '2027-01-04', label: 'Christmas shutdown' },
      { from: '2027-01-26', to: '2027-01-26', label: 'Australia Day' },
    ],
  };
  const withClosures = businessHoursOf(settingsHours);

  it('counts no hours on closed days: a lead on the last afternoon before Christmas is due after the shutdown', () => {
    // Wednesday 23 December, 16:30: one hour that day, the next on Tuesday 5 January at 09:00.
    expect(due('2026-12-23T16:30:00+11:00', 2, withClosures)).toBe(iso('2027-01-05T09:00:00+11:00'));
    // Without the closure it would be due on Christmas Eve.
    expect(due('2026-12-23T16:30:00+11:00', 2, businessHoursOf({ ...settingsHours, closures: [] }))).toBe(iso('2026-12-24T09:00:00+11:00'));
  });

  it('starts a lead sent during a closure on the first open morning after it, and skips a one-day holiday', () => {
    expect(due('2026-12-28T10:00:00+11:00', 2, withClosures)).toBe(iso('2027-01-05T10:00:00+11:00'));
    // Monday 25 January 17:00: half an hour, then Australia Day (Tuesday) closed, then Wednesday 09:30.
    expect(due('2027-01-25T17:00:00+11:00', 2, withClosures)).toBe(iso('2027-01-27T09:30:00+11:00'));
  });

  it('counts the hours between two moments without the closed days', () => {
    expect(businessHoursBetween(new Date('2026-12-23T08:00:00+11:00'), new Date('2027-01-05T08:00:00+11:00'), withClosures)).toBe(9.5);
  });

  it('names the closure a date falls in', () => {
    expect(closureOn('2026-12-31', settingsHours.closures)?.label).toBe('Christmas shutdown');
    expect(closureOn('2027-01-05', settingsHours.closures)).toBeUndefined();
  });

  it('reads the settings’ HH:MM ranges as the same hours the text form gives', () => {
    expect(businessHoursOf({ weekly: settingsHours.weekly, closures: [] }).days).toEqual(defaultBusinessHours.days);
  });
});

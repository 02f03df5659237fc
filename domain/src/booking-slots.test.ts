import { describe, expect, it } from 'vitest';
import { defaultBookingSettings, type BookingSettings } from './booking';
import { freeSlots, gridCells, isFreeSlot, visitLabel, type BusyTime } from './booking-slots';
import { businessTimeZone } from './calendar';
import { defaultSettings } from './settings';

const openEveryDay = { weekly: Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]), closures: [] };
const every = (from: string, to: string) => Array.from({ length: 7 }, () => [{ from, to }]);
const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({ ...defaultBookingSettings, ...over });
const at = (iso: string) => new Date(iso);
const busy = (start: string, end: string): BusyTime => ({ start: Date.parse(start), end: Date.parse(end) });

const day = (availability: ReturnType<typeof freeSlots>, date: string) => availability.days.find((d) => d.date === date);
const starts = (availability: ReturnType<typeof freeSlots>, date: string) => day(availability, date)?.slots.map((slot) => slot.start) ?? [];
const labels = (availability: ReturnType<typeof freeSlots>, date: string) => day(availability, date)?.slots.map((slot) => slot.label) ?? [];

describe('freeSlots', () => {
  it('offers weekday starts every 30 minutes from 09:00, the last ending by 16:00, with Melbourne labels', () => {
    const availability = freeSlots({ settings: settings(), hours: defaultSettings.hours, now: at('2026-11-26T09:00:00+11:00'), busy: [] });
    expect(availability.timeZone).toBe(businessTimeZone);
    expect(availability.visitMinutes).toBe(60);
    // 24 hours' notice: Friday 27 November from 09:00.
    expect(availability.days[0]).toMatchObject({ date: '2026-11-27', label: 'Friday 27 November' });
    expect(labels(availability, '2026-11-27')).toEqual([
      '9:00 am',
      '9:30 am',
      '10:00 am',
      '10:30 am',
      '11:00 am',
      '11:30 am',
      '12:00 pm',
      '12:30 pm',
      '1:00 pm',
      '1:30 pm',
      '2:00 pm',
      '2:30 pm',
      '3:00 pm',
    ]);
    expect(starts(availability, '2026-11-27')[0]).toBe('2026-11-26T22:00:00.000Z');
    // No weekend, and Tuesday 1 December is there with its label.
    expect(day(availability, '2026-11-28')).toBeUndefined();
    expect(day(availability, '2026-12-01')?.label).toBe('Tuesday 1 December');
  });

  it('starts at the minimum notice and stops at the horizon', () => {
    const availability = freeSlots({ settings: settings(), hours: defaultSettings.hours, now: at('2026-11-26T10:10:00+11:00'), busy: [] });
    // 10:10 tomorrow is the earliest: 10:30 is the first start.
    expect(labels(availability, '2026-11-27')[0]).toBe('10:30 am');
    const last = availability.days[availability.days.length - 1];
    // 8 weeks on is Thursday 21 January, 10:10: its last start is 10:00.
    expect(last.date).toBe('2027-01-21');
    expect(last.slots[last.slots.length - 1].label).toBe('10:00 am');
  });

  it('keeps only the parts of the booking hours inside the opening hours', () => {
    const hours = { weekly: every('10:00', '12:00'), closures: [] };
    const availability = freeSlots({ settings: settings(), hours, now: at('2026-11-26T09:00:00+11:00'), busy: [] });
    expect(labels(availability, '2026-11-27')).toEqual(['10:00 am', '10:30 am', '11:00 am']);
  });

  it('offers nothing on a closure day', () => {
    const hours = { ...defaultSettings.hours, closures: [{ from: '2026-12-24', to: '2027-01-04', label: 'Christmas shutdown' }] };
    const availability = freeSlots({ settings: settings(), hours, now: at('2026-12-20T09:00:00+11:00'), busy: [] });
    expect(day(availability, '2026-12-23')?.slots.length).toBe(13);
    for (const date of ['2026-12-24', '2026-12-29', '2027-01-04']) expect(day(availability, date)).toBeUndefined();
    expect(day(availability, '2027-01-05')?.slots.length).toBe(13);
  });

  it('keeps the buffer on both sides of a booked visit', () => {
    // A visit 11:00 to 12:00 with 30 minutes of travel either side: 09:30 (ends 10:30) is the last
    // before it, 12:30 the first after it.
    const taken = busy('2026-11-27T11:00:00+11:00', '2026-11-27T12:00:00+11:00');
    const availability = freeSlots({
      settings: settings(),
      hours: defaultSettings.hours,
      now: at('2026-11-26T09:00:00+11:00'),
      busy: [taken],
    });
    expect(labels(availability, '2026-11-27')).toEqual([
      '9:00 am',
      '9:30 am',
      '12:30 pm',
      '1:00 pm',
      '1:30 pm',
      '2:00 pm',
      '2:30 pm',
      '3:00 pm',
    ]);
    expect(isFreeSlot(availability, '2026-11-27T00:00:00.000Z')).toBe(false);
    expect(isFreeSlot(availability, '2026-11-27T01:30:00.000Z')).toBe(true);
  });

  it('keeps the buffer around a block too, and a long block empties its days', () => {
    const availability = freeSlots({
      settings: settings(),
      hours: defaultSettings.hours,
      now: at('2026-11-26T09:00:00+11:00'),
      busy: [
        busy('2026-11-27T09:00:00+11:00', '2026-11-27T13:00:00+11:00'),
        busy('2026-11-30T00:00:00+11:00', '2026-12-02T00:00:00+11:00'),
      ],
    });
    expect(labels(availability, '2026-11-27')[0]).toBe('1:30 pm');
    expect(day(availability, '2026-11-30')).toBeUndefined();
    expect(day(availability, '2026-12-01')).toBeUndefined();
    expect(labels(availability, '2026-12-02')[0]).toBe('9:00 am');
  });

  it('keeps wall-clock times across the October change (clocks forward on the first Sunday)', () => {
    const availability = freeSlots({ settings: settings(), hours: defaultSettings.hours, now: at('2026-09-30T09:00:00+10:00'), busy: [] });
    // Friday 2 October is on AEST (+10), Monday 5 October on AEDT (+11): both 09:00 local.
    expect(starts(availability, '2026-10-02')[0]).toBe('2026-10-01T23:00:00.000Z');
    expect(starts(availability, '2026-10-05')[0]).toBe('2026-10-04T22:00:00.000Z');
    expect(labels(availability, '2026-10-05')[0]).toBe('9:00 am');
  });

  it('never offers the hour the clocks skip on the first Sunday of October, and visits last real time across it', () => {
    const availability = freeSlots({
      settings: settings({ weekly: every('01:00', '05:00'), bufferMinutes: 0 }),
      hours: openEveryDay,
      now: at('2026-10-02T00:00:00+10:00'),
      busy: [],
    });
    // 02:00 to 02:59 does not exist on 4 October 2026. A 01:30 visit ends at 03:30 AEDT (an hour later in real time).
    expect(labels(availability, '2026-10-04')).toEqual(['1:00 am', '1:30 am', '3:00 am', '3:30 am', '4:00 am']);
    expect(starts(availability, '2026-10-04').slice(0, 3)).toEqual([
      '2026-10-03T15:00:00.000Z',
      '2026-10-03T15:30:00.000Z',
      '2026-10-03T16:00:00.000Z',
    ]);
  });

  it('keeps wall-clock times across the April change (clocks back on the first Sunday)', () => {
    const availability = freeSlots({ settings: settings(), hours: defaultSettings.hours, now: at('2027-03-31T09:00:00+11:00'), busy: [] });
    // Friday 2 April 2027 is on AEDT (+11), Monday 5 April on AEST (+10).
    expect(starts(availability, '2027-04-02')[0]).toBe('2027-04-01T22:00:00.000Z');
    expect(starts(availability, '2027-04-05')[0]).toBe('2027-04-04T23:00:00.000Z');
    expect(labels(availability, '2027-04-05')[0]).toBe('9:00 am');
  });

  it('on the Sunday the clocks go back, a visit through the repeated hour still fits its range in real time', () => {
    const availability = freeSlots({
      settings: settings({ weekly: every('01:00', '04:00'), bufferMinutes: 0 }),
      hours: openEveryDay,
      now: at('2027-04-02T00:00:00+11:00'),
      busy: [],
    });
    // 4 April 2027: 01:00 AEDT is 14:00Z; 04:00 AEST is 18:00Z, four hours of real time later.
    const slots = day(availability, '2027-04-04')?.slots ?? [];
    expect(slots[0]).toEqual({ start: '2027-04-03T14:00:00.000Z', label: '1:00 am' });
    expect(slots[slots.length - 1].label).toBe('3:00 am');
    for (const slot of slots) expect(Date.parse(slot.start) + 3_600_000).toBeLessThanOrEqual(Date.parse('2027-04-03T18:00:00.000Z'));
  });

  it('offers nothing on a day without booking hours or without opening hours', () => {
    const weekly = every('09:00', '12:00');
    weekly[3] = [];
    const hours = { weekly: every('08:00', '17:00'), closures: [] };
    hours.weekly[4] = [];
    const availability = freeSlots({ settings: settings({ weekly }), hours, now: at('2026-11-29T09:00:00+11:00'), busy: [] });
    expect(day(availability, '2026-12-02')).toBeUndefined(); // a Wednesday: no booking hours
    expect(day(availability, '2026-12-03')).toBeUndefined(); // a Thursday: closed
    expect(day(availability, '2026-12-04')?.slots.length).toBe(5);
  });
});

describe('gridCells', () => {
  it('holds each quarter hour from the start to the end and the buffer', () => {
    const start = Date.parse('2026-11-27T09:00:00+11:00');
    const cells = gridCells(start, start + 3_600_000, 30);
    expect(cells).toHaveLength(6);
    expect(new Date(cells[5]).toISOString()).toBe('2026-11-26T23:15:00.000Z');
  });

  it('covers the whole quarter hours a block off the grid touches', () => {
    const cells = gridCells(Date.parse('2026-11-27T09:05:00+11:00'), Date.parse('2026-11-27T09:20:00+11:00'), 0);
    expect(cells.map((cell) => new Date(cell).toISOString())).toEqual(['2026-11-26T22:00:00.000Z', '2026-11-26T22:15:00.000Z']);
  });

  it('gives two visits with too little buffer between them a common cell', () => {
    const first = Date.parse('2026-11-27T09:00:00+11:00');
    const second = first + 75 * 60_000; // 10:15: 15 minutes after the first ends, buffer 30
    const a = new Set(gridCells(first, first + 3_600_000, 30));
    expect(gridCells(second, second + 3_600_000, 30).some((cell) => a.has(cell))).toBe(true);
    const third = first + 90 * 60_000;
    expect(gridCells(third, third + 3_600_000, 30).some((cell) => a.has(cell))).toBe(false);
  });
});

describe('visitLabel', () => {
  it('names a visit in Melbourne time', () => {
    expect(visitLabel(new Date('2026-11-30T22:30:00.000Z'))).toBe('Tuesday 1 December at 9:30 am');
  });
});

import { describe, expect, test } from 'vitest';
import { melbourneDateTime } from './melbourne-date-time';

describe('melbourneDateTime', () => {
  test('shows the time on the clock in Melbourne, daylight saving included', () => {
    expect(melbourneDateTime('2026-03-02T03:04:00.000Z')).toBe('2 Mar 2026, 2:04 PM');
    expect(melbourneDateTime('2026-07-01T14:30:00.000Z')).toBe('2 Jul 2026, 12:30 AM');
    expect(melbourneDateTime('2026-09-10T02:00:00.000Z')).toBe('10 Sep 2026, 12:00 PM');
  });
});

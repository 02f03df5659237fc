import { describe, expect, it } from 'vitest';
import { firstContactText, formatDuration } from './durations';

describe('formatDuration', () => {
  it.each([
    [0, 'under a minute'],
    [59_999, 'under a minute'],
    [60_000, '1 min'],
    [59 * 60_000 + 59_999, '59 min'],
    [3 * 3_600_000, '3 h'],
    [3 * 3_600_000 + 5 * 60_000, '3 h 5 min'],
    [47 * 3_600_000 + 59 * 60_000, '47 h 59 min'],
    [48 * 3_600_000, '2 days'],
    [52 * 3_600_000 + 30 * 60_000, '2 days 4 h'],
  ])('shows %i ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('firstContactText', () => {
  const createdAt = '2025-01-01T00:00:00.000Z';
  it('says how long a contacted lead waited', () => {
    expect(firstContactText({ createdAt, firstContactAt: '2025-01-01T02:30:00.000Z' }, new Date('2025-02-01T00:00:00.000Z'))).toBe(
      'First contact after 2 h 30 min',
    );
  });
  it('says how long a new lead has been waiting so far', () => {
    expect(firstContactText({ createdAt }, new Date('2025-01-01T00:45:00.000Z'))).toBe('Waiting for first contact: 45 min');
  });
});

import { reviewDateFormat } from '@site/domain';
import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatPublicReviewDate } from './public-dates';

// A visitor far from Melbourne (Node reads TZ afresh when it changes).
const ownZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (ownZone === undefined) delete process.env.TZ;
  else process.env.TZ = ownZone;
});

describe('the public review date', () => {
  test("is the spec's 'MMMM d, yyyy' on Melbourne's calendar, in summer (AEDT) and winter (AEST)", () => {
    // 6 January, 1:30 am in Melbourne; still 5 January in Los Angeles.
    expect(formatPublicReviewDate('2025-01-05T14:30:00.000Z')).toBe('January 6, 2025');
    // 10 July, 12:04 pm in Melbourne; 9 July in Los Angeles.
    expect(formatPublicReviewDate(new Date('2025-07-10T02:04:00.000Z'))).toBe('July 10, 2025');
    expect(formatPublicReviewDate('2025-03-09T01:00:00.000Z')).toBe(format(new Date(2025, 2, 9), reviewDateFormat));
  });
});

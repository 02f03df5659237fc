import { describe, expect, test } from 'vitest';
import { firstErrorMessage, sectionFieldErrors } from './field-errors';

describe('sectionFieldErrors', () => {
  test("names each of the section's errors as its form does, leaving out the section's summary and other sections", () => {
    const errors = {
      hours: 'Closure: the last day must be on or after the first',
      'hours.closures.0.to': 'Closure: the last day must be on or after the first',
      'hours.weekly.1': 'Opening hours: each range must end after it starts',
      business: 'Phone: enter an Australian phone number',
      'business.phone': 'Phone: enter an Australian phone number',
    };
    expect(sectionFieldErrors(errors, 'hours')).toEqual([
      { name: 'closures.0.to', message: 'Closure: the last day must be on or after the first' },
      { name: 'weekly.1', message: 'Opening hours: each range must end after it starts' },
    ]);
    expect(sectionFieldErrors(errors, 'links')).toEqual([]);
  });
});

describe('firstErrorMessage', () => {
  test('finds the first message depth first, in the order the fields come, never looking inside an element', () => {
    const ref = { message: 'not this one' };
    const errors = {
      weekly: [undefined, { root: { message: 'Opening hours: the ranges of one day must not overlap', ref } }],
      closures: [{ label: { message: 'Closure: give it a label', ref } }],
    };
    expect(firstErrorMessage(errors)).toBe('Opening hours: the ranges of one day must not overlap');
    expect(firstErrorMessage({})).toBeUndefined();
  });
});

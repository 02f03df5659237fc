import { describe, expect, it } from 'vitest';
import { askedTab } from './admin-code';

describe('askedTab', () => {
  it('is the tab ?tab= names, and the inquiries for none, an unknown one or a name every object has', () => {
    expect(askedTab('?tab=calendar')).toBe('calendar');
    expect(askedTab('?status=new&tab=quotes')).toBe('quotes');
    expect(askedTab('')).toBe('inquiries');
    expect(askedTab('?tab=nothing')).toBe('inquiries');
    expect(askedTab('?tab=toString')).toBe('inquiries');
    expect(askedTab('?tab=__proto__')).toBe('inquiries');
  });
});

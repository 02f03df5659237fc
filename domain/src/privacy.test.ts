import { describe, expect, it } from 'vitest';
import { nationalPhoneDigits, phoneCore, privacyLookupSchema } from './privacy-lookup';

describe('nationalPhoneDigits', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['+61 (0)412 345 678', '0412345678'],
    ['+61 0412 345 678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['0011 61 412 345 678', '0412345678'],
    ['0412 345 678 ext 12', '0412345678'],
    ['0412 345 678 x12', '0412345678'],
    ['+61 3 9123 4567;ext=89', '0391234567'],
    ['(03) 9123 4567 #4', '0391234567'],
    ['1300 123 456', '1300123456'],
    ['+44 20 7946 0958', '442079460958'],
    ['0044 20 7946 0958', '442079460958'],
  ])('reads %s as %s', (typed, national) => {
    expect(nationalPhoneDigits(typed)).toBe(national);
  });

  it('keeps a domestic number that starts with a bracketed 0 as it is', () => {
    expect(nationalPhoneDigits('(0) 412 345 678')).toBe('0412345678');
  });
});

describe('phoneCore', () => {
  it('is the national number without its trunk 0, or a foreign number whole', () => {
    expect(phoneCore('0412345678')).toBe('412345678');
    expect(phoneCore('442079460958')).toBe('442079460958');
  });
});

describe('privacyLookupSchema', () => {
  it('takes a number with an extension and gives its national digits', () => {
    expect(privacyLookupSchema.parse({ phone: '+61 (0)412 345 678 ext. 12' })).toEqual({ phone: '0412345678' });
  });

  it('refuses words that are not an extension', () => {
    const result = privacyLookupSchema.safeParse({ phone: '0412 345 678 after 5pm' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid phone number');
  });
});

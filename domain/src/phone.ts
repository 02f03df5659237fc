/**
 * The digits of a phone number as Australians write it nationally, whatever way it was
 * typed: 0412 345 678, +61 412 345 678, 61412345678, +61 (0)412 345 678, 0061 412 345 678,
 * 0011 61 412 345 678 and 0412 345 678 ext 12 are all 0412345678. An extension (after
 * "ext", "x", "#", "," or ";") is not part of the number. A number of another country keeps
 * its country code: +44 20 7946 0958 and 0044 20 7946 0958 are 442079460958.
 */
export function nationalPhoneDigits(value: string): string {
  const number = value.split(/[a-z#,;]/i)[0] ?? '';
  // The trunk 0 some write after the country code: +61 (0)412 345 678.
  let digits = number.replace(/^(\s*\+?\s*\d{1,3}\s*)\(\s*0\s*\)/, '$1').replace(/\D/g, '');
  let international = number.trim().startsWith('+');
  // Dialled from Australia (0011) or from most other countries (00).
  for (const exit of ['0011', '00']) {
    if (!international && digits.startsWith(exit)) {
      digits = digits.slice(exit.length);
      international = true;
    }
  }
  // No Australian number written nationally starts with 61, so a leading 61 is the country code.
  if (digits.startsWith('61')) return `0${digits.slice(2).replace(/^0/, '')}`;
  return digits;
}

/**
 * The part of a national number that every written form of it contains: 412345678 of
 * 0412345678 (the national number without its trunk 0), or a foreign number whole.
 */
export const phoneCore = (national: string): string => (national.startsWith('0') ? national.slice(1) : national);

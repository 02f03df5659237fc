import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The digits of a phone number as Australians write it nationally, whatever way it was
 * typed: 0412 345 678, +61 412 345 678, 61412345678, +61 (0)412 345 678, 0061 412 345 678,
 * 0011 61 412 345 678 and 0412 345 678 ext 12 are all 0412345678. An extension (after
 * "ext", "x", "#", "," or ";") is not part of the number. A number of another country keeps
 * its country code: +44 20 7946 0958 and 0044 20 7946 0958 are 442079460958.
 *
 * libphonenumber-js reads the number (its smallest metadata, as the settings schema uses);
 * Australia is the country a number without a country code is taken to be in.
 */
export function nationalPhoneDigits(value: string): string {
  const number = value.split(/[a-z#,;]/i)[0] ?? '';
  // Australia dials out with 0011; most other countries with 00, which libphonenumber-js only
  // knows as the caller's country's prefix, so it is written as the + it stands for.
  const typed = number.trim().replace(/^00(?!11)/, '+');
  const parsed = parsePhoneNumberFromString(typed, 'AU');
  if (!parsed) return number.replace(/\D/g, '');
  if (parsed.country === 'AU' || parsed.countryCallingCode === '61') return parsed.formatNational().replace(/\D/g, '');
  return `${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

/**
 * The part of a national number that every written form of it contains: 412345678 of
 * 0412345678 (the national number without its trunk 0), or a foreign number whole.
 */
export const phoneCore = (national: string): string => (national.startsWith('0') ? national.slice(1) : national);

import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

// Whether a number can take an SMS: the server's configuration (ALERT_SMS_TO) checks it at
// start, and the messages about leads before each text. A module of its own, so the
// configuration does not load the lead services to check one number.

/** A phone number as Twilio wants it, and whether it can receive an SMS. */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: string };

/**
 * The number's type, or undefined for a number that is not valid: with the full metadata
 * (`libphonenumber-js/max`) `isValid()` is exactly `getType() !== undefined`, and each of them
 * matches the number against its country's patterns, most of what reading a number costs, so
 * a lead's phone is checked once for both.
 */
export const phoneType = (parsed: PhoneNumber | undefined) => parsed?.getType();

/** Australian by default; `+` numbers of any country. Only mobiles can take an SMS. `type` as phoneType gives it. */
export function mobileNumber(phone: string, parsed = parsePhoneNumberFromString(phone, 'AU'), type = phoneType(parsed)): PhoneCheck {
  if (!parsed || type === undefined) return { ok: false, reason: `No SMS: ${phone} is not a valid phone number` };
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { ok: false, reason: `No SMS: ${phone} is not a mobile number` };
  }
  return { ok: true, e164: parsed.number };
}

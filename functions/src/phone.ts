import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Whether a number can take an SMS: the server's configuration (ALERT_SMS_TO) checks it at
// start, and the messages about leads before each text. A module of its own, so the
// configuration does not load the lead services to check one number.

/** A phone number as Twilio wants it, and whether it can receive an SMS. */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: string };

/** Australian by default; `+` numbers of any country. Only mobiles can take an SMS. */
export function mobileNumber(phone: string, parsed = parsePhoneNumberFromString(phone, 'AU')): PhoneCheck {
  if (!parsed || !parsed.isValid()) return { ok: false, reason: `No SMS: ${phone} is not a valid phone number` };
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { ok: false, reason: `No SMS: ${phone} is not a mobile number` };
  }
  return { ok: true, e164: parsed.number };
}

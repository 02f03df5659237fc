/**
 * Whose records a privacy request is about (GET /api/privacy/records, /export, POST /erase):
 * one email address or one phone number, the number read with libphonenumber-js (./phone.ts).
 * Apart from ./privacy.ts, whose notices the public pages print without the phone library.
 */
import { z } from 'zod';
import { nationalPhoneDigits } from './phone';
import { normaliseEmail, privacyMessages, type PrivacyLookup } from './privacy';

export { nationalPhoneDigits, phoneCore } from './phone';

const emailField = z
  .string({ error: privacyMessages.email })
  .trim()
  .max(254, privacyMessages.email)
  .pipe(z.email(privacyMessages.email))
  .transform(normaliseEmail);

const phoneField = z
  .string({ error: privacyMessages.phone })
  .trim()
  .max(40, privacyMessages.phone)
  // Digits and the punctuation people write numbers with, then perhaps an extension.
  .regex(/^\+?[\d\s().-]+(?:(?:(?:[,;#x]|ext\.?|extension)\s*){1,2}[=:]?\s*\d{1,6})?$/i, privacyMessages.phone)
  .transform(nationalPhoneDigits)
  .refine((digits) => digits.length >= 8 && digits.length <= 15, privacyMessages.phone);

/** Whose records: one email address or one phone number (GET /api/privacy/records and /export). */
export const privacyLookupSchema: z.ZodType<PrivacyLookup> = z
  .object({
    email: z
      .string({ error: privacyMessages.email })
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .pipe(emailField.optional()),
    phone: z
      .string({ error: privacyMessages.phone })
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .pipe(phoneField.optional()),
  })
  .superRefine((lookup, ctx) => {
    if (lookup.email === undefined && lookup.phone === undefined)
      ctx.addIssue({ code: 'custom', message: privacyMessages.emailOrPhone, path: ['email'] });
    else if (lookup.email !== undefined && lookup.phone !== undefined)
      ctx.addIssue({ code: 'custom', message: privacyMessages.onlyOne, path: ['phone'] });
  });

/**
 * The account routes' input schemas (zod), apart from ./account's messages and shapes so that
 * the admin area's sign-in state, which reads those, does not load zod.
 */
import { z } from 'zod';
import { accountMessages, passwordMinLength } from './account';

/** A six-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const codeInputSchema = z.object({
  code: z
    .string({ error: accountMessages.codeRequired })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, accountMessages.codeRequired).max(32, accountMessages.codeWrong)),
});
export type CodeInput = z.infer<typeof codeInputSchema>;

export const newPasswordSchema = z
  .string({ error: 'Enter a new password' })
  .min(passwordMinLength, accountMessages.passwordTooShort)
  .max(1000, 'Password must be at most 1000 characters');

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: accountMessages.currentPasswordRequired }).min(1, accountMessages.currentPasswordRequired).max(1000),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/**
 * Every change of a second factor or the password carries the current password in the same
 * request body (`currentPassword`): turning on the authenticator app (its confirm request),
 * turning it off, new recovery codes, adding a passkey (its options and its registration),
 * removing one, and a new password. Without it, or with a wrong one, the answer is 403.
 */
export const confirmPasswordSchema = z.object({
  currentPassword: z.string({ error: accountMessages.currentPasswordRequired }).min(1, accountMessages.currentPasswordRequired).max(1000),
});
export type ConfirmPassword = z.infer<typeof confirmPasswordSchema>;

/** `POST /api/account/totp/confirm`: the code from the app and the current password. */
export const totpConfirmSchema = codeInputSchema.extend(confirmPasswordSchema.shape);
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;

import { accountMessages } from '@site/domain';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';
import { errorText } from './error-text';

/**
 * Puts the server's `errors.{field}` under the form's fields (e.g. why a new password is too
 * weak); answers the message left for the form as a whole, or null when every one found a field.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (error instanceof ApiRequestError && error.body?.errors) {
    const errors = error.body.errors;
    let shown = false;
    for (const field of fields) {
      const message = errors[field];
      if (message) {
        setError(field, { message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    if (shown) return null;
  }
  // A wrong current password belongs under its field, with or without `errors`.
  const passwordField = fields.find((field) => field === 'currentPassword');
  if (passwordField && error instanceof ApiRequestError && error.body?.message === accountMessages.currentPasswordWrong) {
    setError(passwordField, { message: error.body.message }, { shouldFocus: true });
    return null;
  }
  return plainErrorText(error);
}

/** The server's sentence without the status code in front, for text beside a form. */
export const plainErrorText = (error: unknown) => (error instanceof ApiRequestError && error.body?.message) || errorText(error);

/**
 * A form's message that belongs to none of its fields: `show` puts the server's field errors
 * under `fields` and keeps the rest here; `clear` before sending again.
 */
export function useFormError<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    show: (error: unknown) => setMessage(showServerErrors(error, fields, setError)),
  };
}

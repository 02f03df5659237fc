import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type CurrentPasswordFieldProps = UseFormRegisterReturn &
  Pick<TextFieldProps, 'autoFocus' | 'sx'> & {
    error?: FieldError;
    /** Under the field while it has no error. */
    hint?: string;
  };

/** Under the current password where a factor is added with it. */
export const confirmHint = 'Your password, to confirm it is you';

/** The current password, asked again before every change of a factor, of the password, or of a sensitive setting. */
export function CurrentPasswordField({ error, hint, ...field }: CurrentPasswordFieldProps) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
      fullWidth
      error={Boolean(error)}
      helperText={error?.message ?? hint}
      {...field}
    />
  );
}

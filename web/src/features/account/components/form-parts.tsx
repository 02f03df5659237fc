import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type CurrentPasswordFieldProps = UseFormRegisterReturn &
  Pick<TextFieldProps, 'autoFocus' | 'sx'> & {
    error?: FieldError;
    /** Under the field while it has no error. */
    hint?: string;
  };

/** Under the current password where a factor is added with it. */
export const confirmHint = 'Your password, to confirm it is you';

/** The current password, asked again before every change of a factor or of the password. */
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

/** A section form's end: the server's message that belongs to no field, and the submit button. */
export function FormSubmit({
  error,
  pending,
  pendingText,
  children,
}: {
  error: string | null;
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
        {pending ? pendingText : children}
      </Button>
    </>
  );
}

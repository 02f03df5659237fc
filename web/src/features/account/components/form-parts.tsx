import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

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

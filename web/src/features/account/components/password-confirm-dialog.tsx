import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { confirmPasswordSchema, type ConfirmPassword } from '@site/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showServerErrors } from '../lib/field-errors';

interface PasswordConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Rejects with the server's error, shown in the dialog; the dialog closes on success. */
  onConfirm: (input: ConfirmPassword) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for the current password again before a change that weakens or replaces a factor. */
export function PasswordConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose }: PasswordConfirmDialogProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmPassword>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { currentPassword: '' } });

  const close = () => {
    reset();
    setFormError(null);
    onClose();
  };

  const onSubmit = async (input: ConfirmPassword) => {
    setFormError(null);
    try {
      await onConfirm(input);
      close();
    } catch (error) {
      setFormError(showServerErrors(error, ['currentPassword'], setError));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {text}
          </DialogContentText>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            fullWidth
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

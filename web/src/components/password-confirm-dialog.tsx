import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { confirmPasswordSchema, type ConfirmPassword } from '@site/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFormError } from '../lib/form-errors';
import { CurrentPasswordField } from './current-password-field';

interface PasswordConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Rejects with the server's error, shown in the dialog; the dialog closes on success. */
  onConfirm: (input: ConfirmPassword) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for the current password again before a change that weakens or replaces a factor, or redirects money or alerts. */
export function PasswordConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose }: PasswordConfirmDialogProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmPassword>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { currentPassword: '' } });
  const formError = useFormError(setError, ['currentPassword']);

  const close = () => {
    reset();
    formError.clear();
    onClose();
  };

  const onSubmit = async (input: ConfirmPassword) => {
    formError.clear();
    try {
      await onConfirm(input);
      close();
    } catch (error) {
      formError.show(error);
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
          {formError.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError.message}
            </Alert>
          )}
          <CurrentPasswordField {...register('currentPassword')} error={errors.currentPassword} autoFocus />
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

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface ConfirmRequest {
  /** Names what goes, e.g. "Delete inquiry from Ava Nguyen?" */
  title: string;
  /** The question itself, e.g. "Are you sure you want to delete this inquiry?" */
  question: string;
  /** The button that goes ahead; "Delete" unless said. */
  confirmLabel?: string;
  /** The button that keeps things as they are; "Cancel" unless said (a visit's cancellation says "Keep the visit"). */
  keepLabel?: string;
  onConfirm: () => void;
  /** Runs when the dialog is closed without confirming (the keep button, Escape or the backdrop). */
  onKeep?: () => void;
}

interface ConfirmDialogProps {
  open: boolean;
  /** Kept while the dialog fades out, so its words do not vanish first. */
  request: ConfirmRequest | null;
  onClose: () => void;
}

/**
 * Asks before something that cannot be undone: an alert dialog with the question, Cancel
 * (focused, so Enter or a stray tap keeps things as they are) and the action in red. Escape,
 * the backdrop and Cancel all keep things as they are; focus goes back to the button that
 * opened it.
 */
export function ConfirmDialog({ open, request, onClose }: ConfirmDialogProps) {
  const id = useId();
  const keep = () => {
    onClose();
    request?.onKeep?.();
  };
  return (
    <Dialog
      open={open}
      onClose={keep}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{request?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-question`}>{request?.question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={keep} autoFocus>
          {request?.keepLabel ?? 'Cancel'}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => {
            onClose();
            request?.onConfirm();
          }}
        >
          {request?.confirmLabel ?? 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { paths } from '@site/domain';
import { bookingEnabled } from '../lib/booking-enabled';
import { useSiteSettings } from '../lib/site-settings';

interface SuccessDialogProps {
  open: boolean;
  firstName: string;
  onClose: () => void;
  /** Called once the closing animation ends: the place to forget the first name. */
  onExited: () => void;
}

/** The thank-you dialog after an inquiry or a quote request. */
export default function SuccessDialog({ open, firstName, onClose, onExited }: SuccessDialogProps) {
  const canBook = bookingEnabled(useSiteSettings());
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="success-title"
      aria-describedby="success-message"
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <CheckCircleIcon aria-hidden="true" sx={{ fontSize: 56, color: '#2e7d32', mx: 'auto', mt: 3 }} />
      <DialogTitle id="success-title" sx={{ textAlign: 'center', fontWeight: 700, fontSize: '1.6rem' }}>
        Thank You, {firstName}!
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography id="success-message" sx={{ mb: 1.5 }}>
          We've received your project inquiry. Our team will be in touch very shortly to discuss your renovation project.
        </Typography>
        <Typography color="text.secondary">You'll receive a confirmation email and SMS shortly.</Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, pb: 3 }}>
        {canBook ? (
          <Button variant="outlined" href={paths.book} size="large">
            Book a free measure
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose} size="large" sx={{ minWidth: 140 }}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { bookingMessages, bookingServiceLabels, mapsHref, telHref, visitAddress, type Booking } from '@site/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Detail } from '#web/components/admin/record-card.tsx';
import { DialogHeading } from '#web/components/dialog-heading.tsx';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatDateTime, formatVisitTime, melbourneDay } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useChangeBooking } from '../api/change-booking';
import { melbourneClock, melbourneInstant } from '../lib/melbourne-time';
import { timeRange } from './placement-text';

/** Where the booking's lead is in the pipeline: the quote requests, searched by the customer's email. */
const leadHref = (booking: Booking) => `${paths.admin}?${new URLSearchParams({ tab: 'quotes', q: booking.email }).toString()}`;

/** Why a change was refused: the server's own sentence (a 409's "That time was just taken..."), or the status and text. */
const refusal = (error: unknown) =>
  error instanceof ApiRequestError && error.body ? (error.body.errors?.start ?? error.body.message ?? errorText(error)) : errorText(error);

function MoveForm({ booking, onDone, onBack }: { booking: Booking; onDone: () => void; onBack: () => void }) {
  const change = useChangeBooking();
  const toast = useToast();
  const [date, setDate] = useState(melbourneDay(booking.start));
  const [time, setTime] = useState(melbourneClock(booking.start));
  const [problem, setProblem] = useState<string | null>(null);
  const name = `${booking.firstName} ${booking.lastName}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = melbourneInstant(date, time);
    if (!start) {
      setProblem(bookingMessages.start);
      return;
    }
    setProblem(null);
    change.mutate(
      { id: booking.id, change: { start } },
      {
        onSuccess: (moved) => {
          toast({
            title: 'Visit moved',
            message: `${name}'s visit is now ${formatVisitTime(moved.start)}. They are sent a new invite.`,
            variant: 'default',
          });
          onDone();
        },
        onError: (error) => setProblem(refusal(error)),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Move the visit with ${name}`}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label="New date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
              required
            />
            <TextField
              type="time"
              label="New time (Melbourne)"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
              sx={{ flex: 1 }}
              required
            />
          </Stack>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {change.isPending ? 'Moving...' : 'Move the visit'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * A visit's details: when, where, the customer's contacts and notes, a link to its lead, and
 * what staff can do with it: move it (the customer is sent a new invite) or cancel it.
 */
export function BookingDialog({ open, booking, onClose }: { open: boolean; booking: Booking | null; onClose: () => void }) {
  const titleId = useId();
  const [moving, setMoving] = useState(false);
  const change = useChangeBooking();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const current = booking;
  if (!current) return dialog;

  const name = `${current.firstName} ${current.lastName}`;
  const cancel = () =>
    confirm({
      title: `Cancel the visit with ${name}?`,
      question: `${formatVisitTime(current.start)} can then be booked by other customers. This cannot be undone.`,
      confirmLabel: 'Cancel the visit',
      keepLabel: 'Keep the visit',
      onConfirm: () =>
        change.mutate(
          { id: current.id, change: { status: 'cancelled' } },
          {
            onSuccess: () => {
              toast({ title: 'Visit cancelled', message: `The visit with ${name} is cancelled.`, variant: 'default' });
              onClose();
            },
            onError: (error) => toast({ title: 'Not cancelled', message: refusal(error), variant: 'error' }),
          },
        ),
    });

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        maxWidth="sm"
        fullWidth
        aria-labelledby={titleId}
        slotProps={{ transition: { onExited: () => setMoving(false) } }}
      >
        <DialogHeading titleId={titleId} title={`${bookingServiceLabels[current.service]} measure: ${name}`} onClose={onClose} />
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={1}>
            <Detail icon={<EventOutlined fontSize="small" />} label="When">
              {formatVisitTime(current.start)} ({timeRange(current)}, Melbourne time)
            </Detail>
            <Detail icon={<PlaceOutlined fontSize="small" />} label="Address">
              <Link href={mapsHref(visitAddress(current))} target="_blank" rel="noopener noreferrer">
                {visitAddress(current)}
              </Link>
            </Detail>
            <Detail icon={<PhoneOutlined fontSize="small" />} label="Mobile">
              <Link href={`tel:${telHref(current.mobile)}`}>{current.mobile}</Link>
            </Detail>
            <Detail icon={<EmailOutlined fontSize="small" />} label="Email">
              <Link href={`mailto:${current.email}`}>{current.email}</Link>
            </Detail>
            <Detail icon={<NotesOutlined fontSize="small" />} label="Notes">
              {current.notes || 'None'}
            </Detail>
          </Stack>
          <Box sx={{ mt: 2, typography: 'body2', color: 'text.secondary' }}>
            Booked {formatDateTime(current.createdAt)}.{' '}
            <Link component={RouterLink} to={leadHref(current)} onClick={onClose}>
              Open its lead in Quote requests
            </Link>{' '}
            for its source and attachments.
          </Box>
        </DialogContent>
        {moving ? (
          <MoveForm booking={current} onDone={onClose} onBack={() => setMoving(false)} />
        ) : (
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button color="error" onClick={cancel} disabled={change.isPending}>
              Cancel the visit
            </Button>
            <Button variant="contained" onClick={() => setMoving(true)}>
              Move
            </Button>
          </DialogActions>
        )}
      </Dialog>
      {dialog}
    </>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useBookingFeed, useRenewBookingFeed } from '../api/booking-feed';

/** The feed's address as a calendar app subscribes to it: `webcal://` opens the phone's or computer's calendar, which asks to subscribe. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * The private calendar feed: "Subscribe" opens the owner's calendar app on its `webcal://`
 * address; Google Calendar wants the https address pasted in "From URL", which the other
 * button copies. A new address for when the old one got out (the old one then stops working).
 */
export function FeedPanel() {
  const headingId = useId();
  const feed = useBookingFeed();
  const renew = useRenewBookingFeed();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();

  // The clipboard is there only on a secure page (https, or localhost).
  const copy = (url: string) =>
    (navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('No clipboard'))).then(
      () =>
        toast({
          title: 'Address copied',
          message: 'In Google Calendar, choose Other calendars, From URL, and paste it.',
          variant: 'default',
        }),
      () => toast({ title: 'Not copied', message: `Copy this address yourself: ${url}`, variant: 'error' }),
    );

  const makeNew = () =>
    confirm({
      title: 'Make a new calendar address?',
      question:
        'The current address stops working at once: calendars subscribed to it stop showing your visits until you subscribe them to the new one.',
      confirmLabel: 'Make a new address',
      onConfirm: () =>
        renew.mutate(undefined, {
          onSuccess: () =>
            toast({ title: 'New address made', message: 'Subscribe your calendars to the new address.', variant: 'default' }),
          onError: (error) => toast({ title: 'No new address', message: errorText(error), variant: 'error' }),
        }),
    });

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h3" variant="h6">
        Calendar feed
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5, mb: 2 }}>
        Every visit on your own calendar. Anyone with its address can see your visits, so keep it to yourself.
      </Typography>
      {feed.isPending ? <CircularProgress aria-label="Loading the calendar feed" /> : null}
      {feed.isError ? <Alert severity="error">{errorText(feed.error)}</Alert> : null}
      {feed.data ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" href={webcalUrl(feed.data.url)}>
            Subscribe
          </Button>
          <Button variant="outlined" onClick={() => void copy(feed.data.url)}>
            Copy for Google Calendar
          </Button>
          <Button color="error" onClick={makeNew} disabled={renew.isPending}>
            {renew.isPending ? 'Making a new address...' : 'Make a new address'}
          </Button>
        </Stack>
      ) : null}
      {dialog}
    </Paper>
  );
}

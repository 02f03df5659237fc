import EventOutlined from '@mui/icons-material/EventOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatVisitTime, melbourneDay } from '../../../lib/dates';
import { useBooking } from '../api/booking';

/**
 * The site measure a lead was booked with, on its card: when it is (or that it was cancelled),
 * and a link to that day in the Calendar tab.
 */
export function LeadMeasure({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  if (booking.isError) return <Typography color="text.secondary">Site measure: could not be read. Please reload the page.</Typography>;
  if (!booking.data) return null;
  const { start, status } = booking.data;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
      <EventOutlined fontSize="small" aria-hidden />
      <Typography>
        Site measure: {formatVisitTime(start)}
        {status === 'cancelled' ? ' (cancelled)' : ''}{' '}
        <Link component={RouterLink} to={`/admin?tab=calendar&day=${melbourneDay(start)}`}>
          Open the day in the calendar
        </Link>
      </Typography>
    </Stack>
  );
}

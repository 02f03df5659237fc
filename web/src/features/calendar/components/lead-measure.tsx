import EventOutlined from '@mui/icons-material/EventOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mapsHref, telHref, visitAddress } from '@site/domain';
import { Link as RouterLink } from 'react-router';
import { Detail } from '#web/components/admin/record-card.tsx';
import { formatVisitTime, melbourneDay } from '#web/lib/dates.ts';
import { useBooking } from '../api/booking';

/**
 * The site measure a lead was booked with, on its card: when it is (or that it was cancelled),
 * a link to that day in the Calendar tab, and what the visit needs on the way: the customer's
 * mobile (a tap to call), the address (a tap opens the map) and the notes they left.
 */
export function LeadMeasure({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  if (booking.isError) return <Typography color="text.secondary">Site measure: could not be read. Please reload the page.</Typography>;
  if (!booking.data) return null;
  const visit = booking.data;
  const address = visitAddress(visit);
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Detail icon={<EventOutlined fontSize="small" />} label="Site measure">
        {formatVisitTime(visit.start)}
        {visit.status === 'cancelled' ? ' (cancelled)' : ''}{' '}
        <Link component={RouterLink} to={`/admin?tab=calendar&day=${melbourneDay(visit.start)}`}>
          Open the day in the calendar
        </Link>
      </Detail>
      <Detail icon={<PhoneOutlined fontSize="small" />} label="Mobile">
        <Link href={`tel:${telHref(visit.mobile)}`}>{visit.mobile}</Link>
      </Detail>
      <Detail icon={<PlaceOutlined fontSize="small" />} label="Address">
        <Link href={mapsHref(address)} target="_blank" rel="noopener noreferrer">
          {address}
        </Link>
      </Detail>
      <Detail icon={<NotesOutlined fontSize="small" />} label="Notes">
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {visit.notes || 'None'}
        </Box>
      </Detail>
    </Stack>
  );
}

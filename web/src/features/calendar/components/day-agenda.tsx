import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { bookingServiceLabels, mapsHref, telHref, visitAddress } from '@site/domain';
import type { Placement } from '../lib/placements';
import { timeRange } from './placement-text';

const openSx = {
  display: 'block',
  width: '100%',
  textAlign: 'left',
  borderRadius: 1,
  '&.Mui-focusVisible': { outline: 3, outlineColor: 'warning.main', outlineOffset: 2 },
} as const;

function AgendaItem({ item, onOpen }: { item: Placement; onOpen: (item: Placement) => void }) {
  if (item.kind === 'block') {
    return (
      <Paper component="li" variant="outlined" sx={{ p: 1.5, bgcolor: 'grey.100' }}>
        <ButtonBase onClick={() => onOpen(item)} sx={openSx}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
            {timeRange(item)}
          </Typography>
          <Typography component="span" sx={{ display: 'block' }}>
            Blocked: {item.block.label}
          </Typography>
        </ButtonBase>
      </Paper>
    );
  }
  const { booking } = item;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <ButtonBase onClick={() => onOpen(item)} sx={openSx}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
          {timeRange(item)}
        </Typography>
        <Typography component="span" sx={{ display: 'block' }}>
          {bookingServiceLabels[booking.service]}: {booking.firstName} {booking.lastName}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
          {booking.suburb}
        </Typography>
      </ButtonBase>
      {/* Links of their own, beside the button: a call and the way there are one tap from the day's list. */}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        <Link href={`tel:${telHref(booking.mobile)}`} sx={{ display: 'inline-block', py: 0.5 }}>
          {booking.mobile}
        </Link>
        <Link
          href={mapsHref(visitAddress(booking))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Map of ${visitAddress(booking)}`}
          sx={{ display: 'inline-block', py: 0.5 }}
        >
          Map
        </Link>
      </Stack>
    </Paper>
  );
}

/** The phone's calendar: one day's visits and blocked times in time order, each opening its details, the customer's mobile a tap away. */
export function DayAgenda({ items, onOpen }: { items: Placement[]; onOpen: (item: Placement) => void }) {
  if (items.length === 0) return <Typography color="text.secondary">Nothing booked on this day.</Typography>;
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <AgendaItem key={`${item.kind}-${item.id}`} item={item} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

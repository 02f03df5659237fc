import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { visuallyHidden } from '#web/components/visually-hidden.ts';
import { formatDay } from '#web/lib/dates.ts';
import type { Placement } from '../lib/placements';
import { placementTitle, timeRange } from './placement-text';

/** The height of one hour in the grid. */
const hourPx = 60;
/** The day headings' height and the gap under them: the hours beside the grid start this far down. */
const headingHeight = '2rem';
const headingGap = '4px';

const hourLabel = (minutes: number) => {
  const hours = Math.floor(minutes / 60) % 24;
  return `${hours % 12 || 12} ${hours < 12 ? 'am' : 'pm'}`;
};

interface WeekViewProps {
  days: readonly string[];
  placements: ReadonlyMap<string, Placement[]>;
  /** The minutes after midnight the grid starts and ends at. */
  hours: { from: number; to: number };
  today: string;
  onOpen: (item: Placement) => void;
}

function Item({ item, hours, onOpen }: { item: Placement; hours: WeekViewProps['hours']; onOpen: WeekViewProps['onOpen'] }) {
  const from = Math.max(item.from, hours.from);
  const to = Math.min(item.to, hours.to);
  const block = item.kind === 'block';
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ButtonBase
        onClick={() => onOpen(item)}
        sx={{
          position: 'absolute',
          top: ((from - hours.from) / 60) * hourPx,
          height: Math.max(((to - from) / 60) * hourPx - 2, 20),
          left: `calc(${(item.lane / item.lanes) * 100}% + 2px)`,
          width: `calc(${100 / item.lanes}% - 4px)`,
          display: 'block',
          overflow: 'hidden',
          textAlign: 'left',
          px: 0.75,
          py: 0.25,
          borderRadius: 1,
          typography: 'caption',
          lineHeight: 1.3,
          color: block ? 'text.primary' : 'primary.contrastText',
          bgcolor: block ? 'grey.200' : 'primary.main',
          border: 1,
          borderColor: block ? 'grey.500' : 'primary.dark',
          backgroundImage: block ? 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0, 0, 0, 0.06) 6px 12px)' : undefined,
          '&.Mui-focusVisible': { outline: 3, outlineColor: 'warning.main', outlineOffset: 1 },
        }}
      >
        <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
          {timeRange(item)}
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          {block ? `Blocked: ${placementTitle(item)}` : placementTitle(item)}
        </Box>
      </ButtonBase>
    </Box>
  );
}

function DayColumn({ day, items, hours, today, onOpen }: { day: string; items: Placement[] } & Omit<WeekViewProps, 'days' | 'placements'>) {
  const headingId = useId();
  const isToday = day === today;
  const shown = items.filter((item) => item.to > hours.from && item.from < hours.to);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography
        id={headingId}
        component="h4"
        variant="subtitle2"
        aria-current={isToday ? 'date' : undefined}
        sx={{
          textAlign: 'center',
          height: headingHeight,
          lineHeight: headingHeight,
          mb: headingGap,
          borderRadius: 1,
          fontWeight: 700,
          bgcolor: isToday ? 'primary.main' : undefined,
          color: isToday ? 'primary.contrastText' : undefined,
        }}
      >
        {formatDay(day, 'weekday')}
        {isToday ? (
          <Box component="span" sx={visuallyHidden}>
            , today
          </Box>
        ) : null}
      </Typography>
      <Box
        component="ul"
        sx={{
          position: 'relative',
          m: 0,
          p: 0,
          height: ((hours.to - hours.from) / 60) * hourPx,
          borderLeft: 1,
          borderColor: 'divider',
          backgroundImage: (theme) => `repeating-linear-gradient(to bottom, ${theme.palette.divider} 0 1px, transparent 1px ${hourPx}px)`,
        }}
      >
        {shown.map((item) => (
          <Item key={`${item.kind}-${item.id}`} item={item} hours={hours} onOpen={onOpen} />
        ))}
      </Box>
      {shown.length === 0 ? (
        <Box component="span" sx={visuallyHidden}>
          Nothing booked
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The desktop calendar: Monday to Sunday side by side, the hours down the side in Melbourne
 * time, each visit and blocked time at its place and as long as it lasts. Each is a button that
 * opens it; in the page's order they read day by day, in time order.
 */
export function WeekView({ days, placements, hours, today, onOpen }: WeekViewProps) {
  const marks: number[] = [];
  for (let minutes = hours.from; minutes < hours.to; minutes += 60) marks.push(minutes);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '3.5rem repeat(7, minmax(0, 1fr))', columnGap: 0 }}>
      <Box aria-hidden sx={{ position: 'relative', mt: `calc(${headingHeight} + ${headingGap})` }}>
        {marks.map((minutes, index) => (
          <Typography
            key={minutes}
            variant="caption"
            color="text.secondary"
            sx={{ position: 'absolute', top: index * hourPx, right: 8, transform: 'translateY(-50%)', whiteSpace: 'nowrap' }}
          >
            {hourLabel(minutes)}
          </Typography>
        ))}
      </Box>
      {days.map((day) => (
        <DayColumn key={day} day={day} items={placements.get(day) ?? []} hours={hours} today={today} onOpen={onOpen} />
      ))}
    </Box>
  );
}

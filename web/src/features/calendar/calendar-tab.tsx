import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { defaultBookingSettings, type NextVisit } from '@site/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { settingsQuery } from '#web/lib/admin/settings-query.ts';
import { formatDay, melbourneDay } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { PartBoundary } from '#web/components/admin/part-boundary.tsx';
import { bookingCalendarQuery, useBookingCalendar } from './api/booking-calendar';
import { bookingFeedQuery } from './api/booking-feed';
import { nextVisitQuery, useNextVisit } from './api/next-visit';
import { BookingDialog } from './components/booking-dialog';
import { DayAgenda } from './components/day-agenda';
import { FeedPanel } from './components/feed-panel';
import { WeekView } from './components/week-view';
import { calendarDayOf, useCalendarDay } from './hooks/use-calendar-day';
import { addDays, dayStart, mondayOf, visibleHours, weekDays } from './lib/melbourne-time';
import { placementsOn, type Placement } from './lib/placements';

// The blocked-time dialogs (a form checked against the API's schema) load when first opened, and
// start loading when a pointer or the focus reaches "Block time": the week itself validates nothing.
const loadBlockDialogs = () => import('./components/block-dialogs');
const BlockDialog = lazy(() => loadBlockDialogs().then((module) => ({ default: module.BlockDialog })));
const BlockDetailsDialog = lazy(() => loadBlockDialogs().then((module) => ({ default: module.BlockDetailsDialog })));

/** Phones: below MUI's `sm` (600 px), the day's agenda in place of the week. */
const narrowQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** "30 November to 6 December 2026": the week's days in its heading. */
function weekTitle(days: readonly string[]) {
  const [first, last] = [days[0], days[days.length - 1]];
  return `${formatDay(first, 'long')} to ${formatDay(last, 'long')} ${last.slice(0, 4)}`;
}

/** The day the first visit from today falls on, if one is booked. */
const nextVisitDay = (next: NextVisit | undefined) => (next?.booking ? melbourneDay(next.booking.start) : null);

/** The week's bounds the calendar reads for `day`: from its Monday's midnight to the next Monday's. */
const weekBounds = (day: string) => {
  const monday = mondayOf(day);
  return [dayStart(monday), dayStart(addDays(monday, 7))] as const;
};

/**
 * What the Calendar tab first shows at an address (`?day=`, else the next visit's day): the
 * next visit, that week's visits and blocked times, the booking hours and the feed's address.
 * The server reads them before rendering the tab (admin-server.tsx), the browser beside its
 * first render.
 */
export async function calendarFirstScreen(queryClient: QueryClient, { search }: { search: string }) {
  const asked = calendarDayOf(new URLSearchParams(search));
  const today = melbourneDay(new Date());
  const week = (day: string) => queryClient.prefetchQuery(bookingCalendarQuery(...weekBounds(day)));
  const next = nextVisitQuery(dayStart(today));
  await Promise.all([
    queryClient.prefetchQuery(settingsQuery),
    queryClient.prefetchQuery(bookingFeedQuery),
    // A day asked for is read beside the next visit; otherwise the next visit says which week.
    asked
      ? Promise.all([queryClient.prefetchQuery(next), week(asked)])
      : queryClient.prefetchQuery(next).then(() => week(nextVisitDay(queryClient.getQueryData(next.queryKey)) ?? today)),
  ]);
}

/**
 * The Calendar tab: the booked site measures and blocked times, as a week on a desktop and as
 * the day's agenda on a phone, all in Melbourne time whatever the browser's zone. New bookings
 * arrive live (the dashboard's live updates refresh the week shown). A visit opens its details,
 * where it can be moved or cancelled; "Block time" keeps time free of visits; the feed puts
 * every visit on the owner's own calendar.
 */
export default function CalendarTab() {
  // Read at the first render (noSsr): a phone draws its own layout of the week at once, not the wide one first.
  const narrow = useMediaQuery(narrowQuery, { noSsr: true });
  const [asked, setDay] = useCalendarDay();
  const today = melbourneDay(new Date());
  // Opened without a day: today when it has a visit, else the next day that has one (on a
  // weekend, Monday's visits rather than the empty week just gone); today when none is booked.
  const next = useNextVisit(dayStart(today));
  const nextDay = nextVisitDay(next.data);
  const day = asked ?? nextDay ?? today;
  const monday = mondayOf(day);
  const days = useMemo(() => weekDays(monday), [monday]);
  const calendar = useBookingCalendar(...weekBounds(day));
  const settings = useQuery(settingsQuery);
  const booking = settings.data?.settings.booking ?? defaultBookingSettings;

  const placements = useMemo(() => new Map(days.map((each) => [each, placementsOn(each, calendar.data)])), [days, calendar.data]);
  const hours = useMemo(
    () =>
      visibleHours(
        booking.weekly,
        days.flatMap((each) => (placements.get(each) ?? []).map((item) => ({ from: item.from, to: item.to }))),
      ),
    [booking.weekly, days, placements],
  );

  const [opened, setOpened] = useState<{ open: boolean; item: Placement | null }>({ open: false, item: null });
  const [blocking, setBlocking] = useState(false);
  // Mounted from the first time it opens, so that it closes with its transition.
  const [blockingAsked, setBlockingAsked] = useState(false);
  // The details follow the live calendar: a visit someone else moved shows its new time.
  const openedVisit =
    opened.item?.kind === 'visit' ? (calendar.data?.bookings.find((each) => each.id === opened.item?.id) ?? opened.item.booking) : null;
  const openedBlock = opened.item?.kind === 'block' ? opened.item.block : null;
  const close = () => setOpened((current) => ({ ...current, open: false }));
  const open = (item: Placement) => setOpened({ open: true, item });

  const step = narrow ? 1 : 7;
  const title = narrow ? formatDay(day, 'full') : weekTitle(days);

  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <IconButton aria-label={narrow ? 'Previous day' : 'Previous week'} onClick={() => setDay(addDays(day, -step))}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={narrow ? 'Next day' : 'Next week'} onClick={() => setDay(addDays(day, step))}>
            <ChevronRight />
          </IconButton>
          <Button variant="outlined" size="small" onClick={() => setDay(today)} disabled={narrow ? day === today : days.includes(today)}>
            Today
          </Button>
          <Button
            variant="outlined"
            size="small"
            onClick={() => nextDay && setDay(nextDay)}
            disabled={!nextDay || (narrow ? day === nextDay : days.includes(nextDay))}
          >
            Next visit
          </Button>
          <Typography component="h3" variant="h6" aria-live="polite" sx={{ flexGrow: 1, minWidth: '12rem' }}>
            {title}
          </Typography>
          <Button
            variant="contained"
            onPointerEnter={() => void loadBlockDialogs()}
            onFocus={() => void loadBlockDialogs()}
            onClick={() => {
              setBlockingAsked(true);
              setBlocking(true);
            }}
          >
            Block time
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Times are Melbourne time.
          {booking.enabled ? '' : ' Online booking is off: customers cannot book visits until it is turned on in Settings.'}
        </Typography>
        {calendar.isError ? <Alert severity="error">{errorText(calendar.error)}</Alert> : null}
        {calendar.isPending || (asked === null && next.isPending) ? (
          <CircularProgress aria-label="Loading the calendar" />
        ) : narrow ? (
          <DayAgenda items={placements.get(day) ?? []} onOpen={open} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Box sx={{ minWidth: 720 }}>
              <WeekView days={days} placements={placements} hours={hours} today={today} onOpen={open} />
            </Box>
          </Box>
        )}
      </Stack>
      <FeedPanel />
      <BookingDialog open={opened.open && openedVisit !== null} booking={openedVisit} onClose={close} />
      <PartBoundary part="The blocked time's form">
        <Suspense fallback={null}>
          {openedBlock !== null ? <BlockDetailsDialog open={opened.open} block={openedBlock} onClose={close} /> : null}
          {blockingAsked ? <BlockDialog open={blocking} day={day} onClose={() => setBlocking(false)} /> : null}
        </Suspense>
      </PartBoundary>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '#web/lib/dates.ts';
import { chartDays, visitsByDayQuery, type DayCount } from '../api/visitors';

const width = 720;
const height = 220;
const pad = { top: 16, right: 12, bottom: 28, left: 36 };

/** A round upper bound for the y axis: 1, 2, 5, 10, 20, 50... */
function niceMax(value: number): number {
  if (value <= 4) return Math.max(1, value);
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function Bars({ days }: { days: DayCount[] }) {
  const theme = useTheme();
  const max = niceMax(Math.max(...days.map((entry) => entry.count)));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const slot = plotWidth / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => pad.top + plotHeight - (value / max) * plotHeight;
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, index) => index) : [0, max / 2, max];
  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const uniqueTotal = days.reduce((sum, entry) => sum + entry.unique, 0);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const summary =
    first && last
      ? `Visits per day from ${formatDay(first, 'long')} to ${formatDay(last, 'long')}: ${total} in total, at most ${Math.max(...days.map((entry) => entry.count))} on one day; ${uniqueTotal} unique visitors counted day by day.`
      : 'No data';

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={summary}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
          <text x={pad.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill={theme.palette.text.secondary}>
            {tick}
          </text>
        </g>
      ))}
      {days.map((entry, index) => {
        const x = pad.left + index * slot + (slot - barWidth) / 2;
        const label = `${formatDay(entry.day, 'weekday')}: ${entry.count} ${entry.count === 1 ? 'visit' : 'visits'}, ${entry.unique} unique ${entry.unique === 1 ? 'visitor' : 'visitors'}`;
        const uniqueWidth = Math.max(1, barWidth * 0.45);
        return (
          <g key={entry.day} data-day={entry.day} data-count={entry.count} data-unique={entry.unique}>
            <title>{label}</title>
            {/* A full-height transparent target so thin bars still show their tooltip. */}
            <rect x={pad.left + index * slot} y={pad.top} width={slot} height={plotHeight} fill="transparent" />
            <rect
              x={x}
              y={y(entry.count)}
              width={barWidth}
              height={pad.top + plotHeight - y(entry.count)}
              rx={2}
              fill={theme.palette.primary.main}
            />
            {/* Unique visitors: a narrower, darker bar inside the day's visits (never more than them). */}
            <rect
              x={x + (barWidth - uniqueWidth) / 2}
              y={y(entry.unique)}
              width={uniqueWidth}
              height={pad.top + plotHeight - y(entry.unique)}
              rx={1}
              fill={theme.palette.secondary.dark}
            />
            {index % 7 === (days.length - 1) % 7 && (
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                {formatDay(entry.day, 'short')}
              </text>
            )}
          </g>
        );
      })}
    </Box>
  );
}

function Legend() {
  const theme = useTheme();
  const swatch = (color: string) => (
    <Box component="span" sx={{ display: 'inline-block', width: 12, height: 12, mr: 0.75, bgcolor: color, borderRadius: 0.5 }} />
  );
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 1 }} aria-hidden>
      <Typography variant="body2" color="text.secondary">
        {swatch(theme.palette.primary.main)}Visits
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {swatch(theme.palette.secondary.dark)}Unique visitors
      </Typography>
    </Box>
  );
}

/** Visits and unique visitors per day over the last 30 days, drawn as SVG bars. */
export function VisitsChart() {
  const chart = useQuery(visitsByDayQuery);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          Visits per day, last {chartDays} days
        </Typography>
        {chart.data ? (
          <>
            <Bars days={chart.data.days} />
            <Legend />
          </>
        ) : chart.error ? (
          <Typography color="error">The chart could not be loaded.</Typography>
        ) : (
          <Skeleton variant="rectangular" height={180} aria-label="Loading the chart" />
        )}
      </CardContent>
    </Card>
  );
}

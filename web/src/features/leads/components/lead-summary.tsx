import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { leadStatusLabels, type LeadStatus } from '@site/domain';
import { formatDateTime, formatTimeAgo } from '#web/lib/dates.ts';
import { useNow } from '../hooks/use-now';
import { statusColor } from './lead-status';

interface LeadSummaryProps {
  /** What the lead is about: the rooms of an inquiry, the room of a quote request. */
  service: string;
  status: LeadStatus;
  createdAt: string;
}

/**
 * A folded lead card's line on a phone (RecordCard's `summary`): what it is about, its status
 * and how long ago it came ("Kitchen, Bathroom · New · 3 hours ago"). Spans only: it sits in
 * the card's button.
 */
export function LeadSummary({ service, status, createdAt }: LeadSummaryProps) {
  const now = useNow(60_000);
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        flexWrap: 'wrap',
        mt: 0.5,
        typography: 'body2',
        color: 'text.secondary',
      }}
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {service}
      </Box>
      <Chip component="span" size="small" label={leadStatusLabels[status]} color={statusColor[status]} />
      <time dateTime={createdAt} title={formatDateTime(createdAt)}>
        {formatTimeAgo(createdAt, now)}
      </time>
    </Box>
  );
}

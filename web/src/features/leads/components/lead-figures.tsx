import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeadStats } from '@site/domain';
import { Link as RouterLink } from 'react-router';
import { useLeadStats } from '../api/lead-stats';
import { overdueLeadsHref } from '../hooks/use-lead-filter';
import { formatDuration } from '../lib/durations';

const linkSx = { color: 'inherit', textDecorationColor: 'currentColor' } as const;

/**
 * "3 overdue", a link to the list whose overdue leads they are, filtered to them; when both
 * lists have some, a link to each ("3 overdue: 2 inquiries, 1 quote request").
 */
function OverdueFigure({ overdue, byList }: { overdue: number; byList: LeadStats['overdueByList'] }) {
  const figure = (
    <>
      <strong>{overdue}</strong> overdue
    </>
  );
  const lists = (['inquiries', 'quotes'] as const).filter((list) => byList[list] > 0);
  if (lists.length === 0) return <Typography variant="body2">{figure}</Typography>;
  if (lists.length === 1) {
    return (
      <Typography variant="body2">
        <Link component={RouterLink} to={overdueLeadsHref(lists[0])} sx={linkSx}>
          {figure}
        </Link>
      </Typography>
    );
  }
  const { inquiries, quotes } = byList;
  return (
    <Typography variant="body2">
      {figure}:{' '}
      <Link component={RouterLink} to={overdueLeadsHref('inquiries')} sx={linkSx}>
        {inquiries} {inquiries === 1 ? 'inquiry' : 'inquiries'}
      </Link>
      ,{' '}
      <Link component={RouterLink} to={overdueLeadsHref('quotes')} sx={linkSx}>
        {quotes} {quotes === 1 ? 'quote request' : 'quote requests'}
      </Link>
    </Typography>
  );
}

/**
 * The dashboard header's figures: new leads waiting across both lists (and how many of them are
 * overdue), and how soon leads were first contacted lately.
 */
export function LeadFigures() {
  const stats = useLeadStats();
  if (!stats.data) return null;
  const { waiting, overdue, medianFirstContactMs, firstContacts } = stats.data;
  return (
    // From 900 px the figures stand in a row, each on one line, the last wrapping under the others
    // when the buttons beside them leave too little room.
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      useFlexGap
      sx={{ mt: 1, flexWrap: 'wrap', columnGap: 3, '& > *': { whiteSpace: { md: 'nowrap' } } }}
    >
      <Typography variant="body2">
        New leads waiting: <strong>{waiting}</strong>
      </Typography>
      <OverdueFigure overdue={overdue} byList={stats.data.overdueByList} />
      <Typography variant="body2">
        Median time to first contact, last 30 days:{' '}
        <strong>{medianFirstContactMs === null ? 'no first contacts yet' : formatDuration(medianFirstContactMs)}</strong>
        {firstContacts > 0 && ` (${firstContacts} ${firstContacts === 1 ? 'lead' : 'leads'})`}
      </Typography>
    </Stack>
  );
}

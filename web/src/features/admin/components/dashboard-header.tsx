import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeadStats } from '@site/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLeadStats } from '../api/lead-stats';
import { overdueLeadsHref } from '../hooks/use-lead-filter';
import { formatDuration } from '../lib/durations';
import type { LiveStatus } from '../hooks/use-live-changes';

const liveText: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
};

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

/** New leads waiting across both lists (and how many of them are overdue), and how soon leads were first contacted lately. */
function LeadFigures() {
  const stats = useLeadStats();
  if (!stats.data) return null;
  const { waiting, overdue, medianFirstContactMs, firstContacts } = stats.data;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 3 }} sx={{ mt: 1 }}>
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

export function DashboardHeader({ live }: { live: LiveStatus }) {
  const { user, logoutMutation } = useAuth();
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h1" variant="h5">
              Admin Dashboard
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Logged in as <strong>{user?.username}</strong>
            </Typography>
            <LeadFigures />
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              role="status"
              label={liveText[live]}
              size="small"
              sx={{
                color: 'inherit',
                borderColor: 'currentColor',
                '& .MuiChip-label::before': {
                  content: '""',
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  mr: 0.75,
                  bgcolor: live === 'live' ? '#66bb6a' : '#ffb547',
                },
              }}
              variant="outlined"
            />
            <Button variant="outlined" color="inherit" startIcon={<AccountCircle aria-hidden />} component={RouterLink} to={paths.account}>
              Account
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<Logout aria-hidden />}
              onClick={() => logoutMutation.mutate()}
              disabled={logoutMutation.isPending}
            >
              {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

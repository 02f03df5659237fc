import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminHeader } from '#web/components/admin/admin-header.tsx';
import { useGuardedClick } from '#web/components/leave-guard.tsx';
import { paths } from '#web/config/paths.ts';
import type { LiveStatus } from '../hooks/use-live-changes';

const liveText: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
};

const longestLiveText = Object.values(liveText).reduce((longest, text) => (text.length > longest.length ? text : longest));

/**
 * Whether live updates arrive, at the end of the "Logged in as" line: a line of text, not a chip
 * among the buttons, so Account and Logout keep one row on a 320 px phone. As wide as the longest
 * state's words (an invisible line of no height under them), so "Connecting..." turning "Live"
 * moves nothing.
 */
function LiveText({ live }: { live: LiveStatus }) {
  return (
    <Box
      component="span"
      role="status"
      sx={{
        display: 'inline-grid',
        justifyItems: 'start',
        ml: 1.5,
        whiteSpace: 'nowrap',
        '&::after': { content: `"${longestLiveText}"`, visibility: 'hidden', height: 0, overflow: 'hidden', pl: '14px' },
      }}
    >
      <span>
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: '50%',
            mr: 0.75,
            bgcolor: live === 'live' ? '#66bb6a' : '#ffb547',
          }}
        />
        {liveText[live]}
      </span>
    </Box>
  );
}

/** The dashboard's header: whether live updates arrive, the Account link, and the figures handed in under the name. */
export function DashboardHeader({ live, figures }: { live: LiveStatus; figures?: ReactNode }) {
  const guarded = useGuardedClick();
  return (
    <AdminHeader
      title="Admin Dashboard"
      maxWidth="lg"
      status={<LiveText live={live} />}
      actions={
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<AccountCircle aria-hidden />}
          component={RouterLink}
          to={paths.account}
          onClick={guarded(paths.account)}
        >
          Account
        </Button>
      }
    >
      {figures}
    </AdminHeader>
  );
}

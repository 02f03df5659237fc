import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminSession } from '@site/domain';
import { formatDateTime, formatTimeAgo } from '#web/lib/dates.ts';
import { describeUserAgent } from '#web/lib/user-agent.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useEndSession, useSessions } from '../api/account';
import { plainErrorText } from '#web/lib/form-errors.ts';
import { Section } from './section';

function SessionRow({ session }: { session: AdminSession }) {
  const toast = useToast();
  const end = useEndSession();
  const browser = describeUserAgent(session.userAgent);
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', message: `${browser} is signed out.`, variant: 'default' }),
      onError: (error) => toast({ title: 'Could not sign out that session', message: plainErrorText(error), variant: 'error' }),
    });
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500 }}>{browser}</Typography>
            {session.current && <Chip label="This browser" size="small" color="primary" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            IP address {session.ipAddress || 'unknown'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · last active{' '}
            <time dateTime={session.lastSeenAt}>{formatTimeAgo(session.lastSeenAt)}</time>
          </Typography>
        </Stack>
        {!session.current && (
          <Button
            variant="outlined"
            onClick={onEnd}
            disabled={end.isPending}
            aria-label={`Sign out ${browser}, IP address ${session.ipAddress}`}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
          >
            Sign out
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

export function SessionsSection() {
  const sessions = useSessions();
  return (
    <Section title="Signed-in browsers">
      {sessions.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load your sessions: {plainErrorText(sessions.error)}
        </Alert>
      ) : !sessions.data ? (
        <Typography role="status" color="text.secondary">
          Loading...
        </Typography>
      ) : (
        <List aria-label="Signed-in browsers" disablePadding>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </List>
      )}
    </Section>
  );
}

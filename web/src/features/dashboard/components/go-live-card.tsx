import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GoLiveItem, MessageChannel } from '@site/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { useGoLiveChecklist, useSendTestMessage, type TestOutcome } from '../api/go-live';

function TestButton({ channel }: { channel: MessageChannel }) {
  const send = useSendTestMessage();
  const [outcomes, setOutcomes] = useState<TestOutcome[] | null>(null);
  const label = channel === 'email' ? 'Send a test email' : 'Send a test SMS';
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={send.isPending}
        onClick={() => send.mutate(channel, { onSuccess: (answer) => setOutcomes(answer.outcomes), onError: () => setOutcomes(null) })}
      >
        {send.isPending ? 'Sending…' : label}
      </Button>
      {send.isError && <Alert severity="error">{errorText(send.error)}</Alert>}
      {outcomes && (
        <Alert severity={outcomes.every((outcome) => outcome.sent) ? 'success' : 'warning'} role="status">
          {outcomes.map((outcome) => (
            <div key={outcome.to}>
              {outcome.to}: {outcome.detail}
            </div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

function Item({ item }: { item: GoLiveItem }) {
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 1 }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        {item.title}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.detail}
      </Typography>
      {item.fix ? (
        <Link component={RouterLink} to={item.fix.href} variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
          {item.fix.label}
        </Link>
      ) : null}
      {item.test && (
        <Stack sx={{ mt: 1 }}>
          <TestButton channel={item.test} />
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * The dashboard's go-live card: what still stands between the site and real customers, each
 * with where it is fixed, and "Send a test" for alerts this server sends. Gone once all is done.
 */
export function GoLiveCard() {
  const { data, refetch, isFetching } = useGoLiveChecklist();
  if (!data || data.done) return null;
  const open = data.items.filter((item) => !item.done);
  // A channel that is set up shows its test even when the list is otherwise still open.
  const tests = data.items.filter((item) => item.done && item.test);
  return (
    <Paper component="section" aria-labelledby="go-live-heading" variant="outlined" sx={{ p: 2, mb: 2, borderColor: 'warning.main' }}>
      <Typography id="go-live-heading" component="h2" variant="h6">
        Before you go live ({open.length} left)
      </Typography>
      <List dense disablePadding>
        {[...open, ...tests].map((item) => (
          <Item key={item.key} item={item} />
        ))}
      </List>
      <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
        Check again
      </Button>
    </Paper>
  );
}

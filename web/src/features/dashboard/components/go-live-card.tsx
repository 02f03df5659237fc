import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GoLiveItem, MessageChannel } from '@site/domain';
import { useState, type ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGuardedClick } from '#web/components/leave-guard.tsx';
import { errorText } from '#web/lib/error-text.ts';
import { useDeclineSms, useGoLiveChecklist, useSendTestMessage, type TestOutcome } from '../api/go-live';

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

function DeclineSms() {
  const decline = useDeclineSms();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
      <Button size="small" variant="outlined" disabled={decline.isPending} onClick={() => decline.mutate()}>
        {decline.isPending ? 'Saving…' : "We don't use text messages"}
      </Button>
      {decline.isError && <Alert severity="error">{errorText(decline.error)}</Alert>}
    </Stack>
  );
}

function Item({ item }: { item: GoLiveItem }) {
  return (
    <ListItem disableGutters sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1 }}>
      {item.done ? (
        <CheckCircle color="success" fontSize="small" titleAccess="Done" sx={{ mt: 0.25 }} />
      ) : (
        <RadioButtonUnchecked color="warning" fontSize="small" titleAccess="To do" sx={{ mt: 0.25 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {item.title}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.detail}
        </Typography>
        {item.fix ? (
          <Link component={GuardedLink} to={item.fix.href} variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
            {item.fix.label}
          </Link>
        ) : null}
        {item.key === 'sms' && !item.done ? <DeclineSms /> : null}
        {item.test && (
          <Stack sx={{ mt: 1 }}>
            <TestButton channel={item.test} />
          </Stack>
        )}
      </Box>
    </ListItem>
  );
}

/** A link that asks first while a form on the dashboard has unsaved changes and the link leaves it. */
function GuardedLink({ to, ...props }: { to: string } & Omit<ComponentProps<typeof RouterLink>, 'to'>) {
  const guarded = useGuardedClick();
  return <RouterLink to={to} {...props} onClick={to.startsWith('/admin?') ? undefined : guarded(to)} />;
}

/**
 * The dashboard's go-live card: what still stands between the site and real customers, each
 * with where it is fixed, and "Send a test" for alerts this server sends. Done items are
 * ticked and folded away ("Show 5 done"); on a phone, once the owner has started, the card is
 * one line ("Go-live: 6 of 9 done") that opens it. Gone once all is done.
 */
export function GoLiveCard() {
  const { data, refetch, isFetching } = useGoLiveChecklist();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [showDone, setShowDone] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!data || data.done) return null;
  const open = data.items.filter((item) => !item.done);
  // A channel that is set up shows its test even when the list is otherwise still open.
  const tests = data.items.filter((item) => item.done && item.test);
  const done = data.items.filter((item) => item.done && !item.test);
  const doneCount = data.items.length - open.length;
  const summary = `Go-live: ${doneCount} of ${data.items.length} done`;
  const folded = phone && doneCount > 0 && !opened;
  return (
    <Paper
      component="section"
      aria-labelledby="go-live-heading"
      variant="outlined"
      sx={{ p: folded ? 1 : 2, mb: 2, borderColor: 'warning.main' }}
    >
      {phone && doneCount > 0 ? (
        <Typography id="go-live-heading" component="h2" variant="subtitle1">
          <Button
            fullWidth
            color="inherit"
            aria-expanded={opened}
            aria-controls="go-live-list"
            onClick={() => setOpened(!opened)}
            endIcon={opened ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
            sx={{ justifyContent: 'space-between', textTransform: 'none', fontWeight: 600 }}
          >
            {summary}
          </Button>
        </Typography>
      ) : (
        <Typography id="go-live-heading" component="h2" variant="h6">
          Before you go live ({open.length} left)
        </Typography>
      )}
      {folded ? null : (
        <Box id="go-live-list">
          <List dense disablePadding>
            {[...open, ...tests].map((item) => (
              <Item key={item.key} item={item} />
            ))}
          </List>
          {done.length > 0 ? (
            <>
              <Button size="small" aria-expanded={showDone} onClick={() => setShowDone(!showDone)}>
                {showDone ? `Hide ${done.length} done` : `Show ${done.length} done`}
              </Button>
              {showDone ? (
                <List dense disablePadding aria-label="Done">
                  {done.map((item) => (
                    <Item key={item.key} item={item} />
                  ))}
                </List>
              ) : null}
            </>
          ) : null}
          <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
            Check again
          </Button>
        </Box>
      )}
    </Paper>
  );
}

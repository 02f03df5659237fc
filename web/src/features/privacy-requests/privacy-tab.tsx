import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countRecords, describeCounts, eraseConfirmation, type PrivacyRecords } from '@site/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useToast } from '#web/lib/toast.tsx';
import { lookupOf, privacyExportUrl, useErasePersonalRecords, usePrivacyRecords, type PrivacyLookupInput } from './api/privacy';

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" variant="body2">
          None
        </Typography>
      ) : (
        <List dense disablePadding>
          {children}
        </List>
      )}
    </Paper>
  );
}

const Row = ({ primary, secondary }: { primary: string; secondary: string }) => (
  <ListItem disableGutters>
    <ListItemText primary={primary} secondary={secondary} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
  </ListItem>
);

function Records({ records }: { records: PrivacyRecords }) {
  return (
    <Stack spacing={2}>
      <Section title={`Inquiries (${records.inquiries.length})`} empty={records.inquiries.length === 0}>
        {records.inquiries.map((lead) => (
          <Row
            key={lead.id}
            primary={`${lead.firstName} ${lead.lastName} · ${lead.email} · ${lead.phone}`}
            secondary={`${formatDateTime(lead.createdAt)} · ${lead.status}${lead.marketingConsent ? ' · agreed to marketing' : ''}`}
          />
        ))}
      </Section>
      <Section title={`Quote requests (${records.quoteRequests.length})`} empty={records.quoteRequests.length === 0}>
        {records.quoteRequests.map((lead) => (
          <Row
            key={lead.id}
            primary={`${lead.firstName} ${lead.lastName} · ${lead.email} · ${lead.suburb}`}
            secondary={`${formatDateTime(lead.createdAt)} · ${lead.status}${lead.marketingConsent ? ' · agreed to marketing' : ''}`}
          />
        ))}
      </Section>
      <Section title={`Reviews (${records.reviews.length})`} empty={records.reviews.length === 0}>
        {records.reviews.map((review) => (
          <Row
            key={review.id}
            primary={`${review.customerName} · ${review.rating} stars`}
            secondary={`${formatDateTime(review.createdAt)} · ${review.approved ? 'published' : 'awaiting approval'}`}
          />
        ))}
      </Section>
      <Section title={`Messages (${records.messages.length})`} empty={records.messages.length === 0}>
        {records.messages.map((message) => (
          <Row
            key={message.id}
            primary={`${message.channel === 'email' ? 'Email' : 'SMS'} to ${message.to}${message.subject ? `: ${message.subject}` : ''}`}
            secondary={`${formatDateTime(message.createdAt)} · ${message.status}${message.audience === 'staff' ? ' · staff alert about their lead' : ''}`}
          />
        ))}
      </Section>
      <Section title={`Files (${records.files.length})`} empty={records.files.length === 0}>
        {records.files.map((file) => (
          <Row key={`${file.leadId}-${file.url}`} primary={file.name} secondary={file.contentType ?? ''} />
        ))}
      </Section>
      {records.reviewRequests.length > 0 ? (
        <Section title={`Review requests (${records.reviewRequests.length})`} empty={false}>
          {records.reviewRequests.map((request) => (
            <Row
              key={`${request.leadKind}-${request.leadId}`}
              primary={`${request.name} · ${request.email}`}
              secondary={`${formatDateTime(request.createdAt)} · ${request.used ? 'review written' : 'not used'}`}
            />
          ))}
        </Section>
      ) : null}
      {records.notes.map((note) => (
        <Alert key={note} severity="info">
          {note}
        </Alert>
      ))}
    </Stack>
  );
}

function EraseDialog({
  records,
  erase,
  onConfirm,
  onClose,
}: {
  records: PrivacyRecords;
  erase: ReturnType<typeof useErasePersonalRecords>;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const fieldError = erase.error instanceof ApiRequestError ? erase.error.body?.errors?.confirm : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(typed);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="erase-title" aria-describedby="erase-description">
      <DialogTitle id="erase-title">Erase these records?</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText id="erase-description">
            This permanently deletes {describeCounts(countRecords(records))} about this person, with the history and notes of their leads.
            It cannot be undone. The Activity tab records the erasure and its counts, not the person.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={`Type ${eraseConfirmation} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          {erase.error && !fieldError ? <Alert severity="error">{errorText(erase.error)}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={typed !== eraseConfirmation || erase.isPending}>
            {erase.isPending ? 'Erasing...' : 'Erase'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The Privacy tab: everything held about an email address or phone number, to export it as
 * JSON (a request for access) or erase it (a request for deletion).
 */
export function PrivacyTab() {
  const [text, setText] = useState('');
  const [lookup, setLookup] = useState<PrivacyLookupInput | null>(null);
  const [erasing, setErasing] = useState(false);
  const records = usePrivacyRecords(lookup);
  const erase = useErasePersonalRecords();
  const toast = useToast();
  // Here, not in the dialog: the tab stays while the records are read again after an erasure.
  const confirmErase = (typed: string) => {
    if (!lookup) return;
    erase.mutate(
      { lookup, confirm: typed },
      {
        onSuccess: (erased) => {
          setErasing(false);
          toast({ title: 'Erased', message: `Deleted ${describeCounts(erased)}.`, variant: 'default' });
        },
      },
    );
  };
  const invalid = records.error instanceof ApiRequestError && records.error.status === 400 ? records.error.body : null;
  const fieldMessage = invalid ? (Object.values(invalid.errors ?? {})[0] ?? invalid.message) : undefined;

  const search = (event: FormEvent) => {
    event.preventDefault();
    erase.reset();
    setLookup(lookupOf(text));
  };

  const found = records.data;
  const anything = found ? Object.values(countRecords(found)).some((n) => n > 0) : false;
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Find every record about a customer by the email address or phone number they used, to send them a copy (Export JSON) or delete it
        when they ask (Erase).
      </Typography>
      <Box component="form" onSubmit={search} noValidate sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Email address or phone number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(fieldMessage)}
          helperText={fieldMessage}
          sx={{ flex: '1 1 320px' }}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={text.trim() === ''} sx={{ mt: 0.5 }}>
          Find records
        </Button>
      </Box>
      {records.isFetching ? <Typography role="status">Searching...</Typography> : null}
      {records.error && !invalid ? <Alert severity="error">{errorText(records.error)}</Alert> : null}
      {found && lookup ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography role="status" sx={{ flex: 1 }}>
              {anything ? `Found ${describeCounts(countRecords(found))}.` : 'No records found.'}
            </Typography>
            <Button component="a" href={privacyExportUrl(lookup)} download variant="outlined">
              Export JSON
            </Button>
            <Button color="error" variant="outlined" disabled={!anything} onClick={() => setErasing(true)}>
              Erase
            </Button>
          </Stack>
          <Records records={found} />
          {erasing ? (
            <EraseDialog
              records={found}
              erase={erase}
              onConfirm={confirmErase}
              onClose={() => {
                erase.reset();
                setErasing(false);
              }}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

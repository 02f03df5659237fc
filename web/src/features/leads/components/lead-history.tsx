import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { leadEventLabels, leadNoteSchema, leadStatusLabels, limits, type LeadProgress } from '@site/domain';
import { useForm, useWatch } from 'react-hook-form';
import { formatDateTime, formatDay } from '#web/lib/dates.ts';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { useUpdateLead } from '../api/update-lead';
import { firstContactText } from '../lib/durations';
import { useNow } from '../hooks/use-now';
import { JobDone } from './job-done';
import { ReviewRequest } from './review-request';

interface LeadHistoryProps {
  id: string;
  lead: LeadProgress & { createdAt: string };
  name: string;
  collection: LeadCollection;
}

/** How long the lead waited for first contact, its status changes and notes (oldest first), and a box to add a note. */
export function LeadHistory({ id, lead, name, collection }: LeadHistoryProps) {
  const update = useUpdateLead(collection);
  // A lead still waiting shows its wait growing, a minute at a time.
  const now = useNow(60_000, !lead.firstContactAt);
  // The API's own rule, so the form's message is the one the API would answer.
  const form = useForm({ resolver: zodResolver(leadNoteSchema), defaultValues: { note: '' } });
  const { ref, ...field } = form.register('note');
  const error = form.formState.errors.note?.message;
  const length = useWatch({ control: form.control, name: 'note' }).length;
  const onSubmit = form.handleSubmit((values) => update.mutate({ id, update: values }, { onSuccess: () => form.reset() }));
  return (
    <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h4" variant="subtitle2">
        Notes and history
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {firstContactText(lead, now)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1, '&:empty': { display: 'none' } }}>
        <JobDone id={id} lead={lead} name={name} collection={collection} />
        <ReviewRequest id={id} lead={lead} name={name} collection={collection} />
      </Stack>
      {lead.history.length > 0 && (
        <Box component="ol" aria-label={`History of ${name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lead.history.map((entry, index) => (
            <Box component="li" key={`${entry.at}-${index}`} sx={{ py: 0.5 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> by {entry.by}
                {entry.status && ` · Status: ${leadStatusLabels[entry.status]}`}
                {entry.event && ` · ${leadEventLabels[entry.event]}`}
                {entry.on && `: ${formatDay(entry.on, 'long')} ${entry.on.slice(0, 4)}`}
              </Typography>
              {entry.note && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} sx={{ mt: 1 }}>
        <TextField
          {...field}
          inputRef={ref}
          label="Add a note"
          multiline
          minRows={2}
          size="small"
          error={error !== undefined}
          helperText={error ?? `${length} / ${limits.leadNoteMaxLength.toLocaleString('en-AU')}`}
          slotProps={{ htmlInput: { 'aria-label': `Note about ${name}` } }}
        />
        <Box>
          <Button type="submit" size="small" variant="contained" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Add note'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

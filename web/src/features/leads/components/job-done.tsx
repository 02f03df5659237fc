import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { jobDoneOn, type LeadProgress } from '@site/domain';
import { useState, type FormEvent } from 'react';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { formatDay, melbourneDay } from '#web/lib/dates.ts';
import { useMarkJobDone } from '../api/mark-job-done';

interface JobDoneProps {
  id: string;
  lead: Pick<LeadProgress, 'status' | 'history'>;
  /** The lead's name, so each card's controls have a name of their own. */
  name: string;
  collection: LeadCollection;
}

/**
 * A won lead's "Job done": a day (today unless changed) and a button that records it; once
 * recorded, the card says "Job done: 3 December 2026". A review is asked for from then.
 */
export function JobDone({ id, lead, name, collection }: JobDoneProps) {
  const mark = useMarkJobDone(collection);
  const today = melbourneDay(new Date());
  const [on, setOn] = useState(today);
  const done = jobDoneOn(lead.history);
  if (done) return <Chip size="small" color="success" label={`Job done: ${formatDay(done, 'long')} ${done.slice(0, 4)}`} />;
  if (lead.status !== 'won') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate({ id, on });
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <TextField
        type="date"
        size="small"
        label="Job finished on"
        value={on}
        onChange={(event) => setOn(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'aria-label': `Day ${name}'s job was finished` } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={mark.isPending || !on} aria-label={`Mark ${name}'s job done`}>
        {mark.isPending ? 'Saving...' : 'Job done'}
      </Button>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { leadEventLabels, leadStatusLabels, type LeadProgress } from '@site/domain';
import { lazy, Suspense } from 'react';
import { formatDateTime, formatDay } from '#web/lib/dates.ts';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { PartBoundary } from '#web/components/admin/part-boundary.tsx';
import { firstContactText } from '../lib/durations';
import { useNow } from '../hooks/use-now';
import { JobDone } from './job-done';
import { NoteFields } from './note-fields';
import { ReviewRequest } from './review-request';

const LeadNoteForm = lazy(() => import('./lead-note-form'));

interface LeadHistoryProps {
  id: string;
  lead: LeadProgress & { createdAt: string };
  name: string;
  collection: LeadCollection;
}

/** How long the lead waited for first contact, its status changes and notes (oldest first), and a box to add a note. */
export function LeadHistory({ id, lead, name, collection }: LeadHistoryProps) {
  // A lead still waiting shows its wait growing, a minute at a time.
  const now = useNow(60_000, !lead.firstContactAt);
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
      <PartBoundary part="The note form">
        <Suspense fallback={<NoteFields name={name} />}>
          <LeadNoteForm id={id} name={name} collection={collection} />
        </Suspense>
      </PartBoundary>
    </Box>
  );
}

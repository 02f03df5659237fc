import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { leadStatuses, leadStatusLabels, limits, type LeadStatus } from '@site/domain';
import { useEffect, useState } from 'react';
import type { LeadCollection, LeadListFilter } from '#web/lib/admin/admin-keys.ts';
import { useLeadStats } from '../api/lead-stats';
import { useStatusCounts } from '../api/status-counts';

/** Searching waits until typing pauses this long, so each keystroke does not query the API. */
export const searchDebounceMs = 300;

interface LeadFiltersProps {
  collection: LeadCollection;
  /** e.g. "inquiries", for the search box's name. */
  noun: string;
  /** e.g. "inquiry", for the linked lead's line. */
  one: string;
  filter: LeadListFilter;
  onChange: (change: LeadListFilter) => void;
}

const statsList = { project_inquiries: 'inquiries', quote_requests: 'quotes' } as const;

/**
 * Status chips with how many leads each has (within the search), the Overdue chip (the
 * dashboard header's figure for this list), and the search box; when a link shows one lead,
 * a line that says so, with the way back to the whole list.
 */
export function LeadFilters({ collection, noun, one, filter, onChange }: LeadFiltersProps) {
  const counts = useStatusCounts(collection, filter.q ?? '');
  // No count, rather than no list, should the figures be missing.
  const overdueCount = useLeadStats().data?.overdueByList?.[statsList[collection]];
  const [text, setText] = useState(filter.q ?? '');
  const [shownQ, setShownQ] = useState(filter.q ?? '');

  // The URL changed under the box (back button, a tab switch): show what it searches for,
  // unless the box already says it (give or take spaces being typed).
  if (shownQ !== (filter.q ?? '')) {
    setShownQ(filter.q ?? '');
    if (text.trim() !== (filter.q ?? '')) setText(filter.q ?? '');
  }

  useEffect(() => {
    const q = text.trim();
    if (q === (filter.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q }), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, filter.q, onChange]);

  const total = counts.data ? leadStatuses.reduce((sum, status) => sum + counts.data[status], 0) : null;
  const label = (name: string, count: number | null | undefined) => (count === null || count === undefined ? name : `${name} (${count})`);
  const chip = (key: string, name: string, count: number | null | undefined, selected: boolean, change: LeadListFilter) => (
    <Chip
      key={key}
      label={label(name, count)}
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      onClick={() => onChange(change)}
      aria-pressed={selected}
      role="button"
    />
  );
  const statusChip = (status: LeadStatus | undefined, name: string, count: number | null | undefined) =>
    chip(status ?? 'all', name, count, !filter.overdue && !filter.lead && filter.status === status, { status });

  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        label={`Search ${noun}`}
        placeholder="Name, email, phone or suburb"
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        sx={{ maxWidth: 420 }}
        slotProps={{
          htmlInput: { maxLength: limits.leadSearchMaxLength },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Filter by status">
        {statusChip(undefined, 'All', total)}
        {leadStatuses.map((status) => statusChip(status, leadStatusLabels[status], counts.data?.[status]))}
        {chip('overdue', 'Overdue', overdueCount, Boolean(filter.overdue), { overdue: true })}
      </Stack>
      {filter.lead ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => onChange({ lead: undefined })}>
              Show all {noun}
            </Button>
          }
        >
          Showing the {one} from your link.
        </Alert>
      ) : null}
    </Stack>
  );
}

import Search from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { leadStatuses, leadStatusLabels, limits, type LeadStatus } from '@site/domain';
import { useEffect, useState } from 'react';
import type { LeadCollection, LeadListFilter } from '../api/admin-keys';
import { useStatusCounts } from '../api/status-counts';

/** Searching waits until typing pauses this long, so each keystroke does not query the API. */
export const searchDebounceMs = 300;

interface LeadFiltersProps {
  collection: LeadCollection;
  /** e.g. "inquiries", for the search box's name. */
  noun: string;
  filter: LeadListFilter;
  onChange: (change: LeadListFilter) => void;
}

/** Status chips with how many leads each has (within the search), and the search box. */
export function LeadFilters({ collection, noun, filter, onChange }: LeadFiltersProps) {
  const counts = useStatusCounts(collection, filter.q ?? '');
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
  const chip = (status: LeadStatus | undefined, name: string, count: number | null | undefined) => {
    const selected = filter.status === status;
    return (
      <Chip
        key={status ?? 'all'}
        label={label(name, count)}
        color={selected ? 'primary' : 'default'}
        variant={selected ? 'filled' : 'outlined'}
        onClick={() => onChange({ status })}
        aria-pressed={selected}
        role="button"
      />
    );
  };

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
        {chip(undefined, 'All', total)}
        {leadStatuses.map((status) => chip(status, leadStatusLabels[status], counts.data?.[status]))}
      </Stack>
    </Stack>
  );
}

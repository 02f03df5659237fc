import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { leadStatuses, leadStatusLabels, type LeadStatus } from '@site/domain';
import { useId, useState } from 'react';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { useUpdateLead } from '../api/update-lead';

// Filled chips whose text keeps 4.5:1 on their own colour with this theme: MUI's info and warning do not.
export const statusColor: Record<LeadStatus, ChipProps['color']> = {
  new: 'secondary',
  contacted: 'primary',
  quoted: 'default',
  won: 'success',
  lost: 'error',
};

interface LeadStatusControlProps {
  id: string;
  status: LeadStatus;
  /** The lead's name, so each card's buttons have a name of their own. */
  name: string;
  collection: LeadCollection;
}

/** The lead's status as a coloured chip that opens a menu of the others, and "Mark contacted" while it is new. */
export function LeadStatusControl({ id, status, name, collection }: LeadStatusControlProps) {
  const update = useUpdateLead(collection);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const change = (next: LeadStatus) => {
    setAnchor(null);
    if (next !== status) update.mutate({ id, update: { status: next } });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Chip
        label={leadStatusLabels[status]}
        color={statusColor[status]}
        size="small"
        icon={<ArrowDropDown aria-hidden />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={update.isPending}
        aria-label={`Status: ${leadStatusLabels[status]}. Change the status of ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {leadStatuses.map((value) => (
          <MenuItem key={value} selected={value === status} onClick={() => change(value)}>
            {leadStatusLabels[value]}
          </MenuItem>
        ))}
      </Menu>
      {status === 'new' && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => change('contacted')}
          disabled={update.isPending}
          aria-label={`Mark contacted: ${name}`}
        >
          Mark contacted
        </Button>
      )}
    </Stack>
  );
}

import Chip from '@mui/material/Chip';
import { isFollowUpOverdue, type FollowUpFields } from '@site/domain/business-hours';
import { formatDateTime } from '#web/lib/dates.ts';
import { useNow } from '../hooks/use-now';

/**
 * "Overdue" on a lead still new past its follow-up time (the time its reminder is due, which
 * the server stored as it arrived). Checked every 30 seconds while the lead is new, so a card
 * left open turns overdue without a reload.
 */
export function OverdueChip({ lead }: { lead: { status: string } & FollowUpFields }) {
  const waiting = lead.status === 'new' && lead.followUpDueAt !== undefined;
  const now = useNow(30_000, waiting);
  if (!lead.followUpDueAt || !isFollowUpOverdue(lead, now)) return null;
  return (
    <Chip
      // A span: on a folded card it sits in a button.
      component="span"
      label="Overdue"
      color="warning"
      size="small"
      title={`Still new after its follow-up time, ${formatDateTime(lead.followUpDueAt)}`}
      sx={{ fontWeight: 600 }}
    />
  );
}

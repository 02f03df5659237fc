import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FollowUpFields } from '@site/domain/business-hours';
import { useId, type ReactNode } from 'react';
import { OverdueChip } from './overdue-chip';

interface RecordCardProps {
  title: string;
  /** ISO time shown under the title. */
  dateTime: string;
  dateText: string;
  /** e.g. "Delete inquiry from Ava Nguyen" */
  deleteLabel: string;
  deleting: boolean;
  onDelete: () => void;
  /** Buttons before the delete button, e.g. Approve. */
  actions?: ReactNode;
  /** A lead's status and follow-up time: "Overdue" beside the date while it is new past that time. */
  followUp?: { status: string } & FollowUpFields;
  children: ReactNode;
}

/** The frame every admin card shares: name, date, actions, then its own details. */
export function RecordCard({ title, dateTime, dateText, deleteLabel, deleting, onDelete, actions, followUp, children }: RecordCardProps) {
  const titleId = useId();
  return (
    <Box component="li">
      <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography id={titleId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={dateTime}>{dateText}</time>
                </Typography>
                {followUp && <OverdueChip lead={followUp} />}
              </Stack>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
              {actions}
              <Tooltip title={deleteLabel}>
                <span>
                  <IconButton aria-label={deleteLabel} color="error" onClick={onDelete} disabled={deleting}>
                    <DeleteOutline />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
          <Box sx={{ mt: 2 }}>{children}</Box>
        </CardContent>
      </Card>
    </Box>
  );
}

interface DetailProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}

/** One labelled line of a card, e.g. "Budget: $50,000+". */
export function Detail({ icon, label, children }: DetailProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary' }}>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}

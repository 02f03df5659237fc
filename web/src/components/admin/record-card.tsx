import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';

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
  /**
   * A flag beside the date (a lead's "Overdue"), or beside the title on a folded card. Phrasing
   * content (a span): on a folded card it sits in a button.
   */
  badge?: ReactNode;
  /**
   * A line under the title (phrasing content: spans) for phones, where the card then starts
   * folded to its title and this line, a button that opens the whole card in place. Wider
   * screens show the whole card.
   */
  summary?: ReactNode;
  /** A folded card (phones) starts open: the one record a link showed. */
  defaultOpen?: boolean;
  children: ReactNode;
}

/** Phones: below MUI's `sm` (600 px). */
const narrowQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** The frame every admin card shares: name, date, actions, then its own details. */
export function RecordCard(props: RecordCardProps) {
  const { title, dateTime, dateText, deleteLabel, deleting, onDelete, actions, badge, summary, defaultOpen = false, children } = props;
  const titleId = useId();
  const detailsId = useId();
  // Read at the first render (noSsr): a phone's first paint is the folded cards, not every card's whole details drawn and then folded.
  const narrow = useMediaQuery(narrowQuery, { noSsr: true });
  const [open, setOpen] = useState(defaultOpen);
  const foldable = summary !== undefined && narrow;

  const dateLine = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={dateTime}>{dateText}</time>
      </Typography>
      {!foldable && badge}
    </Stack>
  );
  const deleteButton = (
    <Tooltip title={deleteLabel}>
      <span>
        <IconButton aria-label={deleteLabel} color="error" onClick={onDelete} disabled={deleting}>
          <DeleteOutline />
        </IconButton>
      </span>
    </Tooltip>
  );
  /** The card's own actions and its delete button, top right of the card (or of its opened details). */
  const actionBar = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {actions}
      {deleteButton}
    </Stack>
  );

  if (foldable) {
    return (
      <Box component="li">
        <Card component="article" aria-labelledby={titleId} variant="outlined">
          <Typography component="h3" variant="h6" sx={{ m: 0 }}>
            <ButtonBase
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((shown) => !shown)}
              sx={{ display: 'flex', width: '100%', gap: 1, px: 2, py: 1.25, justifyContent: 'space-between', textAlign: 'left' }}
            >
              <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Box component="span" id={titleId} sx={{ typography: 'subtitle1', fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {title}
                  </Box>
                  {badge}
                </Box>
                {summary}
              </Box>
              <ExpandMore
                aria-hidden
                sx={{ color: 'text.secondary', flexShrink: 0, transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
              />
            </ButtonBase>
          </Typography>
          <CardContent id={detailsId} hidden={!open} sx={{ pt: 0 }}>
            {open && (
              <>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  {dateLine}
                  {actionBar}
                </Stack>
                <Box sx={{ mt: 2 }}>{children}</Box>
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    );
  }

  return (
    <Box component="li">
      <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography id={titleId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
              {dateLine}
            </Box>
            {actionBar}
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

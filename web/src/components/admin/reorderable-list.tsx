import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useConfirm } from '../use-confirm';
import { RowActions } from './row-actions';

interface ReorderableListProps<T extends { id: string }> {
  /** The heading's id, which names the section. */
  headingId: string;
  /** The heading, before the count: "3D Models (3)". */
  heading: string;
  count: number;
  /** The items in words, for the loading and error lines: "models". */
  noun: string;
  /** The list's query: its first load, its error and a retry. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: readonly T[];
  /** What an empty list says. */
  emptyText: string;
  /** The list's name, e.g. "3D models in showroom order". */
  label: string;
  /** The item's name: its row's heading and its buttons' names. */
  name: (item: T) => string;
  /** The item open in the form above, outlined. */
  editingId: string | null;
  reordering: boolean;
  onMove: (index: number, direction: -1 | 1) => void;
  /** The item's picture, at the row's start. */
  picture: (item: T) => ReactNode;
  /** The lines under the item's name. */
  details: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  /** Asked before deleting, e.g. "Are you sure you want to delete this 3D model?". */
  deleteQuestion: string;
  /** Deletes the item, once confirmed. */
  onDelete: (item: T) => void;
  /** The item being deleted. */
  deletingId: string | undefined;
}

/**
 * An admin list shown in the order the public pages show it (3D models, projects): each row
 * moves up or down, and is edited or deleted (deleting asks first).
 */
export function ReorderableList<T extends { id: string }>(props: ReorderableListProps<T>) {
  const { headingId, heading, count, noun, query, items, emptyText, label, name, editingId, reordering, onMove } = props;
  const { confirm, dialog } = useConfirm();
  const onDelete = (item: T) =>
    confirm({ title: `Delete ${name(item)}?`, question: props.deleteQuestion, onConfirm: () => props.onDelete(item) });
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {heading} ({count})
      </Typography>
      {query.isPending ? (
        <Typography role="status">Loading {noun}...</Typography>
      ) : query.isError ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>The {noun} could not be loaded.</Typography>
          <Button variant="outlined" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Box>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
          {items.map((item, index) => (
            <Box
              component="li"
              key={item.id}
              aria-label={name(item)}
              sx={{
                // On a phone: the picture beside the name and details, the buttons on a row beneath.
                display: 'grid',
                gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto auto 1fr auto' },
                alignItems: 'center',
                gap: { xs: 1, sm: 2 },
                p: 1.5,
                border: 1,
                borderColor: item.id === editingId ? 'primary.main' : 'divider',
                borderRadius: 1,
              }}
            >
              <Stack direction={{ xs: 'row', sm: 'column' }} sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                <Tooltip title="Move up">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${name(item)} up`}
                      disabled={index === 0 || reordering}
                      onClick={() => onMove(index, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${name(item)} down`}
                      disabled={index === items.length - 1 || reordering}
                      onClick={() => onMove(index, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              <Box sx={{ gridRow: { xs: 1, sm: 'auto' } }}>{props.picture(item)}</Box>
              <Box sx={{ minWidth: 0, gridRow: { xs: 1, sm: 'auto' } }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {name(item)}
                </Typography>
                {props.details(item)}
              </Box>
              <RowActions
                name={name(item)}
                onEdit={() => props.onEdit(item)}
                onDelete={() => onDelete(item)}
                deleting={props.deletingId === item.id}
              />
            </Box>
          ))}
        </Stack>
      )}
      {dialog}
    </Paper>
  );
}

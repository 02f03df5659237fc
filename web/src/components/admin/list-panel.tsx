import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorText } from '#web/lib/error-text.ts';
import { ListSkeleton } from './list-skeleton';

/** What a list panel needs from useAdminList. */
export interface PanelList {
  items: readonly unknown[];
  total: number | null;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** True until the first page arrives (a newly chosen filter or search). */
  isPending?: boolean;
}

interface ListPanelProps {
  /** Plural noun for the "Showing 50 of 120 inquiries" line. */
  noun: string;
  emptyText: string;
  list: PanelList;
  /** Extra actions beside the count, e.g. CSV export. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One admin list: its count, its records, "Load more" while the API has further pages. */
export function ListPanel(props: ListPanelProps) {
  const { noun, emptyText, list, actions, children } = props;
  const { total, error, hasNextPage, isFetchingNextPage } = list;
  const loaded = list.items.length;
  const onRetry = () => void list.refetch();
  const onLoadMore = () => void list.fetchNextPage();
  return (
    <Stack spacing={2}>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          Could not load the {noun}: {errorText(error)}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton label={`Loading ${noun}...`} />
      ) : loaded === 0 && !error ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography color="text.secondary" role="status">
              Showing {loaded} of {total ?? loaded} {noun}
            </Typography>
            {actions}
          </Stack>
          {children}
          {hasNextPage && (
            <Box sx={{ textAlign: 'center' }}>
              <Button variant="outlined" onClick={onLoadMore} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * Cards in a responsive grid: one column on phones, two on wide screens; `fullWidth` keeps one
 * column everywhere, for cards with much inside them (a lead's, with its quotes and history).
 */
export function CardGrid({ children, fullWidth = false }: { children: ReactNode; fullWidth?: boolean }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: fullWidth ? '1fr' : '1fr 1fr' } }}
    >
      {children}
    </Box>
  );
}

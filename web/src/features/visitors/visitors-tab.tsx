import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Visitor } from '@site/domain';
import { ListPanel } from '#web/components/admin/list-panel.tsx';
import { StackedTable, type StackedColumn } from '#web/components/admin/stacked-table.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { describeUserAgent } from '#web/lib/user-agent.ts';
import { useVisitors } from './api/visitors';
import { VisitsChart } from './components/visits-chart';

/**
 * The device a visit came from: "Chrome on Android", "Safari on iPhone"; on wider screens the
 * whole User-Agent too (the spec's Device Info), which on a phone made each row a screen tall.
 */
function DeviceInfo({ userAgent }: { userAgent: string }) {
  if (!userAgent) return 'Unknown';
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'block' }, fontWeight: { sm: 600 } }}>
        {describeUserAgent(userAgent)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary' }}>
        {userAgent}
      </Box>
    </>
  );
}

// On a phone each visit is a block of four labelled lines.
const columns: StackedColumn<Visitor>[] = [
  {
    header: 'Date & Time',
    sx: { whiteSpace: 'nowrap' },
    cell: (visit) => <time dateTime={visit.visitedAt}>{formatDateTime(visit.visitedAt)}</time>,
  },
  { header: 'Page', sx: { overflowWrap: 'anywhere' }, cell: (visit) => (visit.page === '/' ? 'Home' : visit.page) },
  {
    header: 'Device Info',
    sx: { overflowWrap: 'anywhere', maxWidth: 420 },
    cell: (visit) => <DeviceInfo userAgent={visit.userAgent ?? ''} />,
  },
  { header: 'IP Address', sx: { whiteSpace: 'nowrap' }, cell: (visit) => visit.ipAddress || 'Unknown' },
];

export function VisitorsTab() {
  const list = useVisitors();
  return (
    <Stack spacing={3}>
      <VisitsChart />
      <ListPanel noun="visits" emptyText="No visitors tracked yet" list={list}>
        <StackedTable label="Visitors" columns={columns} rows={list.items} />
      </ListPanel>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../../lib/dates';
import { describeUserAgent } from '../../../lib/user-agent';
import { useVisitors } from '../api/visitors';
import { ListPanel } from './list-panel';
import { stackedTableSx } from './stacked-table';
import { VisitsChart } from './visits-chart';

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

export function VisitorsTab() {
  const list = useVisitors();
  return (
    <Stack spacing={3}>
      <VisitsChart />
      <ListPanel noun="visits" emptyText="No visitors tracked yet" list={list}>
        <TableContainer component={Paper} variant="outlined">
          {/* On a phone each visit is a block of four labelled lines. */}
          <Table size="small" aria-label="Visitors" sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>Date &amp; Time</TableCell>
                <TableCell>Page</TableCell>
                <TableCell>Device Info</TableCell>
                <TableCell>IP Address</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.items.map((visit) => (
                <TableRow key={visit.id}>
                  <TableCell data-label="Date & Time" sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={visit.visitedAt}>{formatDateTime(visit.visitedAt)}</time>
                  </TableCell>
                  <TableCell data-label="Page" sx={{ overflowWrap: 'anywhere' }}>
                    {visit.page === '/' ? 'Home' : visit.page}
                  </TableCell>
                  <TableCell data-label="Device Info" sx={{ overflowWrap: 'anywhere', maxWidth: 420 }}>
                    <DeviceInfo userAgent={visit.userAgent ?? ''} />
                  </TableCell>
                  <TableCell data-label="IP Address" sx={{ whiteSpace: 'nowrap' }}>
                    {visit.ipAddress || 'Unknown'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListPanel>
    </Stack>
  );
}

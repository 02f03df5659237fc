import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../../lib/dates';
import { useVisitors } from '../api/visitors';
import { ListPanel } from './list-panel';
import { VisitsChart } from './visits-chart';

export function VisitorsTab() {
  const list = useVisitors();
  return (
    <Stack spacing={3}>
      <VisitsChart />
      <ListPanel noun="visits" emptyText="No visitors tracked yet" list={list}>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Visitors">
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
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={visit.visitedAt}>{formatDateTime(visit.visitedAt)}</time>
                  </TableCell>
                  <TableCell>{visit.page === '/' ? 'Home' : visit.page}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 420 }}>{visit.userAgent || 'Unknown'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{visit.ipAddress || 'Unknown'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListPanel>
    </Stack>
  );
}

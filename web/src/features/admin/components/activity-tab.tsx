import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { auditActionLabels, type AuditAction } from '@site/domain';
import { browserName } from '../../../lib/user-agent';
import { useAudit } from '../api/audit';
import { adminDateTime } from '../lib/dates';
import { ListPanel } from './list-panel';

/** An action a newer server records is shown by its code until this app knows its label. */
const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;

/** The audit trail: who did what, when and from where. */
export function ActivityTab() {
  const list = useAudit();
  return (
    <ListPanel noun="entries" emptyText="No activity recorded yet" list={list}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Activity">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Admin</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>Detail</TableCell>
              <TableCell>IP Address</TableCell>
              <TableCell>Browser</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.at}>{adminDateTime(entry.at)}</time>
                </TableCell>
                <TableCell>{entry.username}</TableCell>
                <TableCell>{actionLabel(entry.action)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 200 }}>{entry.target ?? ''}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>{entry.detail ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.ipAddress || 'Unknown'}</TableCell>
                <TableCell title={entry.userAgent}>{browserName(entry.userAgent)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ListPanel>
  );
}

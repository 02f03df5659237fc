import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { auditActionLabels, type AuditAction } from '@site/domain';
import { formatDateTime } from '../../../lib/dates';
import { browserName } from '../../../lib/user-agent';
import { useAudit } from '../api/audit';
import { auditActorText, auditTargetText } from '../lib/audit-target';
import { ListPanel } from './list-panel';
import { stackedTableSx } from './stacked-table';

/** An action a newer server records is shown by its code until this app knows its label. */
const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;

/** The audit trail: who did what, when and from where. */
export function ActivityTab() {
  const list = useAudit();
  return (
    <ListPanel noun="entries" emptyText="No activity recorded yet" list={list}>
      <TableContainer component={Paper} variant="outlined">
        {/* On a phone the seven columns do not fit: each entry a block of labelled lines. */}
        <Table size="small" aria-label="Activity" sx={stackedTableSx}>
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
                <TableCell data-label="Time" sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </TableCell>
                <TableCell data-label="Admin">{auditActorText(entry.username)}</TableCell>
                <TableCell data-label="Action">{actionLabel(entry.action)}</TableCell>
                <TableCell data-label="Target" sx={{ overflowWrap: 'anywhere', maxWidth: 200 }}>
                  {auditTargetText(entry)}
                </TableCell>
                <TableCell data-label="Detail" sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
                  {entry.detail ?? ''}
                </TableCell>
                <TableCell data-label="IP Address" sx={{ whiteSpace: 'nowrap' }}>
                  {entry.ipAddress || 'Unknown'}
                </TableCell>
                <TableCell data-label="Browser" title={entry.userAgent}>
                  {browserName(entry.userAgent)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ListPanel>
  );
}

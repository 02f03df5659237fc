import { auditActionLabels, type AuditAction, type ListedAuditEntry } from '@site/domain';
import { ListPanel } from '#web/components/admin/list-panel.tsx';
import { StackedTable, type StackedColumn } from '#web/components/admin/stacked-table.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { browserName } from '#web/lib/user-agent.ts';
import { useAudit } from './api/audit';
import { auditActorText, auditTargetText } from './lib/audit-target';

/** An action a newer server records is shown by its code until this app knows its label. */
const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;

// On a phone the seven columns do not fit: each entry is a block of labelled lines.
const columns: StackedColumn<ListedAuditEntry>[] = [
  { header: 'Time', sx: { whiteSpace: 'nowrap' }, cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> },
  { header: 'Admin', cell: (entry) => auditActorText(entry.username) },
  { header: 'Action', cell: (entry) => actionLabel(entry.action) },
  { header: 'Target', sx: { overflowWrap: 'anywhere', maxWidth: 200 }, cell: (entry) => auditTargetText(entry) },
  { header: 'Detail', sx: { overflowWrap: 'anywhere', maxWidth: 280 }, cell: (entry) => entry.detail ?? '' },
  { header: 'IP Address', sx: { whiteSpace: 'nowrap' }, cell: (entry) => entry.ipAddress || 'Unknown' },
  { header: 'Browser', title: (entry) => entry.userAgent, cell: (entry) => browserName(entry.userAgent) },
];

/** The audit trail: who did what, when and from where. */
export function ActivityTab() {
  const list = useAudit();
  return (
    <ListPanel noun="entries" emptyText="No activity recorded yet" list={list}>
      <StackedTable label="Activity" columns={columns} rows={list.items} />
    </ListPanel>
  );
}

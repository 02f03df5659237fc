import type { ListedAuditEntry } from '@site/domain';

/** What each kind of audit target is called, before its name. */
const kindLabels: Record<string, string> = {
  inquiry: 'Inquiry',
  quote: 'Quote request',
  review: 'Review',
  model: '3D model',
  project: 'Project',
  message: 'Message',
  attachment: 'File',
  user: 'Admin',
  passkey: 'Passkey',
  session: 'Session',
  settings: 'Setting',
};

/** The kinds whose target is a record's id: the API names the record while it exists. */
const recordKinds = new Set(['inquiry', 'quote', 'review', 'model', 'project']);

/**
 * What an entry acted on, in words: "Inquiry: Ava Nguyen", "Project: Hawthorn Family Kitchen",
 * "Admin: sam". A record deleted since keeps only its id ("Inquiry abc123 (deleted)"; the
 * Detail column of a deletion has its name). Targets of another form (a list, a request) are
 * shown as they are.
 */
export function auditTargetText({ target, targetName }: Pick<ListedAuditEntry, 'target' | 'targetName'>): string {
  if (!target) return '';
  const separator = target.indexOf(':');
  const kind = target.slice(0, separator);
  const label = separator > 0 ? kindLabels[kind] : undefined;
  if (!label) return target;
  const ref = target.slice(separator + 1);
  if (targetName) return `${label}: ${targetName}`;
  return recordKinds.has(kind) ? `${label} ${ref} (deleted)` : `${label}: ${ref}`;
}

/** Who acted: the admin's username; none is known for an unknown username's sign-in or a request without a session. */
export const auditActorText = (username: string) => username || 'Not signed in';

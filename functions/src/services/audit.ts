import type { AuditAction, AuditEntry, User } from '@site/domain';
import type { Request } from 'express';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import type { Store } from '../ports/store';

/** Who acted: the signed-in admin, or for a failed sign-in only the username tried. */
export type Actor = Pick<User, 'username'> & { id?: string | null };

export interface AuditDetails {
  target?: string;
  detail?: string;
}

/** Where an action came from when it is not a request: the command line. */
export interface Origin {
  ipAddress: string;
  userAgent: string;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max - 1) + '…' : value);

/** The audit trail: who did what, when, from where. One record per action, kept AUDIT_RETENTION_DAYS. */
export class AuditTrail {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async record(from: Request | Origin, actor: Actor, action: AuditAction, details: AuditDetails = {}): Promise<AuditEntry> {
    const origin: Origin = 'ipAddress' in from ? from : { ipAddress: from.ip ?? '', userAgent: clip(from.get('user-agent') ?? '', 300) };
    const entry: AuditEntry = {
      id: newId(),
      at: this.clock.now().toISOString(),
      ...(actor.id ? { userId: actor.id } : {}),
      username: clip(actor.username, 100),
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
      action,
      ...(details.target ? { target: clip(details.target, 200) } : {}),
      ...(details.detail ? { detail: clip(details.detail, 500) } : {}),
    };
    await this.store.audit.insert(entry);
    return entry;
  }
}

/** The command line's origin in the audit trail. */
export const commandLine: Origin = { ipAddress: '', userAgent: 'npm run admin' };

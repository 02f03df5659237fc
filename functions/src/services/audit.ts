import { auditRecordKinds, type AuditAction, type AuditEntry, type AuditRecordKind, type ListedAuditEntry, type User } from '@site/domain';
import type { Request } from 'express';
import { newId, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import { ConflictError } from '../ports/errors';
import type { Collection, Store } from '../ports/store';
import { clientKey } from './client-address';

/** Who acted: the signed-in admin, or for a failed sign-in only the username tried. */
export type Actor = Pick<User, 'username'> & { id?: string | null };

/** Who asks for a change, and from where: what a service's audit entry names. */
export interface ActedBy {
  from: Request | Origin;
  actor: Actor;
}

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

/**
 * Counted entries (see `recordCounted`) one process starts per minute before the rest of
 * that minute's go into one entry for every other address: an anonymous flood from many
 * addresses adds at most this many entries (plus one) a minute and kind, per process.
 */
export const countedEntriesPerMinute = 30;

const timesOf = (detail: string | undefined) => Number(/; (\d+) times? this minute$/.exec(detail ?? '')?.[1] ?? 1);
const withTimes = (what: string, times: number) => `${what}; ${times} ${times === 1 ? 'time' : 'times'} this minute`;

/** The audit trail: who did what, when, from where. One record per action, kept AUDIT_RETENTION_DAYS. */
export class AuditTrail {
  /** The counted entries started this minute, by kind: the bound on a flood from many addresses. */
  private started = { minute: '', kinds: new Map<string, number>() };

  /** Every entry, for the Activity tab's list. */
  readonly entries: Pick<Collection<AuditEntry>, 'find' | 'count'>;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.entries = store.audit;
  }

  /** A page of entries with the current name of the record each one's target names. */
  named(entries: readonly AuditEntry[]): Promise<ListedAuditEntry[]> {
    return withTargetNames(this.store, entries);
  }

  /**
   * A failed sign-in. The name typed is kept only when it is an admin's (`user`): typed into the
   * username box, a password would otherwise be stored. Unknown names from one address are
   * counted in one entry a minute.
   */
  async failedSignIn(req: Request, user: Actor | null): Promise<void> {
    if (user) {
      await this.record(req, user, 'login.failed', { detail: 'wrong password' });
      return;
    }
    await this.recordCounted(req, { username: '' }, 'login.failed', 'unknown username', { kind: 'unknown-username' });
  }

  /**
   * An admin route refused (401, 403 or 429): counted per address, admin, status and minute,
   * so a flood of them adds a few entries, not one per request.
   */
  async refused(req: Request, actor: Actor | null, status: number, reason: string): Promise<void> {
    await this.recordCounted(req, actor ?? { username: '' }, 'admin.refused', `${status} ${reason}`, {
      kind: `refused:${status}:${actor?.id ?? ''}`,
      target: `${req.method} ${(req.baseUrl + req.path).slice(0, 120)}`,
    });
  }

  /**
   * One entry per kind, address and minute, whose detail says how many times it happened.
   * Its id is derived from those, so concurrent requests (and Cloud Functions instances)
   * meet at the same document: the first inserts it, the others count in it.
   */
  private async recordCounted(req: Request, actor: Actor, action: AuditAction, what: string, options: { kind: string; target?: string }) {
    const now = this.clock.now();
    const minute = now.toISOString().slice(0, 16);
    if (this.started.minute !== minute) this.started = { minute, kinds: new Map() };
    const address = clientKey(req);
    const id = `counted-${sha256(`${minute}|${options.kind}|${address}`)}`;
    if (await this.store.audit.transform(id, (entry) => ({ detail: withTimes(what, timesOf(entry.detail) + 1) }))) return;
    const started = this.started.kinds.get(options.kind) ?? 0;
    const many = started >= countedEntriesPerMinute;
    const entry: AuditEntry = {
      id: many ? `counted-${sha256(`${minute}|${options.kind}|many`)}` : id,
      at: now.toISOString(),
      ...(actor.id ? { userId: actor.id } : {}),
      username: clip(actor.username, 100),
      ipAddress: many ? 'many addresses' : (req.ip ?? ''),
      userAgent: many ? '' : clip(req.get('user-agent') ?? '', 300),
      action,
      ...(options.target ? { target: clip(options.target, 200) } : {}),
      detail: withTimes(what, 1),
    };
    if (!many) this.started.kinds.set(options.kind, started + 1);
    try {
      await this.store.audit.insert(entry);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Another request of the same minute inserted it first: count in it.
      await this.store.audit.transform(entry.id, (e) => ({ detail: withTimes(what, timesOf(e.detail) + 1) }));
    }
  }

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

const isRecordKind = (kind: string): kind is AuditRecordKind => auditRecordKinds.some((known) => known === kind);

/** The name a person knows each kind of record by. */
const namers: Record<AuditRecordKind, (store: Store, id: string) => Promise<string | undefined>> = {
  inquiry: async (store, id) => {
    const lead = await store.inquiries.get(id);
    return lead ? `${lead.firstName} ${lead.lastName}` : undefined;
  },
  quote: async (store, id) => {
    const lead = await store.quotes.get(id);
    return lead ? `${lead.firstName} ${lead.lastName}` : undefined;
  },
  review: async (store, id) => (await store.reviews.get(id))?.customerName,
  model: async (store, id) => (await store.models.get(id))?.name,
  project: async (store, id) => (await store.projects.get(id))?.title,
};

/**
 * Adds to a page of entries the current name of the record each one's target names
 * (`inquiry:{id}` and the like): one read per distinct record, none for other targets. A
 * record deleted since has no name, and the Activity tab shows its id.
 */
export async function withTargetNames(store: Store, entries: readonly AuditEntry[]): Promise<ListedAuditEntry[]> {
  const names = new Map<string, Promise<string | undefined>>();
  for (const { target } of entries) {
    const [kind, id] = target?.split(/:(.*)/s) ?? [];
    if (target && id && isRecordKind(kind) && !names.has(target)) names.set(target, namers[kind](store, id));
  }
  const resolved = new Map(await Promise.all([...names].map(async ([target, name]) => [target, await name] as const)));
  return entries.map((entry) => {
    const targetName = entry.target === undefined ? undefined : resolved.get(entry.target);
    return targetName ? { ...entry, targetName } : entry;
  });
}

/** The command line's origin in the audit trail. */
export const commandLine: Origin = { ipAddress: '', userAgent: 'npm run admin' };

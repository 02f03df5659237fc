import { statfs } from 'node:fs/promises';
import { ConflictError, StorageFullError, TooManyError } from '../ports/errors';
import { sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { Store, UploadQuotaRecord } from '../ports/store';

const hour = 60 * 60 * 1000;
/**
 * A client's uploads are counted in hourly buckets; a bucket counts while any moment of it is
 * within the last 24 hours (so for up to 25 hours): never more than the limit in any 24 hours.
 */
const countedFor = 25 * hour;
/** The quota's window: what a client is told to wait never passes it, though an hour's bucket may count an hour longer. */
export const uploadQuotaWindowMs = 24 * hour;
const megabyte = 1024 * 1024;

export interface UploadQuotaSettings {
  /** ATTACHMENT_MB_PER_DAY: bytes one client address may store in any 24 hours. */
  bytesPerClientPerDay: number;
  /** ATTACHMENT_STORAGE_MB: bytes every unattached customer upload may hold together. */
  unattachedBytes: number;
  /** MIN_FREE_DISK_MB: no upload may leave less than this free on the disk. */
  minFreeDiskBytes: number;
}

export const defaultUploadQuota: UploadQuotaSettings = {
  bytesPerClientPerDay: 200 * megabyte,
  unattachedBytes: 2048 * megabyte,
  minFreeDiskBytes: 100 * megabyte,
};

/** Free bytes where uploads are written; absent where there is no disk to fill (Cloud Storage). */
export type FreeDiskBytes = () => Promise<number>;

/** Free bytes for an unprivileged user on the disk holding `dir`. */
export const freeDiskBytesOf =
  (dir: string): FreeDiskBytes =>
  async () => {
    const disk = await statfs(dir);
    return disk.bavail * disk.bsize;
  };

/** An upload's charge, settled with what was stored or released when nothing was. */
export interface UploadCharge {
  clientId: string;
  /** The hour bucket the bytes were charged to. */
  bucket: string;
  bytes: number;
}

export const uploadQuotaMessages = {
  perClient: (megabytes: number, wait: string) =>
    `This connection has uploaded as much as we take in a day (${megabytes} MB). Please try again in ${wait}, or send your request without more files.`,
  full: 'We cannot take more files right now. Please try again later, or send your request without files.',
} as const;

const unattachedId = 'unattached';

/** "45 minutes", "3 hours": when to come back. */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/**
 * What keeps customers' uploads from filling the disk: bytes per client address in any 24
 * hours, bytes of every upload not yet on a lead together, and the disk's free space. Kept in
 * the store (`upload_quotas`), so a restart forgets nothing and every Cloud Functions
 * instance counts against the same totals; each change is one atomic read-modify-write.
 *
 * The upload URL only checks (so a refusal comes before any byte is sent); the PUT charges
 * the size the URL was asked for before reading the body, and the body may not be longer
 * than that (services/attachments.ts): a client that says 1 byte and sends 20 MB is refused
 * at the second byte. Once stored, the charge becomes the bytes received; a refused upload
 * gives it back.
 */
export class UploadQuota {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: UploadQuotaSettings,
    private readonly freeDisk?: FreeDiskBytes,
  ) {}

  /** The record id of a client address (hashed: addresses stay out of the database). */
  private clientId(client: string): string {
    return `client:${sha256(client)}`;
  }

  /** The hour buckets still counted, and their total. */
  private counted(record: UploadQuotaRecord | null, now: number): { hours: Record<string, number>; total: number } {
    const hours: Record<string, number> = {};
    let total = 0;
    for (const [start, bytes] of Object.entries(record?.hours ?? {})) {
      if (Number(start) > now - countedFor && bytes > 0) {
        hours[start] = bytes;
        total += bytes;
      }
    }
    return { hours, total };
  }

  /** 429 for a client whose `bytes` more would pass its day's quota, saying when it may try again. */
  private overClientQuota(hours: Record<string, number>, total: number, bytes: number, now: number): TooManyError {
    // The moment enough of the oldest buckets stop counting.
    let freed = 0;
    let retryAt = now + countedFor;
    for (const start of Object.keys(hours)
      .map(Number)
      .sort((a, b) => a - b)) {
      freed += hours[String(start)];
      if (total - freed + bytes <= this.settings.bytesPerClientPerDay) {
        retryAt = start + countedFor;
        break;
      }
    }
    // An hour's bucket counts until its last moment leaves the 24 hours, so up to 25 hours after its
    // first upload; the client is never told to stay away longer than the 24-hour window itself. A
    // retry then that still meets the last hour's bucket is told the minutes left.
    const wait = Math.min(Math.max(1, retryAt - now), uploadQuotaWindowMs);
    const megabytes = Math.round(this.settings.bytesPerClientPerDay / megabyte);
    const message = uploadQuotaMessages.perClient(megabytes, waitText(wait));
    return new TooManyError(message, Math.ceil(wait / 1000), { file: message });
  }

  private storageFull(): StorageFullError {
    return new StorageFullError(uploadQuotaMessages.full, { file: uploadQuotaMessages.full });
  }

  /**
   * 507 when storing `bytes` more would leave less than MIN_FREE_DISK_MB free: the level
   * below which the embedded server refuses to start, so uploads never stop a restart. Leads
   * (a few KB each) still arrive meanwhile.
   */
  async checkDisk(bytes: number): Promise<void> {
    if (!this.freeDisk) return;
    if ((await this.freeDisk()) - bytes < this.settings.minFreeDiskBytes) throw this.storageFull();
  }

  /** At the upload URL: whether `bytes` more from this client fit, charging nothing. 429 or 507 otherwise. */
  async check(client: string, bytes: number): Promise<void> {
    const now = this.clock.now().getTime();
    const { hours, total } = this.counted(await this.store.uploadQuotas.get(this.clientId(client)), now);
    if (total + bytes > this.settings.bytesPerClientPerDay) throw this.overClientQuota(hours, total, bytes, now);
    const unattached = (await this.store.uploadQuotas.get(unattachedId))?.bytes ?? 0;
    if (unattached + bytes > this.settings.unattachedBytes) throw this.storageFull();
    await this.checkDisk(bytes);
  }

  /** Creates the record when it does not exist yet (two requests may race to: one wins). */
  private async ensure(id: string): Promise<void> {
    if (await this.store.uploadQuotas.get(id)) return;
    try {
      await this.store.uploadQuotas.insert({
        id,
        bytes: 0,
        ...(id === unattachedId ? {} : { hours: {} }),
        updatedAt: this.clock.now().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /**
   * At the PUT, before its body is read: charges `bytes` (the size the upload URL was asked
   * for, the most the body may hold) to the client's day and to the unattached total, each
   * atomically against its limit. 429 or 507, with nothing charged, otherwise.
   */
  async charge(client: string, bytes: number): Promise<UploadCharge> {
    const clientId = this.clientId(client);
    await Promise.all([this.ensure(clientId), this.ensure(unattachedId)]);
    let refusal: TooManyError | null = null;
    let bucket = '';
    await this.store.uploadQuotas.transform(clientId, (current) => {
      const now = this.clock.now().getTime();
      const { hours, total } = this.counted(current, now);
      if (total + bytes > this.settings.bytesPerClientPerDay) {
        refusal = this.overClientQuota(hours, total, bytes, now);
        return null;
      }
      refusal = null;
      bucket = String(now - (now % hour));
      hours[bucket] = (hours[bucket] ?? 0) + bytes;
      return { hours, bytes: total + bytes, updatedAt: new Date(now).toISOString() };
    });
    if (refusal) throw refusal;
    const charge = { clientId, bucket, bytes };
    try {
      await this.reserve(bytes);
    } catch (error) {
      // Nothing was reserved: only the client's day gets its bytes back.
      await this.refund(charge);
      throw error;
    }
    try {
      await this.checkDisk(bytes);
    } catch (error) {
      await this.release(charge);
      throw error;
    }
    return charge;
  }

  /** Adds `bytes` to the unattached total within its limit; 507 otherwise. */
  private async reserve(bytes: number): Promise<void> {
    let fits = false;
    await this.store.uploadQuotas.transform(unattachedId, (current) => {
      fits = current.bytes + bytes <= this.settings.unattachedBytes;
      return fits ? { bytes: current.bytes + bytes, updatedAt: this.clock.now().toISOString() } : null;
    });
    if (!fits) throw this.storageFull();
  }

  /** The upload was stored with `stored` bytes: the rest of its charge goes back. */
  async settle(charge: UploadCharge, stored: number): Promise<void> {
    const back = charge.bytes - stored;
    if (back > 0) await this.refund({ ...charge, bytes: back });
  }

  /** Nothing was stored: the whole charge goes back. */
  async release(charge: UploadCharge): Promise<void> {
    await this.refund(charge);
    await this.changeUnattached(-charge.bytes);
  }

  private async refund(charge: UploadCharge): Promise<void> {
    await this.store.uploadQuotas.transform(charge.clientId, (current) => {
      const hours = { ...(current.hours ?? {}) };
      if (!(charge.bucket in hours)) return null;
      hours[charge.bucket] = Math.max(0, hours[charge.bucket] - charge.bytes);
      return { hours, bytes: Math.max(0, current.bytes - charge.bytes), updatedAt: this.clock.now().toISOString() };
    });
  }

  /**
   * The unattached total changes by `delta` bytes: files attached to a lead leave it (they are
   * the business's now), files freed again or a refused upload's reservation come back.
   */
  async changeUnattached(delta: number): Promise<void> {
    if (delta === 0) return;
    await this.ensure(unattachedId);
    await this.store.uploadQuotas.transform(unattachedId, (current) => ({
      bytes: Math.max(0, current.bytes + delta),
      updatedAt: this.clock.now().toISOString(),
    }));
  }

  /**
   * Sets the unattached total to what the records hold (the hourly sweep counts them), so
   * that a crash between a charge and its settling cannot leave bytes counted for ever.
   * Returns the stale client records deleted.
   */
  async recount(unattachedBytes: number): Promise<number> {
    await this.ensure(unattachedId);
    await this.store.uploadQuotas.update(unattachedId, { bytes: unattachedBytes, updatedAt: this.clock.now().toISOString() });
    // Clients with nothing counted any more: their records go (with the hash of their address).
    const cutoff = new Date(this.clock.now().getTime() - countedFor).toISOString();
    let removed = 0;
    for (;;) {
      const page = await this.store.uploadQuotas.find({ orderBy: 'updatedAt', direction: 'asc', lessThan: cutoff, limit: 500 });
      const stale = page.items.filter((record) => record.id !== unattachedId).map((record) => record.id);
      if (stale.length) await this.store.uploadQuotas.deleteMany(stale);
      removed += stale.length;
      if (!page.next || !stale.length) return removed;
    }
  }
}

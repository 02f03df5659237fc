import {
  attachmentContentTypes,
  attachmentIdOf,
  attachmentLimits,
  attachmentMessages,
  attachmentPaths,
  isHeic,
  sniffUpload,
  type AttachmentKind,
  type AttachmentRef,
  type AttachmentUploadRequest,
  type AttachmentUploadUrl,
  type LeadAttachment,
  type UploadedAttachment,
} from '@site/domain';
import { buffer } from 'node:stream/consumers';
import type { Log } from '../ports/log';
import { ConflictError, DomainError, InvalidError, NotFoundError, TooLargeError, UnsupportedTypeError } from '../ports/errors';
import { newId, newToken, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { ObjectStore } from '../ports/object-store';
import type { AttachmentRecord, Store } from '../ports/store';
import { checkPhotoHeader, processAttachmentPhoto, type ProcessedAttachment } from './attachments-pipeline';
import { LinkSigner } from './link-signing';
import type { UploadCharge, UploadQuota } from './upload-quota';
import { checkDeclaredLength, receiveUpload, sweepUnattached, takeTicket, type UploadBody, type UploadPolicy } from './upload-receiver';

export type LeadKind = 'inquiry' | 'quote';
export type AttachmentVariant = 'full' | 'thumbnail';
export type ProcessAttachmentPhoto = (input: Buffer) => Promise<ProcessedAttachment>;

export interface AttachmentProcessingOptions {
  /** Queues a photo's processing after the upload's answer (the `attachments` job, jobs/attachments.ts). */
  enqueue?: (id: string) => void;
  /** The photo processing; tests may slow it down or make it fail. */
  processPhoto?: ProcessAttachmentPhoto;
}

/** A PDF ends with `%%EOF`; readers accept it within the last 1024 bytes (trailing whitespace, a mail gateway's padding). */
const pdfTailLength = 1024;
/** The longest a signed link lives: one hour, enough to open or forward a file to a colleague now. */
export const signedLinkLifetimeMs = attachmentLimits.signedLinkMaxMs;

const tooLarge = () => new TooLargeError(attachmentMessages.tooLarge, { file: attachmentMessages.tooLarge });
/** A body longer than the size its upload URL was asked for (and charged to the client's quota). */
export const largerThanDeclared = 'This file is larger than the size given for it. Please upload it again.';
const longerThanDeclared = () => new TooLargeError(largerThanDeclared, { file: largerThanDeclared });
const wrongType = () => new UnsupportedTypeError(attachmentMessages.wrongType, { file: attachmentMessages.wrongType });
const heicRefused = () => new UnsupportedTypeError(attachmentMessages.heic, { file: attachmentMessages.heic });
const refused = (message: string, field = 'attachments') =>
  new InvalidError(message, { attachments: message, ...(field !== 'attachments' ? { [field]: message } : {}) });

interface Sniffed {
  kind: AttachmentKind;
  contentType: string;
  extension: string;
}

/**
 * Customers' files: a photo or a PDF plan, each within the attachment limit and the size its
 * upload URL was asked for; a PDF must end as PDFs do.
 */
function attachmentPolicy(declared: number): UploadPolicy<Sniffed> {
  return {
    judge: (head) => (isHeic(head) ? heicRefused() : (sniff(head) ?? wrongType())),
    limits: () => [
      { bytes: attachmentLimits.maxBytes, refusal: tooLarge },
      { bytes: declared, refusal: longerThanDeclared },
    ],
    empty: () => new InvalidError(attachmentMessages.empty, { file: attachmentMessages.empty }),
    tail: {
      length: pdfTailLength,
      check: (sniffed, tail) =>
        sniffed.kind === 'pdf' && !tail.toString('latin1').includes('%%EOF')
          ? new InvalidError(attachmentMessages.unreadablePdf, { file: attachmentMessages.unreadablePdf })
          : null,
    },
  };
}

/** The accepted types by their first bytes: JPEG, PNG, WebP, AVIF (as the admin's uploads know them) and PDF (`%PDF-`). */
function sniff(head: Buffer): Sniffed | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
  const image = sniffUpload(head);
  if (!image || !Object.hasOwn(attachmentContentTypes, image.contentType)) return null;
  const accepted = attachmentContentTypes[image.contentType];
  return { kind: accepted.kind, contentType: image.contentType, extension: accepted.extension };
}

/** What the admin lead card shows of one attachment. */
export function leadAttachment(record: AttachmentRecord): LeadAttachment {
  const photo = record.kind === 'photo';
  const done = photo && record.processing === 'done';
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    contentType: record.contentType,
    size: record.size,
    url: attachmentPaths.file(record.id),
    ...(done ? { thumbnailUrl: attachmentPaths.thumbnail(record.id) } : {}),
    ...(done && record.width && record.height ? { width: record.width, height: record.height } : {}),
    ...(photo ? { processing: record.processing ?? 'pending' } : {}),
  };
}

/**
 * Customers' photos and PDF plans: single-use upload URLs, the checks every file passes
 * while it streams in, the photos' processing in the background, attaching them to a lead,
 * serving them to staff, and deleting them with their lead or after a day unattached.
 */
export class Attachments {
  private readonly processPhoto: ProcessAttachmentPhoto;
  private readonly links: LinkSigner;

  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly options: AttachmentProcessingOptions,
    private readonly quota: UploadQuota,
  ) {
    this.processPhoto = options.processPhoto ?? processAttachmentPhoto;
    this.links = new LinkSigner(store, clock);
  }

  // ---------------------------------------------------------------- uploading

  /**
   * A single-use upload URL through the API, in both modes: the file is checked while it
   * streams in, whoever uploads it (see docs/decisions/014-attachments.md).
   */
  async issue(request: AttachmentUploadRequest, client: string): Promise<AttachmentUploadUrl> {
    // Refused now, before any byte is sent, when the file could not be kept; the PUT charges it.
    await this.quota.check(client, request.size);
    const token = newToken();
    const now = this.clock.now();
    await this.store.attachmentTickets.insert({
      id: sha256(token),
      contentType: request.contentType,
      name: request.name,
      size: request.size,
      used: false,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + attachmentLimits.ticketLifetimeMs).toISOString(),
    });
    return { uploadURL: attachmentPaths.upload(token), method: 'PUT', headers: { 'Content-Type': request.contentType } };
  }

  /**
   * Receives a PUT to an upload URL (see upload-receiver.ts). The URL is consumed first,
   * whatever happens next. The type is decided by the content (first bytes; a PDF's end too;
   * a photo's header is read), the size is counted while streaming; a refused file is deleted
   * and nothing is recorded. A photo is answered before it is processed: its processing is queued.
   */
  async receive(token: string, upload: UploadBody, client: string): Promise<UploadedAttachment> {
    const ticket = await takeTicket(this.store.attachmentTickets, token, this.clock.now());
    const policy = attachmentPolicy(ticket.size);
    checkDeclaredLength(policy, upload.declaredLength);

    // Charged before a byte is read: the size asked for, which the body may not pass.
    const charge = await this.quota.charge(client, ticket.size);
    let stored = false;
    try {
      return await receiveUpload(this.objects.stagingDir, upload, policy, async ({ path: staged, accepted: sniffed, size }) => {
        if (sniffed.kind === 'photo') await checkPhotoHeader(staged);
        const id = newId();
        const key = `attachments/${id}.${sniffed.extension}`;
        await this.objects.putFile(key, staged, sniffed.contentType);
        const record: AttachmentRecord = {
          id,
          name: ticket.name,
          kind: sniffed.kind,
          contentType: sniffed.contentType,
          size,
          createdAt: this.clock.now().toISOString(),
          attached: false,
          key,
          ...(sniffed.kind === 'photo' ? { processing: 'pending' as const } : {}),
        };
        await this.store.attachments.insert(record);
        stored = true;
        await this.settleCharge(charge, size);
        if (record.kind === 'photo') this.options.enqueue?.(id);
        return { url: attachmentPaths.file(id), name: record.name, kind: record.kind, contentType: record.contentType, size };
      });
    } finally {
      if (!stored) await this.releaseCharge(charge);
    }
  }

  /** Gives back a refused upload's charge; a failure to is logged, not answered (the sweep recounts). */
  private async releaseCharge(charge: UploadCharge): Promise<void> {
    try {
      await this.quota.release(charge);
    } catch (error) {
      this.log('attachment upload: could not give back its quota', error);
    }
  }

  /** Turns a stored upload's charge into the bytes received; the file is kept whether or not this works. */
  private async settleCharge(charge: UploadCharge, stored: number): Promise<void> {
    try {
      await this.quota.settle(charge, stored);
    } catch (error) {
      this.log('attachment upload: could not settle its quota', error);
    }
  }

  // ---------------------------------------------------------------- processing photos

  /**
   * Makes a pending photo's upright, metadata-free copies now, then deletes the original
   * (with its GPS position). A photo that cannot be decoded is marked failed and its original
   * deleted too. A photo that is not pending (or is gone) is left alone.
   */
  async process(id: string): Promise<void> {
    const record = await this.store.attachments.get(id);
    if (!record || record.kind !== 'photo' || record.processing !== 'pending' || !record.key) return;
    const opened = await this.objects.open(record.key);
    if (!opened) {
      await this.store.attachments.updateIf(id, { processing: 'pending' }, { processing: 'failed', key: undefined });
      await this.syncLead(id);
      return;
    }
    const original = await buffer(opened.stream);
    let made: ProcessedAttachment;
    try {
      made = await this.processPhoto(original);
    } catch (error) {
      if (!(error instanceof DomainError)) this.log(`attachment ${id}: processing failed`, error);
      // Nothing will ever show the original: it goes now, with its GPS position.
      await this.objects.delete(record.key);
      await this.store.attachments.updateIf(id, { processing: 'pending' }, { processing: 'failed', key: undefined });
      await this.syncLead(id);
      return;
    }
    const fullKey = `attachments/${id}-full.webp`;
    const thumbnailKey = `attachments/${id}-thumbnail.webp`;
    await this.objects.put(fullKey, made.full.data, 'image/webp');
    await this.objects.put(thumbnailKey, made.thumbnail, 'image/webp');
    // The original goes before the record says done: a photo marked done has no GPS position
    // left anywhere. (A crash right here leaves it pending without its original: it is then
    // marked failed, never served.)
    await this.objects.delete(record.key);
    const applied = await this.store.attachments.updateIf(
      id,
      { processing: 'pending' },
      { processing: 'done', key: undefined, fullKey, thumbnailKey, width: made.full.width, height: made.full.height },
    );
    if (!applied) {
      // Deleted meanwhile (its lead, or the sweep): these copies belong to nothing.
      await Promise.all([this.objects.delete(fullKey), this.objects.delete(thumbnailKey)]);
      return;
    }
    await this.syncLead(id);
  }

  /** Copies an attachment's processing state into its lead's list, when it is attached to one. */
  private async syncLead(id: string): Promise<void> {
    const record = await this.store.attachments.get(id);
    if (!record?.leadId || !record.leadKind) return;
    await this.refreshLead(record.leadKind, record.leadId, [record]);
  }

  /** Writes these records' current state into the lead's `attachments` (entries by id). */
  private async refreshLead(kind: LeadKind, leadId: string, records: AttachmentRecord[]): Promise<void> {
    const fresh = new Map(records.map((record) => [record.id, leadAttachment(record)]));
    const update = (list: LeadAttachment[] | undefined) => {
      if (!list?.some((item) => fresh.has(item.id))) return null;
      const next = list.map((item) => {
        const current = fresh.get(item.id);
        return current ? { ...current, name: item.name } : item;
      });
      return JSON.stringify(next) === JSON.stringify(list) ? null : next;
    };
    if (kind === 'inquiry') {
      await this.store.inquiries.transform(leadId, (lead) => {
        const attachments = update(lead.attachments);
        return attachments ? { attachments } : null;
      });
    } else {
      await this.store.quotes.transform(leadId, (lead) => {
        const attachments = update(lead.attachments);
        return attachments ? { attachments } : null;
      });
    }
  }

  // ---------------------------------------------------------------- attaching to a lead

  /**
   * Attaches the files a submitted lead names, before the lead is stored: each must be an
   * upload of this API, fresh, and on no other lead; otherwise 400 and nothing is attached.
   * Answers what the lead keeps of them.
   */
  async attach(refs: readonly AttachmentRef[], kind: LeadKind, leadId: string): Promise<LeadAttachment[]> {
    const cutoff = new Date(this.clock.now().getTime() - attachmentLimits.unattachedLifetimeMs).toISOString();
    const records: AttachmentRecord[] = [];
    for (const [i, ref] of refs.entries()) {
      const id = attachmentIdOf(ref.url);
      const record = id ? await this.store.attachments.get(id) : null;
      if (!record || record.createdAt < cutoff) throw refused(attachmentMessages.unknown, `attachments.${i}.url`);
      if (record.attached) throw refused(attachmentMessages.attachedElsewhere, `attachments.${i}.url`);
      records.push(record);
    }
    const attached: AttachmentRecord[] = [];
    for (const [i, record] of records.entries()) {
      const patch = { attached: true, leadKind: kind, leadId, name: refs[i].name };
      if (!(await this.store.attachments.updateIf(record.id, { attached: false }, patch))) {
        // Another request attached it a moment ago: undo this lead's and refuse.
        await this.detach(attached.map((item) => item.id));
        throw refused(attachmentMessages.attachedElsewhere, `attachments.${i}.url`);
      }
      attached.push({ ...record, ...patch });
    }
    // On a lead they are the business's files: no longer counted against customers' uploads.
    await this.changeUnattached(-attached.reduce((sum, record) => sum + record.size, 0));
    return attached.map(leadAttachment);
  }

  /** Frees attachments again (their lead could not be stored); the sweep deletes them in time. */
  async detach(ids: readonly string[]): Promise<void> {
    let freed = 0;
    for (const id of ids) {
      const record = await this.store.attachments.get(id);
      if (!record?.attached) continue;
      await this.store.attachments.update(id, { attached: false, leadKind: undefined, leadId: undefined });
      freed += record.size;
    }
    await this.changeUnattached(freed);
  }

  /**
   * Moves the unattached uploads' total; a failure is logged rather than failing the lead
   * (the hourly sweep sets the total from the records again).
   */
  private async changeUnattached(delta: number): Promise<void> {
    try {
      await this.quota.changeUnattached(delta);
    } catch (error) {
      this.log('attachments: could not update the unattached uploads total', error);
    }
  }

  /**
   * Once the lead is stored: a photo processed between `attach` and now had no lead to write
   * to, so its state is written here (the processing writes to the lead itself afterwards).
   */
  async settle(kind: LeadKind, leadId: string, attached: readonly LeadAttachment[]): Promise<void> {
    const records = (await Promise.all(attached.map((item) => this.store.attachments.get(item.id)))).filter(
      (record): record is AttachmentRecord => record !== null,
    );
    await this.refreshLead(kind, leadId, records);
  }

  /** Deletes a lead's files and their records (the lead is being deleted). */
  async removeForLead(kind: LeadKind, leadId: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const page = await this.store.attachments.find({ where: { leadId }, orderBy: 'createdAt', direction: 'asc', limit: 100 });
      const mine = page.items.filter((record) => record.leadKind === kind);
      for (const record of mine) await this.removeRecord(record);
      removed += mine.length;
      if (!page.next || !mine.length) return removed;
    }
  }

  private async removeRecord(record: AttachmentRecord): Promise<void> {
    const keys = [record.key, record.fullKey, record.thumbnailKey].filter((key): key is string => key !== undefined);
    await Promise.all(keys.map((key) => this.objects.delete(key)));
    await this.store.attachments.delete(record.id);
  }

  /**
   * Uploads never attached to a submitted lead are deleted after a day; so are spent upload
   * URLs. Then the unattached uploads' total is set from the records left (see UploadQuota.recount).
   */
  async sweep(): Promise<number> {
    const now = this.clock.now().getTime();
    const cutoff = new Date(now - attachmentLimits.unattachedLifetimeMs).toISOString();
    const removed = await sweepUnattached(this.store.attachments, cutoff, (record) => this.removeRecord(record));
    for (;;) {
      const page = await this.store.attachmentTickets.find({
        orderBy: 'expiresAt',
        direction: 'asc',
        lessThan: new Date(now).toISOString(),
        limit: 500,
      });
      if (!page.items.length) break;
      await this.store.attachmentTickets.deleteMany(page.items.map((ticket) => ticket.id));
    }
    await this.quota.recount(await this.unattachedBytes());
    return removed;
  }

  /** The bytes of every upload not on a lead. */
  private async unattachedBytes(): Promise<number> {
    let total = 0;
    let after: string | undefined;
    do {
      const page = await this.store.attachments.find({
        where: { attached: false },
        orderBy: 'createdAt',
        direction: 'asc',
        limit: 500,
        after,
      });
      for (const record of page.items) total += record.size;
      after = page.next;
    } while (after);
    return total;
  }

  // ---------------------------------------------------------------- serving to staff

  /** The stored file of an attachment's variant, with what to serve it as; 404 for an unknown one. */
  async file(
    id: string,
    variant: AttachmentVariant,
  ): Promise<{ record: AttachmentRecord; key: string; contentType: string; filename: string; download: boolean }> {
    const record = await this.store.attachments.get(id);
    if (!record) throw new NotFoundError('Attachment not found');
    if (record.kind === 'pdf') {
      if (variant !== 'full' || !record.key) throw new NotFoundError('Attachment not found');
      return { record, key: record.key, contentType: 'application/pdf', filename: record.name, download: true };
    }
    // A photo's original (with its GPS position) is never served: only its processed copies.
    if (record.processing === 'pending') throw new ConflictError('This photo is still being processed. Please try again in a moment.');
    const key = variant === 'full' ? record.fullKey : record.thumbnailKey;
    if (record.processing !== 'done' || !key) throw new NotFoundError('This photo could not be read');
    const base = record.name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return {
      record,
      key,
      contentType: 'image/webp',
      filename: `${base}${variant === 'thumbnail' ? '-thumbnail' : ''}.webp`,
      download: false,
    };
  }

  /** What a file's link signs: the file, which of its variants, and until when. */
  private linkSubject(id: string, variant: AttachmentVariant, expires: number): string {
    return `${id}\n${variant}\n${expires}`;
  }

  /** A link to the file that works without a session until `expiresAt` (at most an hour from now). */
  async signedLink(id: string, variant: AttachmentVariant, lifetimeMs = signedLinkLifetimeMs): Promise<{ url: string; expiresAt: string }> {
    const expires = Math.floor((this.clock.now().getTime() + Math.min(lifetimeMs, signedLinkLifetimeMs)) / 1000);
    const sig = await this.links.signature('attachment', this.linkSubject(id, variant, expires));
    const path = variant === 'full' ? attachmentPaths.file(id) : attachmentPaths.thumbnail(id);
    return { url: `${path}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Whether a signed link's `expires` and `sig` are this server's and still valid. */
  async verifyLink(id: string, variant: AttachmentVariant, expires: unknown, sig: unknown): Promise<boolean> {
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig))
      return false;
    const at = Number(expires);
    const now = this.clock.now().getTime() / 1000;
    if (at <= now || at > now + signedLinkLifetimeMs / 1000 + 60) return false;
    return this.links.matches('attachment', this.linkSubject(id, variant, at), sig);
  }
}

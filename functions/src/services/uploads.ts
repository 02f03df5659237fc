import {
  limits,
  sniffLength,
  sniffUpload,
  uploadExtension,
  uploadMessages,
  uploadRules,
  type SniffedUpload,
  type UploadKind,
} from '@site/domain';
import { buffer } from 'node:stream/consumers';
import { InvalidError, TooLargeError, UnsupportedTypeError } from '../ports/errors';
import {
  checkDeclaredLength,
  receiveUpload,
  sizeCeiling,
  sweepUnattached,
  takeTicket,
  type UploadBody,
  type UploadPolicy,
} from './upload-receiver';
import { cleanImage, heicRefused, isHeic, readImageHeader, unreadablePhoto } from './photo-pipeline';
import { removeModelFiles } from './model-files';
import { Photos } from './photos';
import type { UploadQuota } from './upload-quota';
import { newId, newToken, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { DirectUpload, ObjectStore } from '../ports/object-store';
import type { Store, StoredObjectRecord } from '../ports/store';

const maxBytes = (kind: UploadKind) => uploadRules[kind].maxBytes;

/** `{uploadURL}` for uploads through the API; direct uploads also carry the headers to send and the file's location. */
export type UploadUrlAnswer = { uploadURL: string } | ({ uploadURL: string; url: string } & Omit<DirectUpload, 'url'>);

const ticketLifetimeMs = 15 * 60 * 1000;
export const unattachedLifetimeMs = 24 * 60 * 60 * 1000;

const wrongType = () => new UnsupportedTypeError(uploadMessages.wrongType);

/**
 * Where a file of a kind is stored. Models and thumbnails are public as uploaded; a photo's
 * upload is the original, with the owner's camera and GPS data in it: it is kept under
 * `originals/`, which nothing serves, and only its processed copies are public. A document (a
 * quote's insurance certificate, with the customer's name and address) is kept under
 * `documents/`, which nothing serves either: it is read through the routes that check who asks.
 */
export const uploadFolders: Readonly<Record<UploadKind, string>> = {
  model: 'models',
  thumbnail: 'thumbnails',
  photo: 'originals',
  document: 'documents',
};

/** Kinds whose stored file is never served at its own address. */
export const privateUploadKinds: ReadonlySet<string> = new Set<UploadKind>(['photo', 'document']);

/** The kind a file's first bytes make it, given the kind its upload URL was issued for: any image may be a photo. */
function asKind(sniffed: SniffedUpload | null, kind: UploadKind | ''): SniffedUpload | null {
  if (!sniffed) return null;
  if (kind === 'photo' && sniffed.kind === 'thumbnail') return { ...sniffed, kind: 'photo' };
  return !kind || sniffed.kind === kind ? sniffed : null;
}
const tooLarge = (kind: UploadKind | '') => new TooLargeError(uploadMessages.tooLarge(kind));

/** The admin's uploads: a GLB model, a thumbnail or a photo, each within its own size. */
function adminUploadPolicy(kind: UploadKind | ''): UploadPolicy<SniffedUpload> {
  return {
    judge: (head) => {
      if (kind !== 'model' && kind !== 'document' && isHeic(head)) return heicRefused();
      return asKind(sniffUpload(head), kind) ?? wrongType();
    },
    limits: (sniffed) => {
      const of = sniffed?.kind ?? kind;
      return [{ bytes: of ? maxBytes(of) : limits.glbMaxBytes, refusal: () => tooLarge(of) }];
    },
    empty: () => new InvalidError(uploadMessages.empty),
  };
}

/** Single-use upload URLs and the checks every uploaded file passes. */
export class Uploads {
  readonly photos: Photos;

  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly clock: Clock,
    private readonly quota: Pick<UploadQuota, 'checkDisk'>,
  ) {
    this.photos = new Photos(store, objects);
  }

  async issue(userId: string, kind: UploadKind | undefined, contentType?: string): Promise<UploadUrlAnswer> {
    const direct = this.objects.createUploadUrl?.bind(this.objects);
    if (direct) return this.issueDirect(direct, kind, contentType);
    const token = newToken();
    const now = this.clock.now();
    await this.store.uploadTickets.insert({
      id: sha256(token),
      kind: kind ?? '',
      userId,
      used: false,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ticketLifetimeMs).toISOString(),
    });
    return { uploadURL: `/api/objects/upload/${token}` };
  }

  /**
   * A signed URL straight to the object store (Cloud Storage). The signature binds the
   * content type and the size limit, so both must be known now. The object's record is
   * written at once with size 0, meaning "not yet checked": `check` reads the stored file's
   * first bytes before any model may use it.
   */
  private async issueDirect(
    createUploadUrl: NonNullable<ObjectStore['createUploadUrl']>,
    kind: UploadKind | undefined,
    contentType: string | undefined,
  ): Promise<UploadUrlAnswer> {
    if (!kind) {
      const message = 'Upload kind must be model, thumbnail, photo or document';
      throw new InvalidError(message, { kind: message });
    }
    const type = contentType ?? (kind === 'model' ? 'model/gltf-binary' : kind === 'document' ? 'application/pdf' : undefined);
    if (!type) {
      const message = `${kind === 'photo' ? 'Photos' : 'Thumbnails'} must say their content type: image/png, image/jpeg, image/webp or image/avif`;
      throw new InvalidError(message, { contentType: message });
    }
    if (kind !== 'model' && kind !== 'document' && /^image\/hei[cf]/.test(type)) throw heicRefused();
    const extension = uploadExtension(kind, type);
    if (!extension) throw wrongType();
    const id = newId();
    const key = `${uploadFolders[kind]}/${id}.${extension}`;
    const now = this.clock.now();
    const record: StoredObjectRecord = {
      id,
      key,
      url: this.objects.publicUrl(key),
      kind,
      contentType: type,
      size: 0,
      attached: false,
      createdAt: now.toISOString(),
    };
    await this.store.objects.insert(record);
    const direct = await createUploadUrl(key, type, maxBytes(kind), new Date(now.getTime() + ticketLifetimeMs));
    return { uploadURL: direct.url, method: direct.method, headers: direct.headers, url: record.url };
  }

  /**
   * Receives the body of a PUT to an upload URL (see upload-receiver.ts): the URL is consumed
   * first, the type is decided by the first bytes and the size counted while streaming; a
   * file over its limit or of the wrong type is deleted and nothing is recorded.
   */
  async receive(token: string, upload: UploadBody): Promise<StoredObjectRecord> {
    const ticket = await takeTicket(this.store.uploadTickets, token, this.clock.now());
    const policy = adminUploadPolicy(ticket.kind);
    const declared = checkDeclaredLength(policy, upload.declaredLength);
    // The disk's floor holds for the admin's files too (a model is up to 100 MB).
    await this.quota.checkDisk(declared ?? sizeCeiling(policy));
    return receiveUpload(this.objects.stagingDir, upload, policy, async ({ path: staged, accepted: sniffed, size }) => {
      const objectId = newId();
      const key = `${uploadFolders[sniffed.kind]}/${objectId}.${sniffed.extension}`;
      let storedSize = size;
      if (sniffed.kind === 'thumbnail') {
        // A thumbnail is public as stored: its EXIF (GPS position, camera) goes before it is kept.
        const cleaned = await cleanImage(staged, sniffed.contentType);
        await this.objects.put(key, cleaned, sniffed.contentType);
        storedSize = cleaned.length;
      } else {
        // A photo's header is read before it is stored: too many pixels or an extreme shape is refused at once.
        if (sniffed.kind === 'photo') await readImageHeader(staged, unreadablePhoto, 'file');
        await this.objects.putFile(key, staged, sniffed.contentType);
      }
      const record: StoredObjectRecord = {
        id: objectId,
        key,
        url: this.objects.publicUrl(key),
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        size: storedSize,
        attached: false,
        createdAt: this.clock.now().toISOString(),
      };
      await this.store.objects.insert(record);
      if (record.kind === 'photo') {
        // Processed now, while the admin watches the upload finish: a photo that cannot be
        // decoded is refused here, with nothing kept, rather than when the project is saved.
        try {
          return { ...record, processed: await this.photos.ensureProcessed(record) };
        } catch (error) {
          await this.remove(record.url);
          throw error;
        }
      }
      return record;
    });
  }

  /** Deletes a stored object and its file (a photo's processed files too). */
  /** The content type of a stored upload anyone may download by its key; null for none, or a private one. */
  async publicContentType(key: string): Promise<string | null> {
    const record = await this.store.objects.findOne({ key });
    return record && !privateUploadKinds.has(record.kind) ? record.contentType : null;
  }

  async remove(url: string): Promise<void> {
    const record = await this.store.objects.findOne({ url });
    if (record) await this.removeRecord(record);
  }

  private async removeRecord(record: StoredObjectRecord): Promise<void> {
    await this.photos.removeFiles(record);
    if (record.kind === 'model') await removeModelFiles(this.objects, record);
    await this.objects.delete(record.key);
    await this.store.objects.delete(record.id);
  }

  /** Checks a URL given for a model field: one this server issued, of the right kind, free or already this model's. */
  async check(url: string, kind: 'model' | 'thumbnail', current?: string): Promise<StoredObjectRecord> {
    const record = await this.store.objects.findOne({ url });
    const field = kind === 'model' ? 'modelUrl' : 'thumbnailUrl';
    if (!record || record.kind !== kind) {
      throw new InvalidError(kind === 'model' ? 'Please upload a GLB model' : 'Please upload a thumbnail image', {
        [field]: kind === 'model' ? 'Must be a GLB model uploaded to this site' : 'Must be an image uploaded to this site',
      });
    }
    if (record.attached && record.url !== current) {
      throw new InvalidError('This file belongs to another model', { [field]: 'This file belongs to another model' });
    }
    return record.size === 0 ? this.checkDirect(record, field) : record;
  }

  /**
   * Checks a photo given for a project: an uploaded `photo` this server issued, not used by
   * another project (`own` holds the urls this project already has). `field` names where the
   * message goes, e.g. `photos.2.url`.
   */
  async checkPhoto(url: string, field: string, own: ReadonlySet<string>): Promise<StoredObjectRecord> {
    const record = await this.store.objects.findOne({ url });
    if (!record || record.kind !== 'photo') {
      throw new InvalidError('Please upload the photo to this site', { [field]: 'Must be a photo uploaded to this site' });
    }
    if (record.attached && !own.has(url)) {
      throw new InvalidError('This photo belongs to another project', { [field]: 'This photo belongs to another project' });
    }
    return record.size === 0 ? this.checkDirect(record, field) : record;
  }

  /**
   * A file that went straight to the object store passes the same checks as one streamed
   * through the API, once it is there: its first bytes must be the type it was issued for,
   * and its size within the limit. A file that fails is deleted with its record.
   */
  private async checkDirect(record: StoredObjectRecord, field: string): Promise<StoredObjectRecord> {
    const stored = this.objects.head ? await this.objects.head(record.key, sniffLength) : null;
    if (!stored || stored.size === 0) {
      const message = 'The upload has not finished. Please upload the file again';
      throw new InvalidError(message, { [field]: message });
    }
    const sniffed = asKind(sniffUpload(stored.head), record.kind);
    const fits = stored.size <= maxBytes(record.kind);
    if (!fits || !sniffed || sniffed.contentType !== record.contentType) {
      await this.remove(record.url);
      if (fits && record.kind === 'photo' && isHeic(stored.head)) throw heicRefused();
      throw fits ? wrongType() : tooLarge(record.kind);
    }
    if (record.kind === 'thumbnail') return this.cleanDirect(record, field);
    return (await this.store.objects.update(record.id, { size: stored.size })) ?? record;
  }

  /**
   * A thumbnail that went straight to the bucket is cleaned when a model first uses it, as one
   * streamed through the API is on arrival: its EXIF goes, and the cleaned image replaces it
   * under the same key (so its address stays the one the form has). Until then only the
   * uploader knows its random address.
   */
  private async cleanDirect(record: StoredObjectRecord, field: string): Promise<StoredObjectRecord> {
    const opened = await this.objects.open(record.key);
    if (!opened) {
      const message = 'The upload has not finished. Please upload the file again';
      throw new InvalidError(message, { [field]: message });
    }
    let cleaned: Buffer;
    try {
      cleaned = await cleanImage(await buffer(opened.stream), record.contentType, field);
    } catch (error) {
      await this.remove(record.url);
      throw error;
    }
    await this.objects.put(record.key, cleaned, record.contentType);
    return (await this.store.objects.update(record.id, { size: cleaned.length })) ?? record;
  }

  /** Uploads never attached to a model are removed after a day. */
  async sweep(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - unattachedLifetimeMs).toISOString();
    return sweepUnattached(this.store.objects, cutoff, (record) => this.removeRecord(record));
  }
}

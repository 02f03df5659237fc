import type { PhotoSource } from '@site/domain';
import { buffer } from 'node:stream/consumers';
import { InvalidError } from '../ports/errors';
import type { ObjectStore } from '../ports/object-store';
import type { PublicPhotoFiles, Store, StoredObjectRecord } from '../ports/store';
import { processPhoto, unreadablePhoto, type PhotoFile } from './photo-pipeline';

/** The key of one processed file: `photos/{upload id}-{width}.{avif|webp}`. */
const fileKey = (uploadId: string, file: Pick<PhotoFile, 'width' | 'format'>) => `photos/${uploadId}-${file.width}.${file.format}`;
const contentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

/** The processed files' keys of an uploaded photo, read back from its srcsets. */
function processedKeys(record: StoredObjectRecord): string[] {
  const keys: string[] = [];
  for (const source of record.processed?.sources ?? []) {
    const format = source.type === 'image/avif' ? 'avif' : 'webp';
    for (const match of source.srcset.matchAll(/ (\d+)w/g)) keys.push(fileKey(record.id, { width: Number(match[1]), format }));
  }
  return keys;
}

/**
 * An uploaded photo's processed files: made once, right after the upload is checked (or,
 * for a file that went straight to Cloud Storage, when a project first uses it), stored
 * under `photos/` and described on the upload's record, from which projects copy them.
 */
export class Photos {
  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
  ) {}

  /** The photo's processed files, made now unless they already exist. A photo that cannot be decoded answers 400. */
  async ensureProcessed(record: StoredObjectRecord, field = 'photos'): Promise<PublicPhotoFiles> {
    if (record.processed) return record.processed;
    const opened = await this.objects.open(record.key);
    if (!opened)
      throw new InvalidError('The upload has not finished. Please upload the photo again', { [field]: 'Please upload the photo again' });
    const original = await buffer(opened.stream);
    let made;
    try {
      made = await processPhoto(original);
    } catch (error) {
      if (error instanceof InvalidError) throw new InvalidError(error.message, { [field]: error.message });
      throw error;
    }
    await Promise.all(made.files.map((file) => this.objects.put(fileKey(record.id, file), file.data, contentTypes[file.format])));
    const sources: PhotoSource[] = (['avif', 'webp'] as const).map((format) => ({
      type: contentTypes[format],
      srcset: made.files
        .filter((file) => file.format === format)
        .map((file) => `${this.objects.publicUrl(fileKey(record.id, file))} ${file.width}w`)
        .join(', '),
    }));
    // The fallback `src`: a WebP of a middle width, sharp on a phone and light on a desktop.
    const webps = made.files.filter((file) => file.format === 'webp');
    const fallback = webps.find((file) => file.width >= 1200) ?? webps[webps.length - 1];
    const processed: PublicPhotoFiles = {
      width: made.width,
      height: made.height,
      placeholder: made.placeholder,
      src: this.objects.publicUrl(fileKey(record.id, fallback)),
      sources,
    };
    await this.store.objects.update(record.id, { processed });
    return processed;
  }

  /** Deletes an uploaded photo's processed files. */
  async removeFiles(record: StoredObjectRecord): Promise<void> {
    await Promise.all(processedKeys(record).map((key) => this.objects.delete(key)));
  }
}

export { unreadablePhoto };

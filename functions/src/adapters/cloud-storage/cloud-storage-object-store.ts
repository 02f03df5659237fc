import type { Storage } from 'firebase-admin/storage';
import { mkdir, rm } from 'node:fs/promises';
import type { DirectUpload, ObjectHead, ObjectStore } from '#functions/ports/object-store.ts';

type Bucket = ReturnType<Storage['bucket']>;

/** Uploaded files never change under their key (each upload gets a new one). */
export const objectCacheControl = 'public, max-age=31536000, immutable';

export interface CloudStorageOptions {
  /** Local folder for files streamed through the API while they are checked (the function's /tmp). */
  stagingDir: string;
  /**
   * Origin of the Firebase Storage download API: `https://firebasestorage.googleapis.com`,
   * or the Storage emulator's `http://127.0.0.1:9199`. Reads through it obey storage.rules,
   * which make model and thumbnail objects public.
   */
  downloadOrigin: string;
  /**
   * Whether the browser uploads straight to the bucket through v4 signed URLs. Signing needs
   * a service-account identity (a key, or the runtime account's IAM signBlob); the Storage
   * emulator has no signed URLs, so there uploads go through the function instead.
   */
  signedUploads: boolean;
}

/**
 * A bucket by its name, opened at its first use: the Cloud Storage client loads then, so a
 * request that touches no file (most of them) never waits for it.
 */
export interface LazyBucket {
  name: string;
  open(): Bucket;
}

/** Uploaded files in a Cloud Storage bucket, served by the Firebase Storage download API. */
export async function createCloudStorageObjectStore(source: Bucket | LazyBucket, options: CloudStorageOptions): Promise<ObjectStore> {
  await mkdir(options.stagingDir, { recursive: true });
  const base = `${options.downloadOrigin.replace(/\/$/, '')}/v0/b/${encodeURIComponent(source.name)}/o/`;
  let opened: Bucket | undefined;
  const bucket = () => (opened ??= 'file' in source ? source : source.open());

  const store: ObjectStore = {
    stagingDir: options.stagingDir,
    async putFile(key, path, contentType) {
      await bucket().upload(path, {
        destination: key,
        contentType,
        resumable: false,
        metadata: { cacheControl: objectCacheControl },
        preconditionOpts: { ifGenerationMatch: 0 },
      });
      // The port moves the staged file into the store.
      await rm(path, { force: true });
    },
    async put(key, data, contentType) {
      await bucket()
        .file(key)
        .save(data, { contentType, resumable: false, metadata: { cacheControl: objectCacheControl } });
    },
    publicUrl: (key) => `${base}${encodeURIComponent(key)}?alt=media`,
    async open(key) {
      const file = bucket().file(key);
      try {
        const [metadata] = await file.getMetadata();
        return { stream: file.createReadStream(), size: Number(metadata.size ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const [exists] = await bucket().file(key).exists();
      return exists;
    },
    async delete(key) {
      await bucket().file(key).delete({ ignoreNotFound: true });
    },
    async head(key, bytes): Promise<ObjectHead | null> {
      const file = bucket().file(key);
      try {
        const [metadata] = await file.getMetadata();
        const size = Number(metadata.size ?? 0);
        const [head] = size > 0 ? await file.download({ start: 0, end: Math.min(bytes, size) - 1, validation: false }) : [Buffer.alloc(0)];
        return { size, contentType: metadata.contentType ?? '', head };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
  if (options.signedUploads)
    store.createUploadUrl = (key, contentType, maxBytes, expires) => signUpload(bucket(), key, contentType, maxBytes, expires);
  return store;
}

/**
 * A v4 signed PUT URL for one new object. Every header below is part of the signature, so
 * the browser must send exactly these: Cloud Storage then refuses another content type,
 * a body outside 1..maxBytes (x-goog-content-length-range), and any second upload to the
 * same key (x-goog-if-generation-match: 0, "only if no object exists"), which makes the
 * URL single-use.
 */
export async function signUpload(bucket: Bucket, key: string, contentType: string, maxBytes: number, expires: Date): Promise<DirectUpload> {
  const extensionHeaders = {
    'x-goog-content-length-range': `1,${maxBytes}`,
    'x-goog-if-generation-match': '0',
    'cache-control': objectCacheControl,
  };
  const [url] = await bucket.file(key).getSignedUrl({ version: 'v4', action: 'write', expires, contentType, extensionHeaders });
  return {
    url,
    method: 'PUT',
    headers: {
      'Content-Type': contentType,
      'Cache-Control': extensionHeaders['cache-control'],
      'x-goog-content-length-range': extensionHeaders['x-goog-content-length-range'],
      'x-goog-if-generation-match': extensionHeaders['x-goog-if-generation-match'],
    },
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}

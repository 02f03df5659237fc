import type { Readable } from 'node:stream';

/** An upload URL the client sends its file to directly, with exactly these headers. */
export interface DirectUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** What a stored object holds: its size, its stored content type and its first bytes. */
export interface ObjectHead {
  size: number;
  contentType: string;
  head: Buffer;
}

/** Where uploaded files live: local disk when embedded, Cloud Storage on Firebase. */
export interface ObjectStore {
  /** A folder on local disk where uploads are staged while they are checked. */
  readonly stagingDir: string;
  /** Moves a checked staged file into the store under `key`. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Stores bytes made by the server (a processed photo) under `key`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The URL clients use to fetch the object. */
  publicUrl(key: string): string;
  /** Opens a stored object for reading, or null when it does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Stores that take uploads straight from the browser (Cloud Storage signed URLs) offer
   * this: a single-use PUT URL for `key`, bound to `contentType` and at most `maxBytes`,
   * valid until `expires`. Without it, uploads go through the API.
   */
  createUploadUrl?(key: string, contentType: string, maxBytes: number, expires: Date): Promise<DirectUpload>;
  /**
   * The size, content type and first `bytes` bytes of a stored object, or null when it does
   * not exist: how the server checks a file that went straight to the store.
   */
  head?(key: string, bytes: number): Promise<ObjectHead | null>;
}

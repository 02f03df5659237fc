import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk when embedded, Cloud Storage on Firebase. */
export interface ObjectStore {
  /** A folder on local disk where uploads are staged while they are checked. */
  readonly stagingDir: string;
  /** Moves a checked staged file into the store under `key`. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The URL clients use to fetch the object. */
  publicUrl(key: string): string;
  /** Opens a stored object for reading, or null when it does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

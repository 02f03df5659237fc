/**
 * A stand-in for the Storage and Auth emulators' endpoints a Cloud Function calls, for tests of
 * the Firebase entry: the Cloud Storage emulator cannot run on this machine (the Firebase CLI's
 * emulator suite downloads it), so this small local server answers the Storage JSON API calls the
 * Cloud Storage object store makes (a multipart upload, metadata, a download, a delete) and the
 * Auth emulator's `accounts:update` (revoking refresh tokens), as the real emulators answer them.
 * The adapter's own code runs against it through `FIREBASE_STORAGE_EMULATOR_HOST` and
 * `FIREBASE_AUTH_EMULATOR_HOST`.
 */
import { CRC32C } from '@google-cloud/storage';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  media: Buffer;
  /** The object's metadata as the JSON API reports it (bucket, name, size, md5Hash, crc32c, generation). */
  meta: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: Buffer;
}

export interface CloudStorageStandIn {
  /** `127.0.0.1:PORT`, for FIREBASE_STORAGE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** What the bucket holds, by object name. */
  stored: Map<string, StoredObject>;
  /** Every request received, in order. */
  recorded: RecordedRequest[];
  close(): Promise<void>;
}

/** The file part of a multipart/related upload (the metadata part comes first). */
export function multipartMedia(body: Buffer, contentType: string): Buffer {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1] ?? '';
  const media = body.toString('latin1').split(`--${boundary}`)[2] ?? '';
  return Buffer.from(media.slice(media.indexOf('\r\n\r\n') + 4, media.lastIndexOf('\r\n')), 'latin1');
}

/** CRC32C (Castagnoli) in base64, the checksum Cloud Storage reports and its client verifies, computed by that client's own code. */
function crc32c(data: Buffer): string {
  const checksum = new CRC32C();
  checksum.update(data);
  return checksum.toString();
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });

/** Starts the stand-in for `bucket` on a free port of 127.0.0.1. */
export async function startCloudStorageStandIn(bucket: string): Promise<CloudStorageStandIn> {
  const stored = new Map<string, StoredObject>();
  const recorded: RecordedRequest[] = [];
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    recorded.push({ method: req.method ?? '', url: req.url ?? '', body });
    res.setHeader('content-type', 'application/json');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.endsWith('/accounts:update')) return res.end(JSON.stringify({ localId: JSON.parse(body.toString()).localId }));
    if (url.pathname === `/upload/storage/v1/b/${bucket}/o`) {
      const media = multipartMedia(body, req.headers['content-type'] ?? '');
      const name = url.searchParams.get('name') ?? '';
      const md5Hash = createHash('md5').update(media).digest('base64');
      const meta = { bucket, name, size: String(media.length), md5Hash, crc32c: crc32c(media), generation: '1' };
      stored.set(name, { media, meta });
      return res.end(JSON.stringify(meta));
    }
    // Reading a stored object back (its metadata, or its bytes with alt=media) and deleting it.
    const object = /^(?:\/download)?(?:\/storage\/v1)?\/b\/[^/]+\/o\/(.+)$/.exec(url.pathname);
    const name = object ? decodeURIComponent(object[1]) : '';
    const file = stored.get(name);
    if (object && req.method === 'DELETE') {
      stored.delete(name);
      res.statusCode = 204;
      return res.end();
    }
    if (file && url.searchParams.get('alt') === 'media') {
      res.setHeader('content-type', 'application/octet-stream');
      return res.end(file.media);
    }
    if (file) return res.end(JSON.stringify(file.meta));
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { code: 404, message: 'Not found' } }));
  };
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    stored,
    recorded,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

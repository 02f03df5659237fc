/**
 * Direct uploads (Firebase mode): the API hands out a signed URL, the browser puts the file
 * straight into the bucket, and the server checks the stored file's first bytes and size
 * before any model may use it. The bucket here is an in-memory ObjectStore that offers
 * createUploadUrl and head as the Cloud Storage store does; the data is in Google's Firestore emulator.
 */
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/accounts';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { imageSizeProblem } from '../src/services/photo-pipeline';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { createMemoryFeed } from '../src/adapters/memory-feed';
import { createApp } from '../src/app';
import type { ObjectStore } from '../src/ports/object-store';
import type { Store } from '../src/ports/store';
import { admin as adminAccount, Client, glb, testDelivery } from './harness';
import { thinLine } from './hostile-images';

/** A bucket in memory: what the browser's PUT to the signed URL would have stored. */
function memoryBucket() {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const issued: Array<{ key: string; contentType: string; maxBytes: number; expires: Date }> = [];
  const objects: ObjectStore = {
    stagingDir: join(tmpdir(), 'direct-uploads-test'),
    putFile: () => Promise.reject(new Error('direct uploads never pass through the API')),
    put: async (key, bytes, contentType) => {
      files.set(key, { bytes, contentType });
    },
    publicUrl: (key) => `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(key)}?alt=media`,
    open: async (key) => {
      const file = files.get(key);
      return file ? { stream: Readable.from([file.bytes]), size: file.bytes.length } : null;
    },
    exists: async (key) => files.has(key),
    delete: async (key) => {
      files.delete(key);
    },
    createUploadUrl: async (key, contentType, maxBytes, expires) => {
      issued.push({ key, contentType, maxBytes, expires });
      return {
        url: `https://storage.googleapis.com/demo.appspot.com/${key}?X-Goog-Signature=x`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
      };
    },
    head: async (key, bytes) => {
      const file = files.get(key);
      return file ? { size: file.bytes.length, contentType: file.contentType, head: file.bytes.subarray(0, bytes) } : null;
    },
  };
  /** The key a signed URL is for. */
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
  /** The browser's PUT to a signed URL. */
  const put = (url: string, bytes: Buffer, contentType: string) => {
    files.set(keyOf(url), { bytes, contentType });
  };
  return { objects, files, issued, put, keyOf };
}

let store: Store;
let server: Server;
let base: string;
const bucket = memoryBucket();
let admin: Client;
const projectId = `direct-uploads-${process.pid}`;
const adminApp = initializeApp({ projectId }, projectId);

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  const db = getFirestore(adminApp);
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  store = createFirestoreStore(db);
  const app = createApp({
    store,
    objects: bucket.objects,
    feed: createMemoryFeed(),
    delivery: testDelivery,
  });
  await createAdmin(store, adminAccount.username, adminAccount.password);
  server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = new Client(base);
  expect((await admin.post('/api/login', adminAccount)).status).toBe(200);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  await deleteApp(adminApp);
});

interface Issued {
  uploadURL: string;
  method: string;
  headers: Record<string, string>;
  url: string;
}

const model = (modelUrl: string, thumbnailUrl = '') => ({
  name: 'Shaker kitchen',
  description: 'A white shaker kitchen with oak benchtops',
  modelUrl,
  thumbnailUrl,
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('direct uploads to the bucket'), () => {
  it('issues a signed URL bound to the type and limit, and the location to save', async () => {
    const res = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    expect(res.status).toBe(200);
    expect(res.body.method).toBe('PUT');
    expect(res.body.headers).toEqual({ 'Content-Type': 'model/gltf-binary' });
    expect(res.body.uploadURL).toMatch(/^https:\/\/storage\.googleapis\.com\/demo\.appspot\.com\/models\/[A-Za-z0-9]+\.glb\?/);
    expect(res.body.url).toMatch(
      /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/demo\.appspot\.com\/o\/models%2F[A-Za-z0-9]+\.glb\?alt=media$/,
    );
    const last = bucket.issued[bucket.issued.length - 1];
    expect(last.maxBytes).toBe(104_857_600);
    expect(last.expires.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(last.expires.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const thumb = await admin.post<Issued>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/webp' });
    expect(thumb.body.url).toMatch(/thumbnails%2F[A-Za-z0-9]+\.webp\?alt=media$/);
    expect(bucket.issued[bucket.issued.length - 1].maxBytes).toBe(10_485_760);
  });

  it('needs the kind, and for a thumbnail an allowed image type, because the signature binds them', async () => {
    const noKind = await admin.post<{ errors: Record<string, string> }>('/api/objects/upload', {});
    expect(noKind.status).toBe(400);
    expect(noKind.body.errors.kind).toBe('Upload kind must be model, thumbnail, photo or document');
    const noType = await admin.post<{ errors: Record<string, string> }>('/api/objects/upload', { kind: 'thumbnail' });
    expect(noType.status).toBe(400);
    expect(noType.body.errors).toHaveProperty('contentType');
    const svg = await admin.post<{ message: string }>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/svg+xml' });
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe('Only GLB models, PDF documents and PNG, JPEG, WebP or AVIF images can be uploaded');
    expect((await new Client(base).post('/api/objects/upload', { kind: 'model' })).status).toBe(401);
  });

  it('lets a model use a checked upload, and records its real size', async () => {
    const file = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    const thumb = await admin.post<Issued>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/png' });
    bucket.put(file.body.uploadURL, glb(500), 'model/gltf-binary');
    const poster = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c8a165' } })
      .png()
      .toBuffer();
    bucket.put(thumb.body.uploadURL, poster, 'image/png');
    const created = await admin.post<{ modelUrl: string; thumbnailUrl: string }>('/api/3d-models', model(file.body.url, thumb.body.url));
    expect(created.status).toBe(201);
    expect(created.body.modelUrl).toBe(file.body.url);
    const record = await store.objects.findOne({ url: file.body.url });
    expect(record).toMatchObject({ kind: 'model', contentType: 'model/gltf-binary', size: glb(500).length, attached: true });
  });

  it('refuses a model whose file never arrived', async () => {
    const file = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    const res = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', model(file.body.url));
    expect(res.status).toBe(400);
    expect(res.body.errors.modelUrl).toBe('The upload has not finished. Please upload the file again');
  });

  it('deletes an upload whose content is not what it was issued for', async () => {
    const file = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    bucket.put(file.body.uploadURL, Buffer.from('<html><script>alert(1)</script></html>'), 'model/gltf-binary');
    const res = await admin.post<{ message: string }>('/api/3d-models', model(file.body.url));
    expect(res.status).toBe(415);
    expect(await store.objects.findOne({ url: file.body.url })).toBeNull();
    expect([...bucket.files.keys()].some((key) => file.body.url.includes(encodeURIComponent(key)))).toBe(false);

    const thumb = await admin.post<Issued>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/png' });
    bucket.put(thumb.body.uploadURL, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]), 'image/png');
    const good = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    bucket.put(good.body.uploadURL, glb(), 'model/gltf-binary');
    const mismatch = await admin.post('/api/3d-models', model(good.body.url, thumb.body.url));
    expect(mismatch.status).toBe(415);
  });

  it('cleans a thumbnail that went straight to the bucket when a model first uses it: upright, no EXIF, GPS or camera', async () => {
    const file = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    const thumb = await admin.post<Issued>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/jpeg' });
    const phone = await roomPhoto({ seed: 'direct-thumbnail', width: 800, height: 600, orientation: 6 });
    bucket.put(file.body.uploadURL, glb(), 'model/gltf-binary');
    bucket.put(thumb.body.uploadURL, phone, 'image/jpeg');
    const created = await admin.post<{ thumbnailUrl: string }>('/api/3d-models', model(file.body.url, thumb.body.url));
    expect(created.status).toBe(201);
    expect(created.body.thumbnailUrl).toBe(thumb.body.url);
    // The same object, replaced by its cleaned copy.
    const stored = bucket.files.get(bucket.keyOf(thumb.body.uploadURL))!;
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);
    expect(meta.exif).toBeUndefined();
    expect(exifReveals(meta.exif)).toEqual({ gps: false, camera: false });
    expect(stored.bytes.includes(Buffer.from('iPhone'))).toBe(false);
    expect(await store.objects.findOne({ url: thumb.body.url })).toMatchObject({ size: stored.bytes.length, attached: true });
  });

  it('refuses a thumbnail of an extreme shape put straight to the bucket with 400 and the reason, deleting it', async () => {
    const file = await admin.post<Issued>('/api/objects/upload', { kind: 'model' });
    const thumb = await admin.post<Issued>('/api/objects/upload', { kind: 'thumbnail', contentType: 'image/png' });
    bucket.put(file.body.uploadURL, glb(), 'model/gltf-binary');
    bucket.put(thumb.body.uploadURL, await thinLine(), 'image/png');
    const res = await admin.post<{ message: string; errors: Record<string, string> }>(
      '/api/3d-models',
      model(file.body.url, thumb.body.url),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.thumbnailUrl).toBe(imageSizeProblem(1, 100_000));
    expect(await store.objects.findOne({ url: thumb.body.url })).toBeNull();
    expect(bucket.files.has(bucket.keyOf(thumb.body.uploadURL))).toBe(false);
  });
});

import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { runMaintenance } from '../src/services/maintenance';
import { imageSizeProblem } from '../src/services/photo-pipeline';
import { glb, png, startTestApp, type Client, type TestApp } from './harness';
import { line59Megapixels, tallScreenshot, thinLine, tooManyPixels } from './hostile-images';

/** A small thumbnail in a format, as a designer's tool saves one. */
const thumbnail = (format: 'png' | 'jpeg' | 'webp' | 'avif') =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#c8a165' } })
    .toFormat(format)
    .toBuffer();

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminClient();
});
afterAll(() => t.close());

async function upload(bytes: Buffer | Uint8Array, kind?: 'model' | 'thumbnail') {
  const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', kind ? { kind } : undefined);
  expect(issued.status).toBe(200);
  const res = await t.client().request<{ url: string; message: string }>('PUT', issued.body.uploadURL, { body: bytes });
  return { ...res, uploadURL: issued.body.uploadURL };
}

const objectFiles = () => {
  const files: string[] = [];
  for (const folder of ['models', 'thumbnails']) {
    const dir = join(t.dir, 'objects', folder);
    if (existsSync(dir)) files.push(...readdirSync(dir).map((f) => `${folder}/${f}`));
  }
  return files;
};
const stagedFiles = () => readdirSync(join(t.dir, 'objects', '.staging'));

describe('uploads', () => {
  it('stores a GLB through a single-use URL and serves it with its real type and nosniff', async () => {
    const res = await upload(glb(100), 'model');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/objects\/models\/[A-Za-z0-9]{20}\.glb$/);
    const served = await fetch(t.url + res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('model/gltf-binary');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(glb(100))).toBe(true);

    const again = await t.client().request<{ message: string }>('PUT', res.uploadURL, { body: glb() });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Upload URL has already been used');
  });

  it('recognises the type by content when no kind is given', async () => {
    const image = await upload(await thumbnail('png'));
    expect(image.status).toBe(201);
    expect(image.body.url).toMatch(/^\/objects\/thumbnails\/.+\.png$/);
    const served = await fetch(t.url + image.body.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await upload(await thumbnail('webp'))).body.url).toMatch(/\.webp$/);
    expect((await upload(await thumbnail('avif'), 'thumbnail')).body.url).toMatch(/\.avif$/);
    expect((await upload(await thumbnail('jpeg'), 'thumbnail')).body.url).toMatch(/\.jpg$/);
  });

  it('strips a thumbnail of its EXIF (GPS position, camera) and turns it upright, as photos are', async () => {
    // A phone photo used as a poster: held upright (orientation 6), with the camera and the GPS position in its EXIF.
    const phone = await roomPhoto({ seed: 'thumbnail', width: 800, height: 600, orientation: 6 });
    expect(exifReveals((await sharp(phone).metadata()).exif)).toEqual({ gps: true, camera: true });
    const res = await upload(phone, 'thumbnail');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/objects\/thumbnails\/.+\.jpg$/);
    const served = Buffer.from(await (await fetch(t.url + res.body.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('iPhone'))).toBe(false);
    // What is stored is what is served.
    expect(await t.app.store.objects.findOne({ url: res.body.url })).toMatchObject({ size: served.length });
  });

  it('refuses a thumbnail that cannot be decoded, of too many pixels or an extreme shape with 400 and the reason, keeping nothing', async () => {
    const before = objectFiles();
    const cases: Array<[Buffer, string]> = [
      [png(), 'This image could not be read. It may be damaged: please save it again as PNG, JPEG or WebP and upload that.'],
      [await tooManyPixels(), imageSizeProblem(8000, 8000)!],
      [await thinLine(), imageSizeProblem(1, 100_000)!],
      [line59Megapixels(), imageSizeProblem(1, 59_000_000)!],
    ];
    expect(cases[2][1]).toBe(
      'This image is 1 × 100,000 pixels: too long and narrow to show. Its longer side can be at most 20 times its shorter: please crop it and try again.',
    );
    expect(cases[1][1]).toBe(
      'This image is 8,000 × 8,000 pixels (64 megapixels). Images can be at most 60 megapixels: please save it smaller and try again.',
    );
    for (const [bytes, message] of cases) {
      const started = Date.now();
      const res = await upload(bytes, 'thumbnail');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      // Refused from its header, not after decoding millions of rows.
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(objectFiles()).toEqual(before);
    expect(stagedFiles()).toEqual([]);
  });

  it('takes a tall screenshot as a thumbnail, scaled to fit 2400 px', async () => {
    const res = await upload(await tallScreenshot(), 'thumbnail');
    expect(res.status).toBe(201);
    const meta = await sharp(Buffer.from(await (await fetch(t.url + res.body.url)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 141, 2400]);
  });

  it('refuses SVG, HTML, text and a GLB sent as a thumbnail with 415, keeping nothing', async () => {
    const before = objectFiles();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, kind] of [
      [svg, 'thumbnail'],
      [svg, undefined],
      [Buffer.from('<!doctype html><html></html>'), undefined],
      [Buffer.from('hello'), undefined],
      [glb(), 'thumbnail'],
      [png(), 'model'],
    ] as const) {
      const res = await upload(bytes, kind);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('Only GLB models, PDF documents and PNG, JPEG, WebP or AVIF images can be uploaded');
    }
    expect(objectFiles()).toEqual(before);
    expect(stagedFiles()).toEqual([]);
  });

  it('refuses a thumbnail over 10485760 bytes with 413 while streaming, keeping nothing', async () => {
    const before = objectFiles();
    const big = png(10_485_760);
    // Streamed without a Content-Length, so the limit must be enforced while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 1 << 20) controller.enqueue(big.subarray(i, i + (1 << 20)));
        controller.close();
      },
    });
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'thumbnail' });
    const res = await fetch(t.url + issued.body.uploadURL, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('Thumbnails can be at most 10 MB');
    expect(objectFiles()).toEqual(before);
    expect(stagedFiles()).toEqual([]);
    expect(await t.app.store.objects.count({ kind: 'thumbnail', size: big.length })).toBe(0);
  });

  it('refuses a declared Content-Length over the GLB limit before reading it', async () => {
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const res = await new Promise<number>((resolve, reject) => {
      const req = request(t.url + issued.body.uploadURL, { method: 'PUT', headers: { 'content-length': String(104_857_601) } }, (r) =>
        resolve(r.statusCode ?? 0),
      );
      req.on('error', reject);
      req.write(glb());
    });
    expect(res).toBe(413);
  });

  it('refuses an unknown or expired upload URL', async () => {
    expect((await t.client().request('PUT', '/api/objects/upload/' + 'x'.repeat(43), { body: glb() })).status).toBe(404);
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    t.clock.advance(16 * 60 * 1000);
    const res = await t.client().request<{ message: string }>('PUT', issued.body.uploadURL, { body: glb() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Upload URL has expired');
  });

  it('refuses an unknown upload kind', async () => {
    const res = await admin.post<{ errors: Record<string, string> }>('/api/objects/upload', { kind: 'video' });
    expect(res.status).toBe(400);
    expect(res.body.errors.kind).toBe('Upload kind must be model, thumbnail, photo or document');
  });
});

describe('3D models', () => {
  it('adds, lists, edits, reorders and deletes models, deleting their files', async () => {
    const file1 = (await upload(glb(10), 'model')).body.url;
    const thumb1 = (await upload(await thumbnail('png'), 'thumbnail')).body.url;
    const created = await admin.post<Record<string, unknown>>('/api/3d-models', {
      name: 'Kitchen island',
      description: 'Island with stone benchtop',
      modelUrl: file1,
      thumbnailUrl: thumb1,
      displayOrder: 99,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Kitchen island', exposure: 0.6, shadowIntensity: 0.5, displayOrder: 0 });

    const file2 = (await upload(glb(20), 'model')).body.url;
    const second = await admin.post<{ id: string; displayOrder: number; thumbnailUrl: string }>('/api/3d-models', {
      name: 'Vanity',
      description: 'Bathroom vanity',
      modelUrl: file2,
      exposure: 1.2,
      shadowIntensity: 0.3,
    });
    expect(second.status).toBe(201);
    expect(second.body.displayOrder).toBe(1);
    expect(second.body.thumbnailUrl).toBe('');

    const listed = await t.client().get<Array<{ name: string }>>('/api/3d-models');
    expect(listed.body.map((m) => m.name)).toEqual(['Kitchen island', 'Vanity']);

    const reordered = await admin.patch<Array<{ name: string }>>('/api/3d-models/reorder', {
      models: [
        { id: second.body.id, displayOrder: 0 },
        { id: created.body.id, displayOrder: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((m) => m.name)).toEqual(['Vanity', 'Kitchen island']);
    expect((await t.client().get<Array<{ name: string }>>('/api/3d-models')).body.map((m) => m.name)).toEqual(['Vanity', 'Kitchen island']);

    // Replacing the GLB deletes the old file.
    const file3 = (await upload(glb(30), 'model')).body.url;
    const updated = await admin.put<{ name: string; modelUrl: string }>(`/api/3d-models/${created.body.id}`, {
      name: 'Kitchen island v2',
      description: 'Island with stone benchtop',
      modelUrl: file3,
      thumbnailUrl: thumb1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Kitchen island v2', modelUrl: file3 });
    expect((await fetch(t.url + file1)).status).toBe(404);
    expect(objectFiles()).not.toContain(file1.replace('/objects/', ''));

    expect((await admin.delete(`/api/3d-models/${created.body.id}`)).status).toBe(204);
    expect((await fetch(t.url + file3)).status).toBe(404);
    expect((await fetch(t.url + thumb1)).status).toBe(404);
    expect(objectFiles()).not.toContain(thumb1.replace('/objects/', ''));
    expect((await admin.delete(`/api/3d-models/${created.body.id}`)).status).toBe(404);
    expect((await fetch(t.url + file2)).status).toBe(200);
  });

  it('accepts only model and thumbnail URLs this server issued, of the right kind and not used by another model', async () => {
    const base = { name: 'Wardrobe', description: 'Walk-in wardrobe' };
    const foreign = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', {
      ...base,
      modelUrl: 'https://evil.example/x.glb',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.modelUrl).toBe('Must be a GLB model uploaded to this site');

    const image = (await upload(await thumbnail('png'), 'thumbnail')).body.url;
    const wrongKind = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', { ...base, modelUrl: image });
    expect(wrongKind.status).toBe(400);

    const file = (await upload(glb(), 'model')).body.url;
    const badThumb = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', {
      ...base,
      modelUrl: file,
      thumbnailUrl: file,
    });
    expect(badThumb.body.errors.thumbnailUrl).toBe('Must be an image uploaded to this site');

    expect((await admin.post('/api/3d-models', { ...base, modelUrl: file })).status).toBe(201);
    const reuse = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', { ...base, modelUrl: file });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errors.modelUrl).toBe('This file belongs to another model');
  });

  it('answers the model schema messages', async () => {
    const file = (await upload(glb(), 'model')).body.url;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'ab' }, 'name', 'Name must be at least 3 characters'],
      [{ description: 'abcd' }, 'description', 'Description must be at least 5 characters'],
      [{ exposure: 2.1 }, 'exposure', 'Exposure must be between 0 and 2'],
      [{ exposure: -0.1 }, 'exposure', 'Exposure must be between 0 and 2'],
      [{ shadowIntensity: 1.5 }, 'shadowIntensity', 'Shadow intensity must be between 0 and 1'],
      [{ modelUrl: '' }, 'modelUrl', 'Please upload a GLB model'],
    ];
    const before = await t.app.store.models.count();
    for (const [patch, field, message] of cases) {
      const res = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', {
        name: 'Laundry',
        description: 'Laundry fitout',
        modelUrl: file,
        ...patch,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await t.app.store.models.count()).toBe(before);
  });

  it('refuses a reorder naming an unknown model or one model twice, changing nothing', async () => {
    const before = (await t.client().get<Array<{ id: string; displayOrder: number }>>('/api/3d-models')).body;
    const unknown = await admin.patch('/api/3d-models/reorder', {
      models: [
        { id: before[0].id, displayOrder: 5 },
        { id: 'unknown', displayOrder: 6 },
      ],
    });
    expect(unknown.status).toBe(404);
    const twice = await admin.patch('/api/3d-models/reorder', {
      models: [
        { id: before[0].id, displayOrder: 1 },
        { id: before[0].id, displayOrder: 0 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await t.client().get('/api/3d-models')).body).toEqual(before);
    expect((await admin.put('/api/3d-models/unknown', { name: 'xyz', description: 'abcde', modelUrl: 'x' })).status).toBe(404);
  });

  it('sweeps uploads never attached to a model after a day', async () => {
    const orphan = (await upload(glb(), 'model')).body.url;
    const ctx = t.app.context;
    await runMaintenance(t.app.store, ctx.uploads, ctx.clock, { visitorRetentionDays: 90, auditRetentionDays: 365 });
    expect((await fetch(t.url + orphan)).status).toBe(200);
    t.clock.advance(25 * 3600 * 1000);
    const report = await runMaintenance(t.app.store, ctx.uploads, ctx.clock, { visitorRetentionDays: 90, auditRetentionDays: 365 });
    expect(report.uploads).toBeGreaterThanOrEqual(1);
    expect((await fetch(t.url + orphan)).status).toBe(404);
    expect(objectFiles()).not.toContain(orphan.replace('/objects/', ''));
    // Files attached to models stay.
    const models = (await t.client().get<Array<{ modelUrl: string }>>('/api/3d-models')).body;
    for (const model of models) expect((await fetch(t.url + model.modelUrl)).status).toBe(200);
  });
});

/**
 * The business's logo and favicon over HTTP on the embedded server: an image uploaded as the
 * admin's other images are becomes PNGs of the sizes pages and phones ask for (transparency
 * kept, never enlarged, metadata gone), replaces and deletes the files before it, and is
 * audited; SVG and other files are refused where the upload is, and visitors change nothing.
 */
import type { ApiError, AuditEntry } from '@site/domain';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentSettings } from '../src/services/settings';
import { startTestApp, type Client, type TestApp } from './harness';

/** A wide logo with transparent margins, and a camera's EXIF with a GPS position. */
const logoPng = () =>
  sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: { create: { width: 800, height: 200, channels: 4, background: { r: 180, g: 140, b: 60, alpha: 1 } } }, top: 100, left: 200 },
    ])
    .withExif({ IFD0: { Make: 'Canon' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '37/1 48/1 0/1' } })
    .png()
    .toBuffer();
const squareJpeg = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#1f2933' } })
    .jpeg()
    .toBuffer();

describe('brand images', () => {
  let t: TestApp;
  let staff: Client;
  beforeAll(async () => {
    t = await startTestApp();
    staff = await t.adminClient();
  });
  afterAll(() => t.close());

  async function uploaded(bytes: Buffer): Promise<string> {
    const issued = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'thumbnail' });
    const put = await t.client().request<{ url: string }>('PUT', issued.body.uploadURL, { body: bytes });
    expect(put.status, put.text).toBe(201);
    return put.body.url;
  }
  const fileOf = (url: string) => join(t.dir, 'objects', url.replace(/^\/objects\//, ''));
  const served = async (url: string) => Buffer.from(await (await fetch(t.url + url)).arrayBuffer());

  it('makes the logo a PNG at most 640 × 160, its shape and transparency kept and its metadata gone', async () => {
    const upload = await uploaded(await logoPng());
    const res = await staff.put<CurrentSettings>('/api/settings/images/logo', { url: upload });
    expect(res.status, res.text).toBe(200);
    const logo = res.body.settings.images.logo!;
    expect(logo).toMatch(/^\/objects\/brand\/logo-[\w-]+-640x160\.png$/);
    const meta = await sharp(await served(logo)).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 480, 160, true]);
    expect(meta.exif).toBeUndefined();
    // The upload itself is gone; the audit trail says what changed.
    expect(existsSync(fileOf(upload))).toBe(false);
    const entry = (await staff.get<AuditEntry[]>('/api/audit?limit=5')).body.find((e) => e.target === 'settings:images.logo');
    expect(entry?.detail).toBe(`images.logo: (default) → "${logo}"`);
    // Visitors see it in the public settings.
    expect((await t.client().get<{ settings: CurrentSettings['settings'] }>('/api/settings')).body.settings.images.logo).toBe(logo);
  });

  it('makes the favicon square icons of 32, 180, 192 and 512 px, and a new one replaces and deletes the old files', async () => {
    const first = (await staff.put<CurrentSettings>('/api/settings/images/favicon', { url: await uploaded(await squareJpeg()) })).body;
    const { favicon, touchIcon, icon192, icon512 } = first.settings.images;
    for (const [url, size] of [
      [favicon, 32],
      [touchIcon, 180],
      [icon192, 192],
      [icon512, 512],
    ] as const) {
      const meta = await sharp(await served(url!)).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['png', size, size]);
    }
    const second = (await staff.put<CurrentSettings>('/api/settings/images/favicon', { url: await uploaded(await logoPng()) })).body;
    expect(second.settings.images.favicon).not.toBe(favicon);
    // A wide image becomes a square icon with its shape centred, not stretched.
    expect((await sharp(await served(second.settings.images.icon512!)).metadata()).height).toBe(512);
    for (const old of [favicon, touchIcon, icon192, icon512]) expect(existsSync(fileOf(old!)), old).toBe(false);
    // The logo was left alone.
    expect(second.settings.images.logo).toBe(first.settings.images.logo);
  });

  it('removes an image and its files', async () => {
    const before = (await staff.get<CurrentSettings>('/api/settings')).body.settings.images.logo!;
    const res = await staff.delete<CurrentSettings>('/api/settings/images/logo');
    expect(res.status).toBe(200);
    expect(res.body.settings.images.logo).toBeUndefined();
    expect(existsSync(fileOf(before))).toBe(false);
  });

  it('refuses an SVG where it is uploaded, an address that is not an upload, an unknown kind and a visitor', async () => {
    const issued = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'thumbnail' });
    const svg = await t.client().request<ApiError>('PUT', issued.body.uploadURL, {
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
    });
    expect(svg.status).toBe(415);
    const before = (await staff.get<CurrentSettings>('/api/settings')).body;
    const stranger = await staff.put<ApiError>('/api/settings/images/logo', { url: 'https://evil.example/logo.png' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Please upload a thumbnail image');
    expect((await staff.put<ApiError>('/api/settings/images/banner', { url: await uploaded(await squareJpeg()) })).status).toBe(404);
    const visitor = await t.client().put<ApiError>('/api/settings/images/logo', { url: await uploaded(await squareJpeg()) });
    expect(visitor.status).toBe(401);
    expect((await staff.get<CurrentSettings>('/api/settings')).body.version).toBe(before.version);
  });
});

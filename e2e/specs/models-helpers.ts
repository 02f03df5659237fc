import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const samples = join(dirname(fileURLToPath(import.meta.url)), '../../functions/src/demo/models');

/** The committed sample models and thumbnails (functions/src/demo/models). */
export const sampleFile = (name: 'kitchen-island' | 'bathroom-vanity' | 'wardrobe', extension: 'glb' | 'webp') =>
  join(samples, `${name}.${extension}`);

export const sampleBytes = (name: Parameters<typeof sampleFile>[0], extension: 'glb' | 'webp') => readFileSync(sampleFile(name, extension));

/**
 * Uploads bytes the way the admin page does: an upload URL, then a PUT of the file (with its
 * content type when given, as the photo field sends it).
 */
export async function upload(
  adminApi: APIRequestContext,
  kind: 'model' | 'thumbnail' | 'photo',
  bytes: Buffer,
  contentType?: string,
): Promise<string> {
  const issued = await adminApi.post('/api/objects/upload', { data: { kind, ...(contentType ? { contentType } : {}) } });
  expect(issued.status()).toBe(200);
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  const stored = await adminApi.put(uploadURL, { data: bytes, headers: { 'Content-Type': contentType ?? 'application/octet-stream' } });
  expect(stored.status(), await stored.text()).toBe(201);
  return ((await stored.json()) as { url: string }).url;
}

export interface StoredModel {
  id: string;
  name: string;
  description: string;
  modelUrl: string;
  thumbnailUrl: string;
  exposure: number;
  shadowIntensity: number;
  displayOrder: number;
}

/** Adds a model through the API with a sample GLB and, unless told not to, its thumbnail. */
export async function createModel(
  adminApi: APIRequestContext,
  fields: {
    name: string;
    description?: string;
    sample?: Parameters<typeof sampleFile>[0];
    thumbnail?: boolean;
    exposure?: number;
    shadowIntensity?: number;
  },
): Promise<StoredModel> {
  const sample = fields.sample ?? 'bathroom-vanity';
  const modelUrl = await upload(adminApi, 'model', sampleBytes(sample, 'glb'));
  const thumbnailUrl = fields.thumbnail === false ? '' : await upload(adminApi, 'thumbnail', sampleBytes(sample, 'webp'));
  const response = await adminApi.post('/api/3d-models', {
    data: {
      name: fields.name,
      description: fields.description ?? `A sample ${sample.replace('-', ' ')} for the tests.`,
      modelUrl,
      thumbnailUrl,
      exposure: fields.exposure ?? 0.8,
      shadowIntensity: fields.shadowIntensity ?? 0.5,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoredModel;
}

export async function deleteAllModels(adminApi: APIRequestContext) {
  const response = await adminApi.get('/api/3d-models?limit=200');
  for (const model of (await response.json()) as StoredModel[]) {
    expect((await adminApi.delete(`/api/3d-models/${model.id}`)).status()).toBe(204);
  }
}

/** The names of the showroom's cards, in page order. */
export const showroomNames = (page: Page) => page.getByRole('list', { name: '3D models' }).getByRole('heading', { level: 2 });

/** Every script the page has requested so far. */
export function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** Waits for <model-viewer> in the open dialog to report its model loaded. */
export async function waitForModelLoaded(page: Page, timeout = 110_000) {
  const viewer = page.getByRole('dialog').locator('model-viewer');
  await expect(viewer).toHaveAttribute('data-status', 'loaded', { timeout });
  await expect.poll(() => viewer.evaluate((el) => (el as HTMLElement & { loaded: boolean }).loaded), { timeout }).toBe(true);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from '#functions/adapters/local-objects/local-object-store.ts';
import { createSqliteStore } from '#functions/adapters/sqlite/store.ts';
import { seedSampleModels } from './seed-models';
import { sampleModels } from './samples';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('seedSampleModels', () => {
  it('adds the samples in order with their files stored and attached, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-models-'));
    dirs.push(dir);
    const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const objects = await createLocalObjectStore(join(dir, 'objects'));
    expect(await seedSampleModels(store, objects)).toBe(sampleModels.length);

    const models = (await store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 10 })).items;
    expect(models.map((m) => m.name)).toEqual(sampleModels.map((s) => s.name));
    expect(models.map((m) => m.displayOrder)).toEqual(sampleModels.map((_, i) => i));
    for (const model of models) {
      for (const [url, kind, type] of [
        [model.modelUrl, 'model', 'model/gltf-binary'],
        [model.thumbnailUrl, 'thumbnail', 'image/webp'],
      ] as const) {
        const record = await store.objects.findOne({ url });
        expect(record).toMatchObject({ kind, contentType: type, attached: true });
        expect(await objects.exists(record?.key ?? '')).toBe(true);
      }
    }

    expect(await seedSampleModels(store, objects)).toBe(0);
    expect(await store.models.count()).toBe(sampleModels.length);
    await store.close();
  });
});

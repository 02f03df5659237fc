import type { Model3d, UploadKind } from '@site/domain';
import { existsSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newId } from '#functions/ids.ts';
import { pendingModelFields } from '#functions/services/model-processing.ts';
import type { ObjectStore } from '#functions/ports/object-store.ts';
import type { Store, StoredObjectRecord } from '#functions/ports/store.ts';
import { sampleModels } from './samples';

/**
 * Where the committed sample files are: beside this module when run from source, or in
 * src/demo/models when bundled into functions/dist.
 */
function samplesDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [here, join(here, '../src/demo/models')];
  const found = candidates.find((dir) =>
    sampleModels.every(({ slug }) => existsSync(join(dir, `${slug}.glb`)) && existsSync(join(dir, `${slug}.webp`))),
  );
  if (!found) console.warn(`Demo: sample models not found (looked in ${candidates.join(', ')}); the showroom stays empty.`);
  return found ?? null;
}

const types: Record<Exclude<UploadKind, 'document'>, { folder: string; extension: string; contentType: string }> = {
  model: { folder: 'models', extension: 'glb', contentType: 'model/gltf-binary' },
  thumbnail: { folder: 'thumbnails', extension: 'webp', contentType: 'image/webp' },
  photo: { folder: 'originals', extension: 'jpg', contentType: 'image/jpeg' },
};

/** Stores a file the way an upload does: into the object store, recorded and attached. */
async function storeFile(
  store: Store,
  objects: ObjectStore,
  source: string,
  kind: Exclude<UploadKind, 'document'>,
  size: number,
): Promise<string> {
  const { folder, extension, contentType } = types[kind];
  const id = newId();
  const key = `${folder}/${id}.${extension}`;
  // putFile moves the file, so hand it a staged copy of the committed one.
  const staged = join(objects.stagingDir, `${newId()}.part`);
  await copyFile(source, staged);
  await objects.putFile(key, staged, contentType);
  const record: StoredObjectRecord = {
    id,
    key,
    url: objects.publicUrl(key),
    kind,
    contentType,
    size,
    attached: true,
    createdAt: new Date().toISOString(),
  };
  await store.objects.insert(record);
  return record.url;
}

/** Adds the sample models to the showroom, in order; does nothing when it has models already. */
export async function seedSampleModels(store: Store, objects: ObjectStore): Promise<number> {
  if ((await store.models.count()) > 0) return 0;
  const dir = samplesDir();
  if (!dir) return 0;
  for (const [displayOrder, sample] of sampleModels.entries()) {
    const glb = join(dir, `${sample.slug}.glb`);
    const webp = join(dir, `${sample.slug}.webp`);
    // Stored as an admin's upload is: pending, so the server optimises it as it does theirs.
    const model: Model3d = {
      id: newId(),
      name: sample.name,
      description: sample.description,
      ...pendingModelFields(await storeFile(store, objects, glb, 'model', statSync(glb).size)),
      thumbnailUrl: await storeFile(store, objects, webp, 'thumbnail', statSync(webp).size),
      exposure: sample.exposure,
      shadowIntensity: sample.shadowIntensity,
      hotspots: [],
      displayOrder,
      createdAt: new Date().toISOString(),
    };
    await store.models.insert(model);
  }
  return sampleModels.length;
}

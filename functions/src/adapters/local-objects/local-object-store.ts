import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ObjectStore } from '#functions/ports/object-store.ts';

/** Uploaded files on local disk under `root`, served by the app under /objects/. */
export async function createLocalObjectStore(root: string): Promise<ObjectStore> {
  const base = resolve(root);
  const stagingDir = join(base, '.staging');
  await mkdir(stagingDir, { recursive: true });

  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep) || key.startsWith('.')) throw new Error(`Invalid object key ${key}`);
    return path;
  };

  return {
    stagingDir,
    async putFile(key, path) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(path, target);
    },
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = join(stagingDir, `${key.replace(/[^A-Za-z0-9.-]/g, '_')}.${process.pid}.part`);
      await writeFile(partial, data);
      await rename(partial, target);
    },
    publicUrl: (key) => `/objects/${key}`,
    async open(key) {
      try {
        const path = pathOf(key);
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

import type { ObjectStore } from '../ports/object-store';
import type { StoredObjectRecord } from '../ports/store';

/** The files made from an uploaded model, named after its upload: what the viewer loads, and what Scene Viewer reads. */
export const derivedModelKeys = (upload: Pick<StoredObjectRecord, 'id'>) => ({
  optimized: `models/${upload.id}-optimized.glb`,
  ar: `models/${upload.id}-ar.glb`,
});

/** Deletes the files made from an uploaded model (missing ones are no error). */
export async function removeModelFiles(objects: ObjectStore, upload: Pick<StoredObjectRecord, 'id'>): Promise<void> {
  const made = derivedModelKeys(upload);
  await Promise.all([objects.delete(made.optimized), objects.delete(made.ar)]);
}

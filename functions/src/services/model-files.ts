import type { StoredObjectRecord } from '../ports/store';

/** The files made from an uploaded model, named after its upload: what the viewer loads, and what Scene Viewer reads. */
export const derivedModelKeys = (upload: Pick<StoredObjectRecord, 'id'>) => ({
  optimized: `models/${upload.id}-optimized.glb`,
  ar: `models/${upload.id}-ar.glb`,
});

import { expect, type APIRequestContext } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roomPhoto } from '../../functions/src/demo/room-photos';
import { upload } from './models-helpers';

/** Phone photos as the owner uploads them (functions/src/demo/room-photos.ts draws them): JPEG with GPS and camera EXIF. */
export const photoBytes = (seed: string, size: { width: number; height: number } = { width: 1600, height: 1200 }) =>
  roomPhoto({ seed, ...size });

/** The photos written to files, for a file chooser. */
export async function photoFiles(seeds: string[], size?: { width: number; height: number }): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'project-photos-'));
  return Promise.all(
    seeds.map(async (seed) => {
      const file = join(dir, `${seed}.jpg`);
      writeFileSync(file, await photoBytes(seed, size));
      return file;
    }),
  );
}

/** Uploads a photo the way the admin page does: an upload URL, then a PUT of the JPEG. */
export const uploadPhoto = (adminApi: APIRequestContext, bytes: Buffer) => upload(adminApi, 'photo', bytes, 'image/jpeg');

export interface StoredProject {
  id: string;
  slug: string;
  title: string;
}

/** Adds a published project through the API with `photos` new photos (and a before/after pair when asked). */
export async function createProject(
  adminApi: APIRequestContext,
  fields: {
    title: string;
    photos: number;
    beforeAfter?: boolean;
    published?: boolean;
    featured?: boolean;
    summary?: string;
    /** An approved review of the project, shown on its page. */
    reviewId?: string;
  },
): Promise<StoredProject> {
  const photos = [];
  for (let i = 0; i < fields.photos; i++) {
    photos.push({ url: await uploadPhoto(adminApi, await photoBytes(`${fields.title}-${i}`)), alt: `${fields.title}, view ${i + 1}` });
  }
  const pair = fields.beforeAfter
    ? {
        before: { url: await uploadPhoto(adminApi, await photoBytes(`${fields.title}-before`)), alt: 'The room before the work' },
        after: { url: await uploadPhoto(adminApi, await photoBytes(`${fields.title}-after`)), alt: 'The room after the work' },
      }
    : {};
  const response = await adminApi.post('/api/projects', {
    data: {
      title: fields.title,
      category: 'kitchen',
      suburb: 'Hawthorn',
      summary: fields.summary ?? 'A family kitchen with a walnut island, sage cabinetry and a butler’s pantry.',
      photos,
      ...pair,
      published: fields.published ?? true,
      featured: fields.featured ?? false,
      ...(fields.reviewId ? { reviewId: fields.reviewId } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoredProject;
}

/** Leaves the worker's server as other specs expect it: no projects, so the gallery shows its built-in pictures. */
export async function deleteAllProjects(adminApi: APIRequestContext) {
  const response = await adminApi.get('/api/projects/all');
  for (const project of (await response.json()) as StoredProject[]) {
    expect((await adminApi.delete(`/api/projects/${project.id}`)).status()).toBe(204);
  }
}

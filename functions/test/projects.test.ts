import { projectMessages, uploadMessages, type Project, type PublicProject } from '@site/domain';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { imageSizeProblem, unreadablePhoto } from '../src/services/photo-pipeline';
import { startTestApp, type Client, type TestApp } from './harness';
import { line59Megapixels, tallScreenshot, thinLine, tooManyPixels } from './hostile-images';

let t: TestApp;
let admin: Client;
let photos: Buffer[];
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminClient();
  // Phone photos at a size that keeps the suite quick; the 12-megapixel case is the pipeline test's.
  photos = await Promise.all(['a', 'b', 'c', 'd'].map((seed) => roomPhoto({ seed, width: 2000, height: 1500 })));
}, 60_000);
afterAll(() => t.close());

async function upload(bytes: Buffer, kind: 'photo' | 'thumbnail' = 'photo') {
  const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind });
  expect(issued.status).toBe(200);
  return t.client().request<{ url: string; message: string }>('PUT', issued.body.uploadURL, { body: bytes });
}
async function uploaded(bytes: Buffer) {
  const res = await upload(bytes);
  expect(res.status).toBe(201);
  return res.body.url;
}

const files = (folder: string) => {
  const dir = join(t.dir, 'objects', folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};

const input = (urls: string[], extra: Record<string, unknown> = {}) => ({
  title: 'Hawthorn Kitchen',
  category: 'kitchen',
  suburb: 'Hawthorn',
  summary: 'A walnut island and sage cabinetry for a family who cook together.',
  photos: urls.map((url, i) => ({ url, alt: `Kitchen view ${i + 1}` })),
  ...extra,
});

describe('photo uploads', () => {
  it('keeps the original private and serves only processed AVIF and WebP files without metadata', async () => {
    const url = await uploaded(photos[0]);
    expect(url).toMatch(/^\/objects\/originals\/[A-Za-z0-9]+\.jpg$/);
    // The original, with the camera's GPS position in it, is never served.
    expect((await fetch(t.url + url)).status).toBe(404);
    const made = files('photos');
    expect(made.length).toBe(10);
    for (const file of made) {
      const res = await fetch(`${t.url}/objects/photos/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(exifReveals(meta.exif)).toEqual({ gps: false, camera: false });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses HEIC with how to export a JPEG, and a damaged photo, keeping nothing', async () => {
    const before = [files('originals').length, files('photos').length];
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(4000)]);
    const refused = await upload(heic);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(uploadMessages.heic);
    const cut = await upload(photos[1].subarray(0, photos[1].length >> 1));
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe(unreadablePhoto);
    expect([files('originals').length, files('photos').length]).toEqual(before);
    // A PDF is not a photo whatever it is called.
    expect((await upload(Buffer.from('%PDF-1.7 not a photo'))).status).toBe(415);
  });

  it('takes a screenshot taller than the AVIF encoder allows (1000 × 17000), scaled to fit, where it answered 500', async () => {
    const res = await upload(await tallScreenshot());
    expect(res.status).toBe(201);
    const record = await t.app.store.objects.findOne({ url: res.body.url });
    expect([record?.processed?.width, record?.processed?.height]).toEqual([672, 11_424]);
    const avif = record!.processed!.sources[0].srcset.split(', ').pop()!.split(' ')[0];
    const meta = await sharp(Buffer.from(await (await fetch(t.url + avif)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 672, 11_424]);
  }, 60_000);

  it('refuses an image of too many pixels or an extreme shape with 400 and the reason, from its header, keeping nothing', async () => {
    const before = [files('originals').length, files('photos').length];
    for (const [bytes, width, height] of [
      [await tooManyPixels(), 8000, 8000],
      [await thinLine(), 1, 100_000],
      [line59Megapixels(), 1, 59_000_000],
    ] as const) {
      const started = Date.now();
      const res = await upload(bytes);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(imageSizeProblem(width, height));
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect([files('originals').length, files('photos').length]).toEqual(before);
  });
});

describe('projects', () => {
  let project: Project;

  it('adds a draft project with processed photos; the public cannot see it', async () => {
    const urls = [await uploaded(photos[0]), await uploaded(photos[1])];
    const res = await admin.post<Project>('/api/projects', input(urls, { cover: urls[1] }));
    expect(res.status).toBe(201);
    project = res.body;
    expect(project).toMatchObject({
      slug: 'hawthorn-kitchen',
      title: 'Hawthorn Kitchen',
      published: false,
      processing: false,
      cover: urls[1],
    });
    expect(project.photos[0]).toMatchObject({ url: urls[0], alt: 'Kitchen view 1', width: 2000, height: 1500 });
    expect(project.photos[0].sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(project.photos[0].sources[0].srcset).toMatch(
      /^\/objects\/photos\/\S+-480\.avif 480w, .* \/objects\/photos\/\S+-2000\.avif 2000w$/,
    );
    expect(project.photos[0].placeholder).toMatch(/^data:image\/webp;base64,/);

    expect((await t.client().get<PublicProject[]>('/api/projects')).body).toEqual([]);
    const hidden = await t.client().get<{ message: string }>('/api/projects/hawthorn-kitchen');
    expect([hidden.status, hidden.body.message]).toEqual([404, projectMessages.notFound]);
    const all = await admin.get<Project[]>('/api/projects/all');
    expect(all.body.map((p) => p.title)).toEqual(['Hawthorn Kitchen']);
  });

  it('only admins list drafts or change projects', async () => {
    const guest = t.client();
    expect((await guest.get('/api/projects/all')).status).toBe(401);
    expect((await guest.post('/api/projects', input([]))).status).toBe(401);
    expect((await guest.put(`/api/projects/${project.id}`, input([]))).status).toBe(401);
    expect((await guest.delete(`/api/projects/${project.id}`)).status).toBe(401);
    expect((await guest.patch('/api/projects/reorder', { projects: [{ id: project.id, displayOrder: 1 }] })).status).toBe(401);
  });

  it('publishes: the public list and page show the photos without the originals', async () => {
    const urls = project.photos.map((p) => p.url);
    const res = await admin.put<Project>(`/api/projects/${project.id}`, input(urls, { cover: urls[1], published: true }));
    expect(res.status).toBe(200);
    // Saving again keeps the processed files: same sources, nothing made twice.
    expect(res.body.photos[0].sources).toEqual(project.photos[0].sources);
    const list = await t.client().get<PublicProject[]>('/api/projects');
    expect(list.body.map((p) => [p.slug, p.coverIndex, p.photos.length])).toEqual([['hawthorn-kitchen', 1, 2]]);
    expect(JSON.stringify(list.body)).not.toContain('/objects/originals/');
    const page = await t.client().get<PublicProject>('/api/projects/hawthorn-kitchen');
    expect(page.status).toBe(200);
    expect(page.body.photos[1]).toEqual({
      alt: 'Kitchen view 2',
      width: 2000,
      height: 1500,
      placeholder: project.photos[1].placeholder,
      src: project.photos[1].src,
      sources: project.photos[1].sources,
    });
  });

  it('gives each field its message and changes nothing on bad input', async () => {
    const url = await uploaded(photos[2]);
    const bad = await admin.post<{ errors: Record<string, string> }>('/api/projects', {
      title: 'Hi',
      category: 'garage',
      summary: 'short',
      photos: [{ url, alt: '' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      title: projectMessages.titleMin,
      category: projectMessages.categoryRequired,
      summary: projectMessages.summaryMin,
      'photos.0.alt': projectMessages.altRequired,
    });
    const noPhotos = await admin.post<{ errors: Record<string, string> }>('/api/projects', input([]));
    expect(noPhotos.body.errors.photos).toBe(projectMessages.photosMin);
    const halfPair = await admin.post<{ errors: Record<string, string> }>(
      '/api/projects',
      input([url], { before: { url, alt: 'Before' } }),
    );
    expect(halfPair.body.errors.after).toBe(projectMessages.beforeAfterPair);
    const model = await admin.post<{ errors: Record<string, string> }>('/api/projects', input([url], { modelId: 'nosuchmodel' }));
    expect([model.status, model.body.errors.modelId]).toEqual([400, 'No such 3D model']);
    const foreign = await admin.post<{ errors: Record<string, string> }>('/api/projects', input(['/objects/originals/elsewhere.jpg']));
    expect([foreign.status, foreign.body.errors['photos.0.url']]).toEqual([400, 'Must be a photo uploaded to this site']);
    const taken = await admin.post<{ errors: Record<string, string> }>('/api/projects', input([project.photos[0].url]));
    expect([taken.status, taken.body.errors['photos.0.url']]).toEqual([400, 'This photo belongs to another project']);
    expect((await admin.get<Project[]>('/api/projects/all')).body).toHaveLength(1);
  });

  it('gives a second project of the same title its own slug, with a before/after pair, and reorders', async () => {
    const [a, before, after] = [await uploaded(photos[2]), await uploaded(photos[3]), await uploaded(photos[1])];
    const res = await admin.post<Project>(
      '/api/projects',
      input([a], { published: true, before: { url: before, alt: 'The old kitchen' }, after: { url: after, alt: 'The new kitchen' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe('hawthorn-kitchen-2');
    expect(res.body.before?.alt).toBe('The old kitchen');
    const reordered = await admin.patch<Project[]>('/api/projects/reorder', {
      projects: [
        { id: res.body.id, displayOrder: 1 },
        { id: project.id, displayOrder: 2 },
      ],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((p) => p.slug)).toEqual(['hawthorn-kitchen-2', 'hawthorn-kitchen']);
    expect((await t.client().get<PublicProject[]>('/api/projects')).body.map((p) => p.slug)).toEqual([
      'hawthorn-kitchen-2',
      'hawthorn-kitchen',
    ]);
    const unknown = await admin.patch<{ message: string }>('/api/projects/reorder', {
      projects: [{ id: 'nosuchproject', displayOrder: 3 }],
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, projectMessages.notFound]);

    // A title that is a word of the routes gets a slug its page can be fetched by.
    const all = await admin.post<Project>('/api/projects', input([await uploaded(photos[0])], { title: 'All', published: true }));
    expect(all.body.slug).toBe('all-2');
    expect((await t.client().get<PublicProject>('/api/projects/all-2')).body.title).toBe('All');
    expect((await admin.delete(`/api/projects/${all.body.id}`)).status).toBe(204);
  });

  it('deletes a photo left out of an edit, and a deleted project with all its files', async () => {
    const [first, second] = project.photos;
    const edited = await admin.put<Project>(
      `/api/projects/${project.id}`,
      input([first.url], { title: 'Hawthorn Family Kitchen', published: true }),
    );
    expect(edited.status).toBe(200);
    // A new title keeps the address the project was published at.
    expect(edited.body.slug).toBe('hawthorn-kitchen');
    expect(edited.body.title).toBe('Hawthorn Family Kitchen');
    expect(edited.body.cover).toBe(first.url);
    const secondFile = second.src.split('/').pop()!;
    expect(files('photos')).not.toContain(secondFile);
    expect(files('photos')).toContain(first.src.split('/').pop());

    const gone = await admin.delete(`/api/projects/${project.id}`);
    expect(gone.status).toBe(204);
    expect(files('photos')).not.toContain(first.src.split('/').pop());
    expect(files('originals')).not.toContain(first.url.split('/').pop());
    expect((await admin.delete(`/api/projects/${project.id}`)).status).toBe(404);
    const audit = await admin.get<{ action: string; target?: string }[]>('/api/audit?limit=20');
    const actions = audit.body.filter((e) => e.action.startsWith('project')).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['project.created', 'project.updated', 'projects.reordered', 'project.deleted']));
  });
});

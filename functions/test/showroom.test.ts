import { texturedModel, truncatedModel, untexturedModel, variantsModel } from '@site/test-support/model-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hotspot, Inquiry, Model3d } from '@site/domain';
import { leadMessages, loadEmailLayouts, messageHtml } from '../src/services/lead-messages';
import { glb, goodInquiry, startTestApp, testMessageSettings, type Client, type TestApp } from './harness';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  // These tests are about the fields and the inquiry: the optimisation has its own tests.
  t = await startTestApp({}, undefined, undefined, undefined, { jobs: [] });
  admin = await t.adminClient();
  // The staff email below is composed here, not through the app.
  await loadEmailLayouts();
});
afterAll(() => t.close());

async function uploadModel(bytes: Buffer | Uint8Array = glb(10)): Promise<string> {
  const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
  const res = await t.client().request<{ url: string }>('PUT', issued.body.uploadURL, { body: bytes });
  expect(res.status).toBe(201);
  return res.body.url;
}

const spot = (id: string, label = `Spot ${id}`): Hotspot => ({ id, label, position: [0.1, 0.9, 0.3], normal: [0, 1, 0] });

async function addModel(fields: Record<string, unknown> = {}) {
  const res = await admin.post<Model3d>('/api/3d-models', {
    name: 'Kitchen island',
    description: 'Island with stone benchtop',
    modelUrl: await uploadModel(),
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('showroom models', () => {
  it('answers a new model pending, showing its upload, with no variants and the hotspots it was given', async () => {
    const model = await addModel({ hotspots: [spot('tap', 'Brushed brass tap'), spot('stone')] });
    expect(model).toMatchObject({ processing: 'pending', variants: [], modelUrl: model.originalUrl });
    expect(model.originalUrl).toMatch(/^\/objects\/models\/\w+\.glb$/);
    expect(model.arUrl).toBeUndefined();
    expect(model.hotspots).toEqual([spot('tap', 'Brushed brass tap'), spot('stone')]);
    const listed = (await t.client().get<Model3d[]>('/api/3d-models')).body.find((m) => m.id === model.id);
    expect(listed).toMatchObject({ processing: 'pending', hotspots: model.hotspots, originalUrl: model.originalUrl });
  });

  it('keeps the file when an edit sends back the model url, and moves or deletes hotspots', async () => {
    const model = await addModel({ hotspots: [spot('a'), spot('b')] });
    const moved = { ...spot('a', 'Soft-close drawers'), position: [1, 0.5, 0.2] };
    const res = await admin.put<Model3d>(`/api/3d-models/${model.id}`, {
      name: model.name,
      description: model.description,
      modelUrl: model.modelUrl,
      hotspots: [moved],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ originalUrl: model.originalUrl, modelUrl: model.modelUrl, hotspots: [moved] });
    expect((await fetch(t.url + model.originalUrl)).status).toBe(200);
  });

  it('refuses bad hotspots with the field and message, storing nothing', async () => {
    const modelUrl = await uploadModel();
    const base = { name: 'Vanity', description: 'Bathroom vanity', modelUrl };
    const cases: Array<[unknown, string, string]> = [
      [[{ ...spot('a'), label: '' }], 'hotspots.0.label', 'Hotspot label must be 1 to 80 characters'],
      [[{ ...spot('a'), label: 'x'.repeat(81) }], 'hotspots.0.label', 'Hotspot label must be 1 to 80 characters'],
      [[{ ...spot('a'), label: 'Two\nlines' }], 'hotspots.0.label', 'Hotspot label must be on one line'],
      [Array.from({ length: 21 }, (_, i) => spot(`s${i}`)), 'hotspots', 'A model can have at most 20 hotspots'],
      [[spot('a'), spot('a')], 'hotspots', 'Each hotspot needs its own id'],
      [[{ ...spot('a'), position: [1, 2] }], 'hotspots.0.position', 'Must be three numbers (x, y, z)'],
      [[{ ...spot('a'), normal: [0, 'up', 0] }], 'hotspots.0.normal.1', 'Must be three numbers (x, y, z)'],
      [[{ ...spot('a'), id: '<script>' }], 'hotspots.0.id', 'Hotspot id must be 1 to 40 letters, digits, - or _'],
      ['none', 'hotspots', 'Invalid input: expected array, received string'],
    ];
    const before = await t.app.store.models.count();
    for (const [hotspots, field, message] of cases) {
      const res = await admin.post<{ errors: Record<string, string> }>('/api/3d-models', { ...base, hotspots });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await t.app.store.models.count()).toBe(before);
    // Twenty is allowed.
    const twenty = await admin.post<Model3d>('/api/3d-models', { ...base, hotspots: Array.from({ length: 20 }, (_, i) => spot(`s${i}`)) });
    expect(twenty.status).toBe(201);
    expect(twenty.body.hotspots).toHaveLength(20);
  });
});

describe('an inquiry about a showroom design', () => {
  it('stores the model and variant with the model name, for the card, the CSV and the staff email', async () => {
    const model = await addModel({ name: 'Galley kitchen' });
    await t.app.store.models.update(model.id, { variants: ['Oak', 'Walnut'] });
    const res = await t.client().post<Inquiry>('/api/project-inquiry', {
      ...goodInquiry,
      email: 'design@example.com',
      modelId: model.id,
      variant: 'Walnut',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ modelId: model.id, variant: 'Walnut', modelName: 'Galley kitchen' });
    const listed = (await admin.get<Inquiry[]>('/api/project-inquiries?limit=200')).body.find((lead) => lead.id === res.body.id);
    expect(listed).toMatchObject({ modelId: model.id, variant: 'Walnut', modelName: 'Galley kitchen' });

    const staffEmail = leadMessages({ kind: 'inquiry', record: res.body }, testMessageSettings, new Date()).find(
      (message) => message.audience === 'staff' && message.channel === 'email',
    );
    expect(staffEmail?.text).toContain('Interested in: Galley kitchen (Walnut)');
    expect(staffEmail && messageHtml(staffEmail)).toContain(
      'Interested in</th><td style="padding:8px 0;vertical-align:top;white-space:pre-wrap">Galley kitchen (Walnut)',
    );

    const plain = await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: 'plain@example.com', modelId: model.id });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ modelName: 'Galley kitchen' });
    expect(plain.body.variant).toBeUndefined();
    const plainEmail = leadMessages({ kind: 'inquiry', record: plain.body }, testMessageSettings, new Date()).find(
      (message) => message.audience === 'staff' && message.channel === 'email',
    );
    expect(plainEmail?.text).toContain('Interested in: Galley kitchen\n');
  });

  it('refuses an unknown model or variant with 400, storing nothing', async () => {
    const model = await addModel({ name: 'Walk-in robe' });
    await t.app.store.models.update(model.id, { variants: ['White'] });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ modelId: 'nosuchmodel0000000000' }, 'modelId', 'Unknown model'],
      [{ modelId: '../etc/passwd' }, 'modelId', 'Unknown model'],
      [{ modelId: 42 }, 'modelId', 'Unknown model'],
      [{ modelId: model.id, variant: 'Black' }, 'variant', 'Unknown variant'],
      [{ modelId: model.id, variant: '' }, 'variant', 'Unknown variant'],
      [{ variant: 'White' }, 'variant', 'A variant needs a model'],
    ];
    const before = await t.app.store.inquiries.count();
    for (const [fields, field, message] of cases) {
      const res = await t.client().post<{ message: string; errors: Record<string, string> }>('/api/project-inquiry', {
        ...goodInquiry,
        email: 'unknown@example.com',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await t.app.store.inquiries.count()).toBe(before);
  });
});

describe('model optimisation after the save (the real pipeline, in a worker thread)', () => {
  let p: TestApp;
  let padmin: Client;
  beforeAll(async () => {
    p = await startTestApp();
    padmin = await p.adminClient();
  });
  afterAll(() => p.close());

  async function upload(bytes: Uint8Array): Promise<string> {
    const issued = await padmin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const res = await p.client().request<{ url: string }>('PUT', issued.body.uploadURL, { body: Buffer.from(bytes) });
    expect(res.status).toBe(201);
    return res.body.url;
  }
  const listed = async (id: string) => (await p.client().get<Model3d[]>('/api/3d-models')).body.find((m) => m.id === id);
  const served = async (url: string) => {
    const res = await fetch(p.url + url);
    return { status: res.status, type: res.headers.get('content-type'), bytes: res.ok ? Buffer.from(await res.arrayBuffer()) : null };
  };

  it('serves the optimised file once done, keeps the upload as the original, and reads variants and figures from the file', async () => {
    const fixture = await variantsModel();
    const events: string[] = [];
    const off = p.app.context.feed.subscribe((change) => events.push(`${change.collection} ${change.op}`));
    const created = await padmin.post<Model3d>('/api/3d-models', {
      name: 'Hamptons doors',
      description: 'Shaker doors in three finishes',
      modelUrl: await upload(fixture.glb),
    });
    expect(created.status).toBe(201);
    expect(created.body.processing).toBe('pending');
    await p.app.context.jobs.idle();
    off();

    const model = await listed(created.body.id);
    expect(model).toMatchObject({ processing: 'done', variants: ['Oak', 'Walnut', 'White'], originalUrl: created.body.originalUrl });
    expect(model?.processingError).toBeUndefined();
    expect(model?.modelUrl).toMatch(/^\/objects\/models\/\w+-optimized\.glb$/);
    expect(model?.arUrl).toMatch(/^\/objects\/models\/\w+-ar\.glb$/);
    expect(model?.stats).toMatchObject({ originalBytes: fixture.glb.length, triangles: fixture.triangles, textures: fixture.textures });
    expect(model?.stats?.maxTextureSize).toBe(fixture.maxTextureSize);
    // Open dashboards heard of the new model and of its optimisation.
    expect(events.filter((e) => e === 'models_3d update').length).toBeGreaterThanOrEqual(1);

    const optimised = await served(model!.modelUrl);
    expect(optimised).toMatchObject({ status: 200, type: 'model/gltf-binary' });
    expect(optimised.bytes?.length).toBe(model?.stats?.optimizedBytes);
    expect(optimised.bytes?.subarray(0, 4).toString()).toBe('glTF');
    expect(optimised.bytes?.toString('latin1')).toContain('EXT_meshopt_compression');
    const ar = await served(model!.arUrl!);
    expect(ar.status).toBe(200);
    expect(ar.bytes?.toString('latin1')).not.toContain('EXT_meshopt_compression');
    expect(ar.bytes?.toString('latin1')).toContain('KHR_materials_variants');
    expect((await served(model!.originalUrl)).bytes?.equals(Buffer.from(fixture.glb))).toBe(true);

    // The edit form sends back what it was given: the optimised file's url keeps everything.
    const kept = await padmin.put<Model3d>(`/api/3d-models/${model!.id}`, {
      name: 'Hamptons doors',
      description: 'Shaker doors in three finishes',
      modelUrl: model!.modelUrl,
      hotspots: [{ id: 'handle', label: 'Brushed nickel handles', position: [0.2, 0.5, 0.02], normal: [0, 0, 1] }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ processing: 'done', modelUrl: model!.modelUrl, arUrl: model!.arUrl, variants: model!.variants });

    // A new file starts again; the old upload and the files made from it are deleted.
    const untextured = await untexturedModel();
    const replaced = await padmin.put<Model3d>(`/api/3d-models/${model!.id}`, {
      name: 'Hamptons doors',
      description: 'Shaker doors in three finishes',
      modelUrl: await upload(untextured.glb),
    });
    expect(replaced.body).toMatchObject({ processing: 'pending', variants: [] });
    expect(replaced.body.stats).toBeUndefined();
    expect(replaced.body.arUrl).toBeUndefined();
    for (const url of [model!.originalUrl, model!.modelUrl, model!.arUrl!]) expect((await served(url)).status).toBe(404);
    await p.app.context.jobs.idle();
    const again = await listed(model!.id);
    expect(again).toMatchObject({
      processing: 'done',
      variants: [],
      stats: { textures: 0, maxTextureSize: 0, triangles: untextured.triangles },
    });

    // Deleting the model deletes its upload and both files made from it.
    expect((await padmin.delete(`/api/3d-models/${model!.id}`)).status).toBe(204);
    for (const url of [again!.originalUrl, again!.modelUrl, again!.arUrl!]) expect((await served(url)).status).toBe(404);
  });

  it('keeps a file it cannot optimise working as uploaded, with the reason', async () => {
    const damaged = truncatedModel((await texturedModel()).glb);
    const created = await padmin.post<Model3d>('/api/3d-models', {
      name: 'Broken export',
      description: 'A file cut short',
      modelUrl: await upload(damaged),
    });
    expect(created.status).toBe(201);
    await p.app.context.jobs.idle();
    const model = await listed(created.body.id);
    expect(model).toMatchObject({ processing: 'failed', modelUrl: created.body.originalUrl, variants: [] });
    expect(model?.processingError).toMatch(/^The file is incomplete/);
    expect(model?.arUrl).toBeUndefined();
    expect(model?.stats).toEqual({
      originalBytes: damaged.length,
      optimizedBytes: damaged.length,
      triangles: 0,
      textures: 0,
      maxTextureSize: 0,
    });
    expect((await served(model!.modelUrl)).status).toBe(200);
  });

  it('optimises the models still waiting when the server starts again', async () => {
    const fixture = await untexturedModel();
    // Saved by a server that stopped before optimising it (or by a version without optimisation).
    const stopped = await startTestApp({}, undefined, undefined, undefined, { jobs: [] });
    const stoppedAdmin = await stopped.adminClient();
    const issued = await stoppedAdmin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const file = await stopped.client().request<{ url: string }>('PUT', issued.body.uploadURL, { body: Buffer.from(fixture.glb) });
    const created = await stoppedAdmin.post<Model3d>('/api/3d-models', {
      name: 'Vanity',
      description: 'Double vanity',
      modelUrl: file.body.url,
    });
    expect(created.body.processing).toBe('pending');
    await stopped.app.context.jobs.idle();
    expect((await stopped.app.store.models.get(created.body.id))?.processing).toBe('pending');

    // The next start of the jobs finds it in the store (nothing was queued in memory) and optimises it.
    expect(await stopped.app.context.jobs.start(['models'])).toBe(1);
    await stopped.app.context.jobs.idle();
    expect(await stopped.app.store.models.get(created.body.id)).toMatchObject({
      processing: 'done',
      stats: { triangles: fixture.triangles },
    });
    await stopped.close();
  });
});

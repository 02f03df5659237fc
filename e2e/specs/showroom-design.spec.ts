import { Document, NodeIO } from '@gltf-transform/core';
import { KHRMaterialsVariants } from '@gltf-transform/extensions';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { card, uniqueName } from './admin-helpers';
import { deleteAllModels, upload, waitForModelLoaded } from './models-helpers';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';

// WebGL runs on the CPU here (SwiftShader): a trace's screencast of a rendering canvas, and a
// large canvas, each slow a model's first frame from seconds to minutes.
test.use({ trace: 'off', viewport: { width: 1024, height: 720 } });

/** The finishes of the test model's doors: far apart in lightness, so a switch shows on screen. */
const finishes = [
  { name: 'Walnut', color: [0.1, 0.05, 0.02, 1] },
  { name: 'White', color: [0.95, 0.95, 0.95, 1] },
] as const;

/**
 * A 1.2 m × 0.9 m door front facing the camera whose material switches between the finishes
 * (KHR_materials_variants; the first is also its own material), in metres, y up.
 */
async function doorsWithFinishes(): Promise<Buffer> {
  const document = new Document();
  const buffer = document.createBuffer();
  const variants = document.createExtension(KHRMaterialsVariants);
  // A box from (-0.6, 0, -0.02) to (0.6, 0.9, 0.02): each face its own four corners and normal.
  const [min, max] = [
    [-0.6, 0, -0.02],
    [0.6, 0.9, 0.02],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const axis of [0, 1, 2]) {
    for (const side of [-1, 1]) {
      const [u, v] = [(axis + 1) % 3, (axis + 2) % 3];
      const base = positions.length / 3;
      for (const [a, b] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]) {
        const corner = [0, 0, 0];
        corner[axis] = side < 0 ? min[axis] : max[axis];
        corner[u] = a ? max[u] : min[u];
        corner[v] = b ? max[v] : min[v];
        const normal = [0, 0, 0];
        normal[axis] = side;
        positions.push(...corner);
        normals.push(...normal);
      }
      // Counter-clockwise seen from outside.
      indices.push(
        ...(side > 0 ? [base, base + 1, base + 2, base, base + 2, base + 3] : [base, base + 2, base + 1, base, base + 3, base + 2]),
      );
    }
  }
  const materials = finishes.map((finish) =>
    document
      .createMaterial(finish.name)
      .setBaseColorFactor([...finish.color])
      .setRoughnessFactor(0.6)
      .setMetallicFactor(0),
  );
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
    .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
    .setMaterial(materials[0]);
  const mappings = variants.createMappingList();
  finishes.forEach((finish, index) =>
    mappings.addMapping(variants.createMapping().setMaterial(materials[index]).addVariant(variants.createVariant(finish.name))),
  );
  primitive.setExtension('KHR_materials_variants', mappings);
  const mesh = document.createMesh('Doors').addPrimitive(primitive);
  document.createScene('Scene').addChild(document.createNode('Doors').setMesh(mesh));
  return Buffer.from(await new NodeIO().registerExtensions([KHRMaterialsVariants]).writeBinary(document));
}

interface ShowroomModel {
  id: string;
  name: string;
  modelUrl: string;
  originalUrl: string;
  thumbnailUrl: string;
  processing: 'pending' | 'done' | 'failed';
  processingError?: string;
  variants: string[];
  hotspots: { id: string; label: string; position: number[]; normal: number[] }[];
  stats?: { originalBytes: number; optimizedBytes: number; triangles: number };
}

/** Adds the doors through the API, as the admin page does (no thumbnail), and waits until the server has optimised them. */
async function addDoors(adminApi: APIRequestContext, name: string): Promise<ShowroomModel> {
  const modelUrl = await upload(adminApi, 'model', await doorsWithFinishes());
  const response = await adminApi.post('/api/3d-models', {
    data: { name, description: 'Two doors in a choice of finishes.', modelUrl, thumbnailUrl: '', exposure: 1, shadowIntensity: 0.5 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as ShowroomModel;
  let model = created;
  await expect
    .poll(
      async () => {
        const list = (await (await adminApi.get('/api/3d-models?limit=200')).json()) as ShowroomModel[];
        model = list.find((m) => m.id === created.id) ?? model;
        return model.processing;
      },
      { timeout: 60_000, message: 'the server optimises the model' },
    )
    .not.toBe('pending');
  expect(model.processing, model.processingError).toBe('done');
  return model;
}

/** The viewer's picture at its centre, as [r, g, b], from what it renders. */
const centreColour = (viewer: Locator) =>
  viewer.evaluate(async (element) => {
    const blob = await (element as HTMLElement & { toBlob(options?: object): Promise<Blob> }).toBlob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data;
    return [r, g, b];
  });
const lightness = ([r, g, b]: number[]) => (r + g + b) / 3;

async function openInShowroom(page: Page, name: string) {
  await page.goto('/virtual-showroom');
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await waitForModelLoaded(page);
  return dialog;
}

test.describe('showroom designs', () => {
  test('an upload is optimised, the viewer loads the optimised file, and the finish chips switch the material', async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    await deleteAllModels(adminApi);
    // No turning: the same view before and after a finish is chosen.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const name = uniqueName('Doors ');
    const model = await addDoors(adminApi, name);
    expect(model.modelUrl).not.toBe(model.originalUrl);
    expect(model.variants).toEqual(['Walnut', 'White']);
    expect(model.stats?.triangles).toBe(12);

    const assertNoErrors = failOnConsoleErrors(page);
    const decoder = page.waitForResponse((response) => new URL(response.url()).pathname === '/meshopt-decoder.js');
    const dialog = await openInShowroom(page, name);
    expect((await decoder).status()).toBe(200);
    const viewer = dialog.locator('model-viewer');
    expect(await viewer.evaluate((element) => (element as HTMLElement & { src: string }).src)).toBe(model.modelUrl);
    await expect(viewer).toHaveAttribute('ar-scale', 'fixed');

    const chips = dialog.getByRole('group', { name: 'Finish' });
    await expect(chips.getByRole('button', { name: 'Walnut' })).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer).toHaveAttribute('variant-name', 'Walnut');
    // The doors fill the view's centre: dark walnut first, then far lighter in white.
    const walnut = lightness(await centreColour(viewer));

    await chips.getByRole('button', { name: 'White' }).click();
    await expect(chips.getByRole('button', { name: 'White' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.getByRole('button', { name: 'Walnut' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => lightness(await centreColour(viewer)), { timeout: 30_000 }).toBeGreaterThan(walnut + 60);

    await dialog.getByRole('button', { name: 'Dimensions' }).click();
    await expect(dialog.getByText('1.20 m × 0.90 m × 0.04 m')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    assertNoErrors();
  });

  test('a hotspot placed in the admin shows in the showroom, and "Enquire about this design" brings a lead that names it', async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(300_000);
    await deleteAllModels(adminApi);
    const name = uniqueName('Doors ');
    const model = await addDoors(adminApi, name);

    // The admin edits the model: a click on the preview places a hotspot, whose label is typed next.
    await signIn(page);
    await page.goto('/admin?tab=models');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('region', { name: 'Edit 3D Model' });
    const hotspots = form.getByRole('group', { name: /^Preview and hotspots/ });
    const add = hotspots.getByRole('button', { name: 'Add hotspot' });
    await expect(add).toBeEnabled({ timeout: 110_000 });
    await add.click();
    await expect(hotspots.getByRole('status').filter({ hasText: 'Click the model where the hotspot goes.' })).toBeVisible();
    await hotspots.locator('model-viewer').click();
    const label = hotspots.getByRole('textbox', { name: 'Hotspot 1 label' });
    await expect(label).toBeFocused();
    await label.fill('Soft-close hinges');
    await expect(hotspots.getByRole('button', { name: 'Soft-close hinges', exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Update Model' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '3D model updated successfully' })).toBeVisible({ timeout: 30_000 });

    const saved = ((await (await adminApi.get('/api/3d-models?limit=200')).json()) as ShowroomModel[]).find((m) => m.id === model.id)!;
    expect(saved.hotspots.map((spot) => spot.label)).toEqual(['Soft-close hinges']);
    // No thumbnail was given: one was taken from the preview on save.
    expect(saved.thumbnailUrl).toMatch(/^\/objects\//);

    // The card shows the optimisation, and the list stays usable on a phone.
    const row = page.getByRole('list', { name: '3D models in showroom order' }).getByRole('listitem', { name, exact: true });
    await expect(row.getByRole('status')).toHaveText('Optimised');
    await expect(row.getByText(/ → .* · 12 triangles · no textures$/)).toBeVisible();
    await expect(row.getByRole('link', { name: `Download original of ${name}` })).toHaveAttribute('href', /^\/objects\//);
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: `Edit ${name}` }).scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeInViewport();
    const box = (await row.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1024, height: 720 });

    // The public viewer shows the hotspot as a button on the model, listed in its text alternative.
    const visitor = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 1024, height: 720 } });
    try {
      const assertNoErrors = failOnConsoleErrors(visitor);
      const dialog = await openInShowroom(visitor, name);
      const viewer = dialog.locator('model-viewer');
      // React gives model-viewer its text alternative as a property, which the element puts on its canvas.
      expect(await viewer.evaluate((element) => (element as HTMLElement & { alt: string }).alt)).toMatch(
        /Labelled points: Soft-close hinges\.$/,
      );
      const hotspot = dialog.getByRole('button', { name: 'Soft-close hinges', exact: true });
      await expect(hotspot).toBeVisible();
      await expect(hotspot).toHaveAttribute('slot', /^hotspot-/);

      await dialog.getByRole('group', { name: 'Finish' }).getByRole('button', { name: 'White' }).click();
      await dialog.getByRole('button', { name: 'Enquire about this design' }).click();
      const wizard = visitor.getByRole('dialog', { name: 'Select Rooms to Renovate' });
      await expect(wizard.getByText(`Design: ${name} (White)`)).toBeVisible();
      await wizard.getByRole('button', { name: 'Kitchen' }).click();
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await visitor.getByRole('button', { name: '$15,000 - $30,000' }).click();
      await visitor.getByRole('button', { name: 'Next', exact: true }).click();
      await visitor.getByRole('button', { name: 'Next 3 months' }).click();
      await visitor.getByRole('button', { name: 'Next', exact: true }).click();
      await visitor.getByLabel('First name').fill('Ava');
      await visitor.getByLabel('Last name').fill('Designer');
      await visitor.getByLabel('Email').fill('ava.designer@example.com');
      await visitor.getByLabel('Phone number').fill('0400 123 456');
      await expect(visitor.getByText(`Design: ${name} (White)`)).toBeVisible();
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await expect(visitor.getByRole('dialog', { name: 'Thank You, Ava!' })).toBeVisible();
      assertNoErrors();
    } finally {
      await visitor.close();
    }

    // The lead says which design it is about.
    await page.goto('/admin?tab=inquiries');
    await expect(card(page, 'Ava Designer').getByText(`Interested in: ${name} (White)`)).toBeVisible({ timeout: 30_000 });
  });
});

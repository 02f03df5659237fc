import type { Page } from '@playwright/test';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { toast, uniqueName } from './admin-helpers';
import { createModel, deleteAllModels, sampleFile, showroomNames, waitForModelLoaded, type StoredModel } from './models-helpers';

// WebGL runs on the CPU here (SwiftShader): a trace's screencast of a rendering canvas slows a
// model's first frame from seconds to minutes.
test.use({ trace: 'off' });

async function openModelsTab(page: Page) {
  await signIn(page);
  await page.goto('/admin?tab=models');
  await expect(page.getByRole('heading', { name: 'Add New 3D Model' })).toBeVisible();
}

/** Picks a file with the field's button, as a person does. */
async function pick(page: Page, button: 'Upload GLB' | 'Upload Image', file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** Slows the browser's uploads so the progress bar can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

const modelRow = (page: Page, name: string) =>
  page.getByRole('list', { name: '3D models in showroom order' }).getByRole('listitem', { name, exact: true });

test.describe('admin 3D models', () => {
  test('add with uploads (progress, tick, toasts), see it in the showroom viewer, edit it, delete it and its files', async ({
    page,
    adminApi,
    browser,
  }) => {
    test.setTimeout(240_000);
    await openModelsTab(page);
    const form = page.getByRole('region', { name: 'Add New 3D Model' });
    const save = page.getByRole('button', { name: 'Add Model' });
    await expect(save).toBeDisabled();
    await expect(page.getByText('Exposure: 0.6', { exact: true })).toBeVisible();
    await expect(page.getByText('Shadow Intensity: 0.5', { exact: true })).toBeVisible();

    const name = uniqueName('Island ');
    await page.getByLabel('Model Name').fill(name);
    await page.getByLabel('Description (minimum 5 characters)').fill('A waterfall island with navy drawers.');
    await expect(save, 'no model file yet').toBeDisabled();

    // The GLB: picked, shown with its size, uploaded only on confirmation, with progress.
    // Its size in KB of 1,024 bytes, one decimal, as read from the generated sample on disk.
    const island = sampleFile('kitchen-island', 'glb');
    await pick(page, 'Upload GLB', island);
    await expect(form).toContainText(`kitchen-island.glb (${(statSync(island).size / 1024).toFixed(1)} KB)`);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const unthrottle = await throttleUploads(page, 48 * 1024);
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading kitchen-island.glb' });
    await expect(progress).toBeVisible();
    await expect(form.getByText(/^\d{1,3}%$/)).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(toast(page, 'Success')).toContainText('GLB model uploaded successfully', { timeout: 20_000 });
    await unthrottle();
    await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(1);
    await expect(save).toBeEnabled();

    await pick(page, 'Upload Image', sampleFile('kitchen-island', 'webp'));
    await expect(form).toContainText('kitchen-island.webp');
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    await expect(toast(page, 'Success')).toContainText('Thumbnail uploaded successfully');
    await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(2);

    const exposure = page.getByRole('slider', { name: /^Exposure/ });
    await exposure.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Exposure: 0.9', { exact: true })).toBeVisible();
    const shadow = page.getByRole('slider', { name: /^Shadow Intensity/ });
    await shadow.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Shadow Intensity: 0.4', { exact: true })).toBeVisible();

    await save.click();
    await expect(toast(page, 'Success')).toContainText('3D model added successfully');
    // Back to an empty add form.
    await expect(page.getByLabel('Model Name')).toHaveValue('');
    await expect(page.getByText('Exposure: 0.6', { exact: true })).toBeVisible();
    await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(0);
    const row = modelRow(page, name);
    await expect(row).toContainText('Exposure: 0.9 · Shadow: 0.4');
    await expect(row.getByRole('img', { name: `Thumbnail of ${name}` })).toBeVisible();

    const stored = ((await (await adminApi.get('/api/3d-models?limit=200')).json()) as StoredModel[]).find((m) => m.name === name);
    expect(stored).toMatchObject({ exposure: 0.9, shadowIntensity: 0.4, description: 'A waterfall island with navy drawers.' });
    expect(stored?.modelUrl).toMatch(/^\/objects\/models\/.+\.glb$/);
    expect(stored?.thumbnailUrl).toMatch(/^\/objects\/thumbnails\/.+\.webp$/);
    const model = stored as StoredModel;

    // The public showroom shows it, and its viewer loads the uploaded model.
    const visitor = await browser.newPage({ viewport: { width: 1024, height: 720 } });
    const assertNoViewerErrors = failOnConsoleErrors(visitor);
    await visitor.goto(new URL('/virtual-showroom', page.url()).href);
    await visitor.getByRole('button', { name }).click();
    await waitForModelLoaded(visitor);
    assertNoViewerErrors();
    await visitor.close();

    // Edit: prefilled, then saved under a new name.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit 3D Model' })).toBeVisible();
    await expect(page.getByLabel('Model Name')).toHaveValue(name);
    await expect(page.getByText('Exposure: 0.9', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const renamed = `${name} v2`;
    await page.getByLabel('Model Name').fill(renamed);
    await page.getByRole('button', { name: 'Update Model' }).click();
    await expect(toast(page, 'Success')).toContainText('3D model updated successfully');
    await expect(page.getByRole('heading', { name: 'Add New 3D Model' })).toBeVisible();
    await expect(modelRow(page, renamed)).toBeVisible();

    // Delete: confirmed, and its files are gone.
    await modelRow(page, renamed)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    const confirmation = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
    await expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this 3D model?');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Success')).toContainText('3D model deleted successfully');
    await expect(modelRow(page, renamed)).toHaveCount(0);
    expect((await adminApi.get(model.modelUrl)).status()).toBe(404);
    expect((await adminApi.get(model.thumbnailUrl)).status()).toBe(404);
  });

  test('validation messages and Cancel in edit mode', async ({ page, adminApi }) => {
    const existing = await createModel(adminApi, { name: uniqueName('Vanity '), thumbnail: false });
    await openModelsTab(page);
    await page.getByLabel('Model Name').fill('ab');
    await page.getByLabel('Description (minimum 5 characters)').fill('abcd');
    // Still disabled without a model file: the messages come from the schema once it is saved.
    await expect(page.getByRole('button', { name: 'Add Model' })).toBeDisabled();

    await modelRow(page, existing.name)
      .getByRole('button', { name: `Edit ${existing.name}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Edit 3D Model' })).toBeVisible();
    await expect(page.getByLabel('Model Name')).toHaveValue(existing.name);
    await page.getByLabel('Model Name').fill('ab');
    await page.getByLabel('Description (minimum 5 characters)').fill('abcd');
    await page.getByRole('button', { name: 'Update Model' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Description must be at least 5 characters')).toBeVisible();
    await expect(page.getByLabel('Model Name')).toBeFocused();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Add New 3D Model' })).toBeVisible();
    await expect(page.getByLabel('Model Name')).toHaveValue('');
    await expect(page.getByLabel('Description (minimum 5 characters)')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  });

  test('reordering swaps neighbours, sends the whole order, and the showroom follows', async ({ page, adminApi }) => {
    await deleteAllModels(adminApi);
    const a = await createModel(adminApi, { name: uniqueName('A '), thumbnail: false });
    const b = await createModel(adminApi, { name: uniqueName('B '), thumbnail: false });
    const c = await createModel(adminApi, { name: uniqueName('C '), thumbnail: false });
    await openModelsTab(page);
    const rows = page.getByRole('list', { name: '3D models in showroom order' }).getByRole('heading', { level: 3 });
    await expect(rows).toHaveText([a.name, b.name, c.name]);
    await expect(page.getByRole('heading', { name: '3D Models (3)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Move ${a.name} up` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move ${c.name} down` })).toBeDisabled();

    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/3d-models/reorder'));
    await page.getByRole('button', { name: `Move ${c.name} up` }).click();
    expect((await patch).postDataJSON()).toEqual({
      models: [
        { id: a.id, displayOrder: 0 },
        { id: c.id, displayOrder: 1 },
        { id: b.id, displayOrder: 2 },
      ],
    });
    await expect(toast(page, 'Success')).toContainText('Models reordered successfully');
    await expect(rows).toHaveText([a.name, c.name, b.name]);

    await page.getByRole('button', { name: `Move ${a.name} down` }).click();
    await expect(toast(page, 'Success')).toContainText('Models reordered successfully');
    await expect(rows).toHaveText([c.name, a.name, b.name]);
    await page.reload();
    await expect(rows).toHaveText([c.name, a.name, b.name]);

    await page.goto('/virtual-showroom');
    await expect(showroomNames(page)).toHaveText([c.name, a.name, b.name]);
  });

  test('a refused reorder puts the list back and says so', async ({ page, adminApi }) => {
    await deleteAllModels(adminApi);
    const a = await createModel(adminApi, { name: uniqueName('A '), thumbnail: false });
    const b = await createModel(adminApi, { name: uniqueName('B '), thumbnail: false });
    await openModelsTab(page);
    await page.route('**/api/3d-models/reorder', (route) => route.fulfill({ status: 500, body: 'Server error' }));
    await page.getByRole('button', { name: `Move ${b.name} up` }).click();
    await expect(toast(page, 'Error')).toContainText('Failed to reorder models');
    await expect(page.getByRole('list', { name: '3D models in showroom order' }).getByRole('heading', { level: 3 })).toHaveText([
      a.name,
      b.name,
    ]);
  });

  test('too large or wrong files are refused before upload, and the server refuses them too', async ({ page, adminApi }) => {
    const dir = mkdtempSync(join(tmpdir(), 'models-e2e-'));
    try {
      // A sparse 120 MB "GLB": the right first bytes, over the limit.
      const big = join(dir, 'huge.glb');
      const fd = openSync(big, 'w');
      writeSync(fd, Buffer.from('glTF'));
      ftruncateSync(fd, 120 * 1024 * 1024);
      closeSync(fd);
      const svg = join(dir, 'logo.svg');
      const fakeGlb = join(dir, 'photo.glb');
      const fdSvg = openSync(svg, 'w');
      writeSync(fdSvg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
      closeSync(fdSvg);
      const fdFake = openSync(fakeGlb, 'w');
      writeSync(fdFake, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
      closeSync(fdFake);

      let uploads = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/objects/upload')) uploads++;
      });
      await openModelsTab(page);
      await pick(page, 'Upload GLB', big);
      await expect(page.getByRole('alert').filter({ hasText: 'This file is 120.0 MB. GLB models can be at most 100 MB.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm upload' })).toHaveCount(0);
      await pick(page, 'Upload GLB', fakeGlb);
      await expect(page.getByRole('alert').filter({ hasText: 'This is not a GLB model. Please choose a .glb file.' })).toBeVisible();
      await pick(page, 'Upload Image', svg);
      await expect(
        page.getByRole('alert').filter({ hasText: 'This is not a PNG, JPEG, WebP or AVIF image. Please choose one of those.' }),
      ).toBeVisible();
      await pick(page, 'Upload Image', sampleFile('wardrobe', 'glb'));
      await expect(page.getByRole('alert').filter({ hasText: 'This is not a PNG, JPEG, WebP or AVIF image.' })).toBeVisible();
      expect(uploads, 'nothing was sent').toBe(0);

      // The server's own refusal is shown as it words it.
      await page.route('**/api/objects/upload/*', (route) =>
        route.fulfill({
          status: 415,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Only GLB models, PDF documents and PNG, JPEG, WebP or AVIF images can be uploaded' }),
        }),
      );
      await pick(page, 'Upload GLB', sampleFile('wardrobe', 'glb'));
      await page.getByRole('button', { name: 'Confirm upload' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Only GLB models, PDF documents and PNG, JPEG, WebP or AVIF images can be uploaded' }),
      ).toBeVisible();
      await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(0);

      // And the server really refuses them, whatever a client does.
      const ticket = async (kind: 'model' | 'thumbnail') =>
        ((await (await adminApi.post('/api/objects/upload', { data: { kind } })).json()) as { uploadURL: string }).uploadURL;
      const wrong = await adminApi.put(await ticket('model'), {
        data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 1, 2]),
      });
      expect(wrong.status()).toBe(415);
      const tooBig = await adminApi.put(await ticket('thumbnail'), {
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024)]),
      });
      expect(tooBig.status()).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toBe('Thumbnails can be at most 10 MB');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an upload can be cancelled while it runs', async ({ page }) => {
    await openModelsTab(page);
    await pick(page, 'Upload GLB', sampleFile('kitchen-island', 'glb'));
    await throttleUploads(page, 8 * 1024);
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    await expect(page.getByRole('progressbar', { name: 'Uploading kitchen-island.glb' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Upload cancelled.' })).toBeVisible();
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Model' })).toBeDisabled();
  });

  test('without a thumbnail, one click makes one from the model itself', async ({ page, adminApi }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 900 });
    await openModelsTab(page);
    const assertNoErrors = failOnConsoleErrors(page);
    const name = uniqueName('Wardrobe ');
    await page.getByLabel('Model Name').fill(name);
    await page.getByLabel('Description (minimum 5 characters)').fill('Walnut doors and open hanging.');
    await pick(page, 'Upload GLB', sampleFile('wardrobe', 'glb'));
    await page.getByRole('button', { name: 'Confirm upload' }).click();
    await expect(toast(page, 'Success')).toContainText('GLB model uploaded successfully');

    const make = page.getByRole('button', { name: 'Make thumbnail from model' });
    await expect(make).toBeVisible();
    await expect(make).toBeEnabled({ timeout: 200_000 });
    await make.click();
    await expect(toast(page, 'Success')).toContainText('Thumbnail uploaded successfully');
    await expect(page.getByRole('region', { name: 'Add New 3D Model' }).getByText('Uploaded', { exact: true })).toHaveCount(2);
    await page.getByRole('button', { name: 'Add Model' }).click();
    await expect(toast(page, 'Success')).toContainText('3D model added successfully');

    const stored = ((await (await adminApi.get('/api/3d-models?limit=200')).json()) as StoredModel[]).find((m) => m.name === name);
    expect(stored?.thumbnailUrl).toMatch(/^\/objects\/thumbnails\/.+\.(webp|png)$/);
    const image = await adminApi.get(stored?.thumbnailUrl ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\/(webp|png)$/);
    expect((await image.body()).length).toBeGreaterThan(1000);
    assertNoErrors();
  });
});

import { startServer } from '../support/server';
import { expect, failOnConsoleErrors, holdRequests, test } from '../support/fixtures';
import { createModel, deleteAllModels, scriptRequests, showroomNames, waitForModelLoaded } from './models-helpers';
import { uniqueName } from './admin-helpers';

const modelViewerChunk = /\/assets\/model-viewer-[^/]*\.js$/;

// WebGL runs on the CPU here (SwiftShader): a trace's screencast of a rendering canvas, and a
// large canvas, each slow a model's first frame from seconds to minutes.
test.use({ trace: 'off', viewport: { width: 1024, height: 720 } });

test.describe('virtual showroom', () => {
  test('empty: the empty text in the page’s first HTML, with the title and a way home', async ({ page }) => {
    const server = await startServer();
    try {
      const assertNoErrors = failOnConsoleErrors(page);
      // The server renders the showroom with its list: the page asks for none.
      const listRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/3d-models') listRequests.push(request.url());
      });
      const response = await page.goto(`${server.url}/virtual-showroom`);
      expect(await response?.text()).toContain('No 3D models available yet. Check back soon!');
      await expect(page.getByRole('heading', { level: 1, name: 'Virtual Showroom' })).toBeVisible();
      await expect(page.getByText('No 3D models available yet. Check back soon!')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading models...' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(`${server.url}/`);
      expect(listRequests).toEqual([]);
      assertNoErrors();
    } finally {
      await server.dispose();
    }
  });

  test('cards in display order; a card opens the viewer, which loads the model; nothing 3D before that', async ({ page, adminApi }) => {
    // WebGL runs on the CPU here (SwiftShader), so a model takes seconds, not milliseconds.
    test.setTimeout(150_000);
    await deleteAllModels(adminApi);
    const first = await createModel(adminApi, {
      name: uniqueName('Island '),
      sample: 'kitchen-island',
      exposure: 0.9,
      shadowIntensity: 0.7,
    });
    const second = await createModel(adminApi, { name: uniqueName('Vanity '), sample: 'bathroom-vanity' });
    const scripts = scriptRequests(page);
    const assertNoErrors = failOnConsoleErrors(page);

    // The home page never downloads the viewer.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => modelViewerChunk.test(url))).toEqual([]);

    await page.getByRole('link', { name: 'Virtual Showroom' }).first().click();
    await expect(showroomNames(page)).toHaveText([first.name, second.name]);
    const card = page.getByRole('button', { name: first.name });
    await expect(card).toContainText(first.description);
    const thumbnail = page.getByRole('listitem').filter({ hasText: first.name }).locator('img');
    await expect(thumbnail).toHaveAttribute('src', first.thumbnailUrl);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((url) => modelViewerChunk.test(url)),
      'the showroom grid does not load the viewer',
    ).toEqual([]);

    // The model's file is held back until the loading state has been seen: a small model on a
    // quick machine can otherwise load between two looks at the dialog.
    const releaseModel = await holdRequests(page, '**/*.glb');
    await card.click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Loading 3D model...' })).toBeVisible();
    releaseModel();
    await waitForModelLoaded(page);
    await expect(dialog.getByText('Loading 3D model...')).toHaveCount(0);
    expect(scripts.filter((url) => modelViewerChunk.test(url))).toHaveLength(1);

    const viewer = dialog.locator('model-viewer');
    await expect(viewer).toHaveAttribute('camera-controls', '');
    await expect(viewer).toHaveAttribute('auto-rotate', '');
    await expect(viewer).toHaveAttribute('environment-image', 'legacy');
    await expect(viewer).toHaveAttribute('shadow-softness', '1');
    await expect(viewer).toHaveAttribute('ar-modes', 'webxr scene-viewer quick-look');
    const settings = await viewer.evaluate((el) => {
      const v = el as HTMLElement & { src: string | null; exposure: number; shadowIntensity: number; alt: string | null; ar: boolean };
      return { src: v.src, exposure: v.exposure, shadowIntensity: v.shadowIntensity, alt: v.alt, ar: v.ar };
    });
    // The file as uploaded, or the optimised one if the server finished before the list was read.
    const listed = (await (await adminApi.get('/api/3d-models?limit=200')).json()) as { id: string; modelUrl: string }[];
    expect([first.modelUrl, listed.find((m) => m.id === first.id)?.modelUrl]).toContain(settings.src);
    expect(settings).toEqual({
      src: settings.src,
      exposure: 0.9,
      shadowIntensity: 0.7,
      alt: `3D model: ${first.name}. ${first.description}`,
      ar: true,
    });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(card).toBeFocused();
    assertNoErrors();
  });

  test('the viewer is usable from the keyboard and has a text alternative', async ({ page, adminApi }) => {
    test.setTimeout(150_000);
    await deleteAllModels(adminApi);
    const model = await createModel(adminApi, { name: uniqueName('Wardrobe '), sample: 'wardrobe' });
    const assertNoErrors = failOnConsoleErrors(page);
    // No reduced-motion preference would stop auto-rotate here; keys still turn the camera.
    await page.goto('/virtual-showroom');
    const card = page.getByRole('button', { name: model.name });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: model.name });
    await waitForModelLoaded(page);

    const viewer = dialog.locator('model-viewer');
    // The model is an image with the model's description, reachable with Tab.
    const model3d = dialog.getByRole('img', { name: new RegExp(`^3D model: ${model.name}`) });
    await expect(model3d).toBeVisible();
    for (let i = 0; i < 6; i++) {
      if (await model3d.evaluate((el) => el.matches(':focus'))) break;
      await page.keyboard.press('Tab');
    }
    await expect(model3d).toBeFocused();

    const orbit = () => viewer.evaluate((el) => (el as HTMLElement & { getCameraOrbit(): { phi: number } }).getCameraOrbit().phi);
    const before = await orbit();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(orbit).not.toBeCloseTo(before, 2);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    assertNoErrors();
  });

  test('a thumbnail that fails to load shows the placeholder', async ({ page, adminApi }) => {
    await deleteAllModels(adminApi);
    const broken = await createModel(adminApi, { name: uniqueName('Broken thumb '), sample: 'bathroom-vanity' });
    const none = await createModel(adminApi, { name: uniqueName('No thumb '), sample: 'wardrobe', thumbnail: false });
    await page.route(`**${broken.thumbnailUrl}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/virtual-showroom');
    const brokenCard = page.getByRole('button', { name: broken.name });
    await expect(brokenCard.getByText('Click to view in 3D')).toBeVisible();
    await expect(brokenCard.locator('img')).toHaveCount(0);
    await expect(page.getByRole('button', { name: none.name }).getByText('Click to view in 3D')).toBeVisible();
  });

  test('a model that cannot load shows an error instead of loading forever', async ({ page, adminApi }) => {
    test.setTimeout(120_000);
    await deleteAllModels(adminApi);
    const model = await createModel(adminApi, { name: uniqueName('Missing '), sample: 'bathroom-vanity' });
    await page.route(`**${model.modelUrl}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/virtual-showroom');
    await page.getByRole('button', { name: model.name }).click();
    const dialog = page.getByRole('dialog', { name: model.name });
    await expect(dialog.getByRole('alert')).toHaveText('Sorry, this 3D model could not be loaded. Please try again later.', {
      timeout: 90_000,
    });
    await expect(dialog.getByText('Loading 3D model...')).toHaveCount(0);
  });
});

import type { Locator, Page } from '@playwright/test';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { toast, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';
import { createModel, deleteAllModels } from './models-helpers';
import { createProject, deleteAllProjects, photoFiles } from './projects-helpers';

// A phone: the admin works the portfolio from the site.
test.use({ viewport: { width: 390, height: 844 } });

async function openProjectsTab(page: Page) {
  await signIn(page);
  await page.goto('/admin?tab=projects');
  await expect(page.getByRole('heading', { name: 'Add Project' })).toBeVisible();
}

const projectRow = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Projects in gallery order' }).getByRole('listitem', { name: title, exact: true });

/**
 * A finger on `from` slides to where `to` is and lifts, as touch screens send it (touch events,
 * and the pointer events the browser makes of them, which a page that lets the touch scroll
 * would lose to the scroll). Both ends are first brought to the middle of the screen, away from
 * the edges where a drag scrolls the page.
 */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const centre = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  await from.scrollIntoViewIfNeeded();
  const middle = ((await centre(from)).y + (await centre(to)).y) / 2;
  await page.evaluate((by) => window.scrollBy(0, by), middle - (page.viewportSize()?.height ?? 0) / 2);
  const [start, end] = [await centre(from), await centre(to)];
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let step = 1; step <= 12; step += 1) {
    const point = { x: start.x + ((end.x - start.x) * step) / 12, y: start.y + ((end.y - start.y) * step) / 12 };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
}

/** Nothing on the page is wider than the phone's screen. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

test.describe('admin projects at 390 px', () => {
  test.afterEach(async ({ adminApi }) => {
    await deleteAllProjects(adminApi);
    await deleteAllModels(adminApi);
  });

  test('adds a project from three 12-megapixel photos (alt texts, cover, order), publishes it, edits it and deletes it', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const files = await photoFiles(['island', 'pantry', 'splashback'], { width: 4032, height: 3024 });
    await openProjectsTab(page);
    // From the dashboard on (the sign-in page's own check of the session answers 401 by design).
    const consoleErrors = failOnConsoleErrors(page);
    await expect(page.getByText('No projects yet.')).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // A second admin's dashboard, to watch the project arrive live.
    const other = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const watcher = await other.newPage();
    await signIn(watcher);
    await watcher.goto('/admin?tab=projects');
    await expect(watcher.getByText('No projects yet.')).toBeVisible();

    // Nothing is sent without the required fields: each says what is missing.
    await page.getByRole('button', { name: 'Add Project' }).click();
    await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please choose a category')).toBeVisible();
    await expect(page.getByText('Please add at least one photo')).toBeVisible();

    const title = uniqueName('Kew Kitchen ');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Kitchen' }).click();
    await page.getByLabel('Suburb (optional)').fill('Kew');
    await page.getByLabel('Summary').fill('Sage cabinetry, a walnut island and a hidden butler’s pantry for a family of five.');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add photos' }).click();
    await (await chooser).setFiles(files);
    // Each photo uploads with its own progress, then asks for its alt text.
    const altTexts = page.getByRole('textbox', { name: 'Alt text' });
    await expect(altTexts).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Project' }).click();
    await expect(page.getByText('Please describe the photo for people who cannot see it').first()).toBeVisible();
    await altTexts.nth(0).fill('Walnut island with pendant lights');
    await altTexts.nth(1).fill('Butler’s pantry behind a fluted door');
    await altTexts.nth(2).fill('Zellige tile splashback');
    // The splashback first: a finger drags it by its handle to the pantry's place, then the
    // keyboard moves it up one more (Space, arrow, Space), each step said to screen readers;
    // and the pantry as the cover.
    const reorder = (name: string) => page.getByRole('button', { name: `Reorder ${name}` });
    // The live region of the photos' list (the before and after pair has its own).
    const announcement = page.getByRole('status').filter({ hasText: 'Zellige tile splashback' });
    await touchDrag(page, reorder('Zellige tile splashback'), reorder('Butler’s pantry behind a fluted door'));
    await expect(announcement).toHaveText('Zellige tile splashback dropped in place 2 of 3.');
    await expect(altTexts.nth(1)).toHaveValue('Zellige tile splashback');
    await expect(altTexts.nth(2)).toHaveValue('Butler’s pantry behind a fluted door');
    await reorder('Zellige tile splashback').focus();
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Picked up Zellige tile splashback, in place 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await expect(announcement).toHaveText('Zellige tile splashback is over place 1 of 3.');
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText('Zellige tile splashback dropped in place 1 of 3.');
    await expect(altTexts.nth(0)).toHaveValue('Zellige tile splashback');
    await expect(altTexts.nth(1)).toHaveValue('Walnut island with pendant lights');
    await page.getByRole('listitem', { name: 'Photo 3' }).getByRole('radio', { name: 'Cover' }).check();
    await page.getByRole('switch', { name: 'Published' }).check();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add Project' }).click();
    await expect(toast(page, 'Success')).toContainText('Project added successfully');

    const row = projectRow(page, title);
    await expect(row).toContainText('Kitchen · Kew · 3 photos');
    await expect(row).toContainText('Published');
    await expect(projectRow(watcher, title)).toBeVisible();
    await other.close();

    // The public gallery and the project's page, the photos in the chosen order.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.url}/gallery`);
    await visitor.getByRole('link', { name: new RegExp(title) }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator('article picture img').first()).toHaveAttribute('alt', 'Butler’s pantry behind a fluted door');
    const alts = await visitor.locator('article ul picture img').evaluateAll((images) => images.map((i) => i.getAttribute('alt')));
    expect(alts).toEqual(['Zellige tile splashback', 'Walnut island with pendant lights']);

    // Edit: a new title; then delete with the confirmation.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Project' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    const renamed = `${title} and Pantry`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Save Project' }).click();
    await expect(toast(page, 'Success')).toContainText('Project updated successfully');
    await expect(projectRow(page, renamed)).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toBeVisible({ timeout: 10_000 });

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirmation = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
    await expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this project?');
    await noSidewaysScroll(page);
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Success')).toContainText('Project deleted successfully');
    await expect(page.getByText('No projects yet.')).toBeVisible();
    await visitor.goto(`${server.url}/gallery`);
    await expect(visitor.locator('figure')).toHaveCount(11);
    await visitor.close();
    consoleErrors();
  });

  test('refuses a HEIC photo before uploading it, and reorders projects', async ({ page, adminApi }) => {
    test.setTimeout(120_000);
    await createProject(adminApi, { title: 'First Project', photos: 1 });
    await createProject(adminApi, { title: 'Second Project', photos: 1 });
    await openProjectsTab(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add photos' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'IMG_0001.HEIC',
      mimeType: 'image/heic',
      buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(2000)]),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'HEIC photos cannot be used on the web' })).toBeVisible();

    const list = page.getByRole('list', { name: 'Projects in gallery order' });
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['First Project', 'Second Project']);
    await page.getByRole('button', { name: 'Move Second Project up' }).click();
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Second Project', 'First Project']);
    await expect
      .poll(async () => ((await (await adminApi.get('/api/projects')).json()) as { title: string }[]).map((p) => p.title))
      .toEqual(['Second Project', 'First Project']);
  });

  test('the 3D models list shows each full name on a phone', async ({ page, adminApi }) => {
    await createModel(adminApi, { name: 'Walk-in Wardrobe with Island Drawers', sample: 'wardrobe' });
    await signIn(page);
    await page.goto('/admin?tab=models');
    const name = page.getByRole('heading', { level: 3, name: 'Walk-in Wardrobe with Island Drawers' });
    await expect(name).toBeVisible();
    expect((await name.boundingBox())!.width).toBeGreaterThan(150);
    await noSidewaysScroll(page);
  });
});

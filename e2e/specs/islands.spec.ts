import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expect, failOnConsoleErrors, holdRequests, test } from '../support/fixtures';
import { expectNoAxeViolations } from './axe';
import { createProject, deleteAllProjects } from './projects-helpers';
import { islandCode, uniqueName } from './public-helpers';

/** Holds back every island's code until released: a slow phone connection. */
function holdIslandCode(page: Page) {
  return holdRequests(page, islandCode);
}

test.describe('islands', () => {
  test('a tap before its island has loaded still opens the right dialog, with the loading state at once', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    const release = await holdIslandCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Free Quote' }).click();
    // Feedback at once, while the code is on its way; then the dialog itself.
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    release();
    await expect(page.getByRole('dialog', { name: 'Request a Free Quote' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    await page.unroute(islandCode);
    check();
  });

  test('the wizard’s first step shows at once, before its code; the rooms chosen meanwhile carry on into the wizard', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    const release = await holdIslandCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Your Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Rooms to Renovate' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Choose one or more rooms');
    await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
    await expectNoAxeViolations(page, '[role="dialog"]');
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeDisabled();
    await dialog.getByRole('button', { name: 'Kitchen' }).click();
    await dialog.getByRole('button', { name: 'Study' }).click();
    await expect(dialog.getByRole('button', { name: 'Study' })).toHaveAttribute('aria-pressed', 'true');
    await next.click();
    // The second step comes with the code: the button says it is on its way.
    await expect(dialog.getByRole('button', { name: 'Loading…' })).toBeVisible();
    release();
    const wizard = page.getByRole('dialog');
    await expect(wizard.getByRole('heading', { name: "What's Your Budget Range?" })).toBeVisible();
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    await expect(wizard.getByRole('button', { name: 'Study' })).toHaveAttribute('aria-pressed', 'true');
    await expect(wizard.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'false');
    await page.unroute(islandCode);
    check();
  });

  test('the wizard’s first step closed before its code arrived stays closed, and a new tap shows it again for the code to take over', async ({
    page,
  }) => {
    const release = await holdIslandCode(page);
    await page.goto('/');
    const start = page.getByRole('button', { name: 'Start Your Project' });
    await start.click();
    await expect(page.getByRole('dialog', { name: 'Select Rooms to Renovate' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(start).toBeFocused();

    // Tapped again while the code is still on its way: the first step again, and the code takes over from this one.
    await start.click();
    const again = page.getByRole('dialog', { name: 'Select Rooms to Renovate' });
    await again.getByRole('button', { name: 'Bathroom' }).click();
    await expect(again.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'true');
    release();
    const wizard = page.getByRole('dialog');
    await expect(wizard.getByTestId('wizard-progress')).toBeVisible();
    await expect(page.locator('.light-dialog')).toHaveCount(0);
    await expect(wizard.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'true');
    // Closed, the wizard forgets its answers (a page loaded next would reopen it otherwise).
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.unroute(islandCode);

    // Closed before the code arrived, and not tapped again: nothing opens when it comes.
    const held = await holdIslandCode(page);
    await page.goto('/');
    await start.click();
    await page.keyboard.press('Escape');
    const wizardCode = page.waitForResponse(/\/assets\/inquiry-wizard-[^/]+\.js$/);
    held();
    await wizardCode;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await start.click();
    await expect(page.getByRole('dialog').getByTestId('wizard-progress')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'false');
    await page.unroute(islandCode);
  });

  test('a tap on the reviews’ button before their island is live is kept and replayed', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    const release = await holdIslandCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Leave a Review' })).toBeVisible();
    check();
  });

  test('a project photo tapped before the lightbox has loaded opens in it', async ({ page, adminApi }) => {
    const project = await createProject(adminApi, { title: uniqueName('Islands kitchen'), photos: 2 });
    try {
      const release = await holdIslandCode(page);
      await page.goto(`/projects/${project.slug}`);
      await page.getByRole('button', { name: 'Open photo 2 of 2' }).click();
      release();
      const lightbox = page.getByRole('dialog');
      await expect(lightbox.getByRole('img', { name: /view 2$/ })).toBeVisible();
    } finally {
      await deleteAllProjects(adminApi);
    }
  });

  test('the phone menu works before any island, with no script but the page’s first', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdIslandCode(page);
    await page.goto('/about');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    release();
  });

  test('a failed download leaves the page as it was, says so, and tries again on the page loaded afresh', async ({ page }) => {
    let fail = true;
    await page.route(islandCode, (route) => (fail ? route.abort('connectionreset') : route.continue()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Free Quote' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Sorry, the quote form could not load. Please check your connection and try again.' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    fail = false;
    // A browser keeps a failed module failed for the page's life: Try again loads the page
    // afresh, which opens the form the visitor asked for.
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a Free Quote' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a tab left open across a redeploy reloads onto the new build when an island’s code is gone', async ({ page }) => {
    await page.goto('/');
    // The deploy: the old build's files are gone, and the page now names another entry script.
    await page.route(islandCode, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.route('**/', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.continue();
      const html = await (await route.fetch()).text();
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: html.replace(/\/assets\/index-[^"]+\.js/, '/assets/index-newbuild.js'),
      });
    });
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Free Quote' }).click();
    await reloaded;
    // The new page, shown (its load event is not awaited: on a busy machine it can wait on
    // pictures, and the visitor sees the page anyway).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Its entry script has run (DOMContentLoaded waits for module scripts, not for pictures or
    // fetches). Its entry imports nothing, so the routes can stay until then: removed while the
    // new page starts, they can leave its entry script's request held, and the page waiting.
    await page.waitForLoadState('domcontentloaded');
    // The deploy is complete: the new build's files are all there.
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Free Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a Free Quote' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its text and pictures, and its links lead on', async ({ page }) => {
    for (const path of ['/', '/about', '/services', '/gallery', '/virtual-showroom', '/privacy', '/book']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const images = page.locator('main img');
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: path })
          .toBe(true);
      }
      for (const href of await page
        .locator('header a, footer a, main a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        expect(href, `a link on ${path}`).toMatch(/^(\/|#|tel:|mailto:|https:)/);
      }
    }
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Recent Projects' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Virtual Showroom' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Virtual Showroom' })).toBeVisible();
  });
});

test.describe('JavaScript before the first tap', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const budget = 40 * 1024;

  test('at most 40 KB gzip on every public page, and no React until an island needs it', async ({ page, adminApi }) => {
    const project = await createProject(adminApi, { title: uniqueName('Budget kitchen'), photos: 2, beforeAfter: true });
    try {
      const pages = [
        '/',
        '/about',
        '/services',
        '/gallery',
        '/privacy',
        '/book',
        '/virtual-showroom',
        `/projects/${project.slug}`,
        '/reviews/write?t=not-a-real-link',
        '/unsubscribe?t=not-a-real-link',
        '/no-such-page',
      ];
      for (const path of pages) {
        const scripts = new Map<string, number>();
        const listener = (response: Response) => {
          if (response.request().resourceType() !== 'script') return;
          void response.body().then(
            (body) => scripts.set(new URL(response.url()).pathname, gzipSync(body).length),
            () => undefined,
          );
        };
        page.on('response', listener);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The islands that start after the first paint have had their second.
        await page.waitForTimeout(1500);
        await page.waitForLoadState('networkidle');
        page.off('response', listener);
        const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
        const files = [...scripts.entries()].map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
        expect(total, `${path}: ${files}`).toBeLessThanOrEqual(budget);
        expect(
          [...scripts.keys()].filter((file) => /\/react-[^/]+\.js$/.test(file)),
          `${path}: ${files}`,
        ).toEqual([]);
      }
    } finally {
      await deleteAllProjects(adminApi);
    }
  });
});

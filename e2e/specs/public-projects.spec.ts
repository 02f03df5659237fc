import { expectNoAxeViolations } from './axe';
import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { seed } from './admin-helpers';
import { createProject, deleteAllProjects } from './projects-helpers';
import { businessTimeZone } from '@site/domain/calendar';

test.describe('public project pages', () => {
  test.afterEach(async ({ adminApi }) => deleteAllProjects(adminApi));

  test('a gallery tile opens the project page: photos in a lightbox by keys and by swipe, the before/after slider by keyboard', async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const consoleErrors = failOnConsoleErrors(page);
    const project = await createProject(adminApi, { title: 'Camberwell Kitchen', photos: 3, beforeAfter: true });

    // The first HTML of the gallery already holds the project (rendered by the server).
    await expect
      .poll(async () => (await page.request.get('/gallery')).text(), { timeout: 5000 })
      .toContain(`href="/projects/${project.slug}"`);
    expect(await (await page.request.get('/gallery')).text()).not.toContain('/gallery/kitchen-walnut-island-');

    await page.goto('/gallery');
    const tile = page.getByRole('link', { name: /Camberwell Kitchen/ });
    await expect(tile).toBeVisible();
    await expect(page.getByRole('list').locator('figure')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await tile.click();
    await expect(page).toHaveURL(`/projects/${project.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Camberwell Kitchen' })).toBeVisible();
    await expect(page.getByText('Kitchen · Hawthorn')).toBeVisible();
    await expect(page).toHaveTitle(/^Camberwell Kitchen \| /);
    await expect(page.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/#start-project');
    await expect(page.getByRole('link', { name: 'Free Quote' })).toHaveAttribute('href', '/#free-quote');
    // Every photo is a <picture> with AVIF and WebP srcsets and a size that holds its place.
    const pictures = page.locator('article picture');
    await expect(pictures).toHaveCount(5);
    await expect(pictures.first().locator('source[type="image/avif"]')).toHaveAttribute('srcset', /480w, .+1600w$/);
    await expect(pictures.first().locator('img')).toHaveAttribute('width', '1600');
    await expectNoAxeViolations(page);

    // The lightbox: opened from a photo, turned by the arrow keys, closed by Escape.
    await page.getByRole('button', { name: 'Open photo 1 of 3' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Photo 1 of 3' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toContainText('Camberwell Kitchen, view 1');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Photo 2 of 3' })).toContainText('Camberwell Kitchen, view 2');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // A swipe to the left: the next photo (round to the first).
    const stage = page.getByRole('dialog').locator('picture img');
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open photo 1 of 3' })).toBeFocused();

    // The before/after slider: a range the arrow keys move.
    const slider = page.getByRole('slider', { name: /Before and after/ });
    await expect(slider).toHaveValue('50');
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('55');
    await expect(slider).toHaveAttribute('aria-valuetext', '55% before');
    await page.keyboard.press('Home');
    await expect(slider).toHaveValue('0');

    // Opened from its address, the page keeps the structured data the server rendered, also
    // once the page has hydrated and re-rendered (the lightbox opened and closed).
    await page.goto(`/projects/${project.slug}`);
    await page.getByRole('button', { name: 'Open photo 1 of 3' }).click();
    await page.keyboard.press('Escape');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'CreativeWork', name: 'Camberwell Kitchen', genre: 'Kitchen renovation' });
    consoleErrors();
  });

  test('a featured project’s cover is the home page’s hero photo, in the first HTML', async ({ page, adminApi }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(page.locator('#hero-heading')).toHaveText('Transform Your Kitchen & Bathroom');
    // Without a featured project, the hero is its plain background: no photo.
    await expect(page.locator('section[aria-labelledby="hero-heading"] img')).toHaveCount(0);

    await createProject(adminApi, { title: 'Brighton Bathroom', photos: 2, featured: true });
    await expect
      .poll(async () => (await page.request.get('/')).text(), { timeout: 5000 })
      .toMatch(/<section aria-labelledby="hero-heading"[^>]*>\s*<div[^>]*><picture>/);
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    const photo = hero.locator('picture img');
    await expect(photo).toHaveAttribute('alt', 'Brighton Bathroom, view 1');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveAttribute('loading', 'eager');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The words and the actions stay in front of the photo.
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await hero.getByRole('button', { name: 'Free Quote' }).click({ trial: true });
    await expectNoAxeViolations(page);
  });

  test('a project’s page shows the review it links, as the reviews list shows it, in its first HTML', async ({
    page,
    request,
    adminApi,
  }) => {
    const consoleErrors = failOnConsoleErrors(page);
    const review = await seed.review(request, {
      customerName: 'Grace Whitfield',
      rating: 4,
      reviewText: 'They turned a dark galley into the heart of the house.',
    });
    expect((await adminApi.post(`/api/review/${review.id}/approve`)).status()).toBe(200);
    const stored = (await (await adminApi.get('/api/reviews/all?limit=200')).json()) as Array<{ id: string; createdAt: string }>;
    const createdAt = stored.find((r) => r.id === review.id)?.createdAt ?? '';
    const project = await createProject(adminApi, { title: 'Northcote Galley', photos: 1, reviewId: review.id });
    // 'January 5, 2025', on Melbourne's calendar, as on the reviews list.
    const date = new Intl.DateTimeFormat('en-US', {
      timeZone: businessTimeZone,
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(createdAt));

    await expect
      .poll(async () => (await page.request.get(`/projects/${project.slug}`)).text(), { timeout: 5000 })
      .toContain('They turned a dark galley into the heart of the house.');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${project.slug}`);
    const section = page.getByRole('region', { name: 'What the client said' });
    const card = section.getByRole('article');
    await expect(card.getByRole('heading', { name: 'Grace Whitfield' })).toBeVisible();
    await expect(card.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(card.locator('time')).toHaveText(date);
    await expect(card.locator('time')).toHaveAttribute('datetime', createdAt);
    await expect(card).toContainText('They turned a dark galley into the heart of the house.');
    await expectNoAxeViolations(page);
    consoleErrors();
  });

  test('a phone opens Services, Gallery and About from the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' })).toBeHidden();
    // The header shows the 'Virtual Showroom' link at every width; the menu holds the other pages.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Virtual Showroom' })).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Services', 'Gallery', 'About', 'Virtual Showroom']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expectNoAxeViolations(page, 'header');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await menu.click();
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Recent Projects' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('a wide screen shows Services, Gallery and About in the header, without a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Services', 'Gallery', 'About', 'Virtual Showroom']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});

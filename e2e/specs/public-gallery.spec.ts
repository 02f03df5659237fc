import { expect, test } from '../support/fixtures';

test.describe('gallery', () => {
  test('11 lazy, responsive 4:3 tiles: 5 Kitchen, 3 Wardrobe, 3 Entertainment', async ({ page }) => {
    await page.goto('/gallery');
    const tiles = page.locator('#gallery figure');
    await expect(tiles).toHaveCount(11);
    const categories = await page.locator('#gallery figcaption').allTextContents();
    expect(categories.filter((c) => c === 'Kitchen')).toHaveLength(5);
    expect(categories.filter((c) => c === 'Wardrobe')).toHaveLength(3);
    expect(categories.filter((c) => c === 'Entertainment')).toHaveLength(3);
    for (const img of await page.locator('#gallery img').all()) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('decoding', 'async');
      await expect(img).toHaveAttribute('alt', /.{10,}/);
      await expect(img).toHaveAttribute('width', '1200');
      await expect(img).toHaveAttribute('height', '900');
    }
    await expect(page.locator('#gallery source[type="image/avif"]').first()).toHaveAttribute('srcset', /400w.*800w.*1200w/);
    await expect(page.locator('#gallery source[type="image/webp"]').first()).toHaveAttribute('sizes', /.+/);
    const box = await tiles.first().boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(4 / 3, 1);
    // Every image file exists.
    const first = await page.locator('#gallery img').first().getAttribute('src');
    expect((await page.request.get(first!)).headers()['content-type']).toBe('image/webp');
  });

  test('columns: 1 on small screens, 2 on medium, 3 on large', async ({ page }) => {
    for (const [width, columns] of [
      [400, 1],
      [1000, 2],
      [1300, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/gallery');
      const template = await page.locator('#gallery ul').evaluate((el) => getComputedStyle(el).gridTemplateColumns);
      expect(template.split(' ')).toHaveLength(columns);
    }
  });

  test('the category label shows on hover and on keyboard focus', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto('/gallery');
    const tile = page.locator('#gallery figure').first();
    const label = tile.locator('figcaption');
    await expect(tile.locator('..')).toHaveAttribute('data-revealed', 'true');
    await expect(label).toHaveCSS('opacity', '0');
    await tile.hover();
    await expect(label).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(label).toHaveCSS('opacity', '0');
    const second = page.locator('#gallery figure').nth(1);
    await second.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(second.locator('figcaption')).toHaveCSS('opacity', '1');
  });

  test('tiles fade and slide in with the spec timing, staggered by column', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto('/');
    const tiles = page.locator('#gallery ul > li');
    // Not yet scrolled to: hidden.
    await expect(tiles.nth(0)).toHaveAttribute('data-revealed', 'false');
    await expect(tiles.nth(0)).toHaveCSS('opacity', '0');
    const transitions = await tiles.evaluateAll((els) =>
      els.slice(0, 4).map((el) => [getComputedStyle(el).transitionDuration, getComputedStyle(el).transitionDelay]),
    );
    expect(transitions).toEqual([
      ['0.6s, 0.6s', '0s, 0s'],
      ['0.6s, 0.6s', '0.1s, 0.1s'],
      ['0.6s, 0.6s', '0.2s, 0.2s'],
      ['0.6s, 0.6s', '0s, 0s'],
    ]);
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    await expect(tiles.nth(0)).toHaveAttribute('data-revealed', 'true');
    await expect(tiles.nth(0)).toHaveCSS('opacity', '1');
  });

  test('no motion for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const tile = page.locator('#gallery ul > li').first();
    await expect(tile).toHaveCSS('opacity', '1');
    await expect(tile).toHaveCSS('transform', 'none');
    expect(await tile.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  });
});

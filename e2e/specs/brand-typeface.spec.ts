import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { createProject, deleteAllProjects } from './projects-helpers';

const brand = 'Playfair Display';
const fontFile = /^\/assets\/playfair-display-latin-700-[\w-]+\.woff2$/;

/** WCAG 2 relative luminance of an sRGB colour (0-255 channels). */
const luminance = (rgb: readonly number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** A layout-shift performance entry (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/** The page's layout shift score so far (the sum of every shift no input caused), as the browser reports it. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve((list.getEntries() as LayoutShift[]).reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0)),
        ).observe({ type: 'layout-shift', buffered: true });
        // The observer is called only if there is an entry: none means no shift.
        setTimeout(() => resolve(0), 500);
      }),
  );

test.describe('brand typeface and hero', () => {
  test.afterEach(async ({ adminApi }) => deleteAllProjects(adminApi));

  test('headings are set in Playfair Display, served and preloaded by the site itself', async ({ page, server }) => {
    const consoleErrors = failOnConsoleErrors(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    const response = await page.goto('/');
    // The policy lets the page load fonts from its own origin, and the browser reports no refusal (console errors).
    expect(response?.headers()['content-security-policy']).toContain("font-src 'self'");

    const heading = page.getByRole('heading', { level: 1, name: 'Transform Your Kitchen & Bathroom' });
    await expect(heading).toBeVisible();
    expect(await heading.evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(new RegExp(`^"?${brand}"?,`));
    await expect
      .poll(() =>
        page.evaluate(
          (family) =>
            document.fonts.check(`1em "${family}"`) &&
            [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded'),
          brand,
        ),
      )
      .toBe(true);

    // One file, fetched once from the site's own origin: the head's preload is the request the stylesheet uses.
    const fetched = [...fonts];

    // The glyphs on screen are the web font's, not a local serif's (Chromium's own account of the fonts it drew the heading with).
    const drawnWith = async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#hero-heading' });
      const { fonts: drawn } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      await cdp.detach();
      return drawn.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }));
    };
    let drawn = await drawnWith();
    if (!drawn.some((font) => font.isCustomFont)) {
      // font-display: optional lets the browser keep the fallback for a page whose font came
      // after its first paint (a busy machine, a slow line); the next page has the font from
      // the cache and draws with it.
      await page.reload();
      await expect(heading).toBeVisible();
      drawn = await drawnWith();
    }
    expect(drawn).toEqual([{ familyName: brand, isCustomFont: true }]);

    expect(fetched).toHaveLength(1);
    const url = new URL(fetched[0] ?? '');
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toMatch(fontFile);
    const preload = page.locator('head link[rel="preload"][as="font"]');
    await expect(preload).toHaveAttribute('href', url.pathname);
    await expect(preload).toHaveAttribute('type', 'font/woff2');
    await expect(preload).toHaveAttribute('crossorigin', '');
    const file = await page.request.get(url.pathname);
    expect(file.headers()['content-type']).toBe('font/woff2');
    consoleErrors();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`nothing moves on the home page when the font arrives at once or late (${viewport.width}px)`, async ({ browser, baseURL }) => {
      for (const lateBy of [0, 2000]) {
        const context = await browser.newContext({ viewport, baseURL });
        const page = await context.newPage();
        let fontServed = false;
        await page.route('**/*.woff2', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, lateBy));
          await route.continue();
          fontServed = true;
        });
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => fontServed, { timeout: 10_000 }).toBe(true);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        expect(await layoutShift(page), `layout shift with the font ${lateBy} ms late`).toBe(0);
        await context.close();
      }
    });
  }

  test('the featured kitchen shows beside the hero’s words, which sit on their own dark panel', async ({ page, adminApi }) => {
    test.setTimeout(90_000);
    await createProject(adminApi, { title: 'Kew Kitchen', photos: 1, featured: true });
    await expect
      .poll(async () => (await page.request.get('/')).text(), { timeout: 5000 })
      .toMatch(/<section aria-labelledby="hero-heading"[^>]*>\s*<div[^>]*><picture>/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    const photo = hero.locator('picture img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(photo).toBeVisible();

    // The panel holds every word and both actions, and covers only a part of the hero.
    const panel = page.locator('#hero-heading').locator('xpath=..');
    const heroBox = (await hero.boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    for (const part of [
      page.locator('#hero-heading'),
      hero.getByText("Melbourne's luxury kitchen and bathroom experts"),
      hero.getByRole('list'),
      hero.getByRole('button', { name: 'Free Quote' }),
      hero.getByRole('button', { name: 'Start Your Project' }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(panelBox.x);
      expect(box.y).toBeGreaterThanOrEqual(panelBox.y);
      expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
      expect(box.y + box.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
    }
    expect(panelBox.width * panelBox.height).toBeLessThan(0.6 * heroBox.width * heroBox.height);
    expect(panelBox.width).toBeLessThan(0.8 * heroBox.width);

    // Beside the panel and above it, what is on top is the photo itself, with nothing drawn over it.
    const topmost = (x: number, y: number) =>
      page.evaluate(
        ([px, py]) => {
          const element = document.elementFromPoint(px ?? 0, py ?? 0);
          const overlays = element?.parentElement
            ? ['::before', '::after'].map((p) => getComputedStyle(element.parentElement!, p).content)
            : [];
          return { tag: element?.tagName, overlays };
        },
        [x, y],
      );
    for (const point of [
      [heroBox.x + heroBox.width - 40, panelBox.y + panelBox.height / 2],
      [panelBox.x + panelBox.width / 2, heroBox.y + 20],
    ] as const) {
      expect(await topmost(...point)).toEqual({ tag: 'IMG', overlays: ['none', 'none'] });
    }

    // The panel's background as seen over this photo, with its words hidden: its lightest and
    // darkest pixels, the rounded corners left out.
    await panel.evaluate((element) => {
      for (const child of element.children) (child as HTMLElement).style.visibility = 'hidden';
    });
    const inset = 20;
    const shot = await page.screenshot({
      clip: { x: panelBox.x + inset, y: panelBox.y + inset, width: panelBox.width - 2 * inset, height: panelBox.height - 2 * inset },
    });
    const [lightest, darkest] = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const level = (i: number) => 0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0);
      let light = 0;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (level(i) > level(light)) light = i;
        if (level(i) < level(dark)) dark = i;
      }
      return [light, dark].map((i) => [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
    }, shot.toString('base64'));
    await panel.evaluate((element) => {
      for (const child of element.children) (child as HTMLElement).style.visibility = '';
    });
    // White text and the cream lead at AA for body text (4.5:1), the gold ticks at 3:1, on both.
    for (const background of [lightest!, darkest!]) {
      expect(contrast([255, 255, 255], background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast([0xf3, 0xe3, 0xc0], background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast([0xd9, 0xa4, 0x41], background)).toBeGreaterThanOrEqual(3);
    }

    // A focused action's ring is white on the panel (the site's blue would be about 2:1 against it).
    const freeQuote = hero.getByRole('button', { name: 'Free Quote' });
    await page.keyboard.press('Tab');
    await freeQuote.focus();
    expect(await freeQuote.evaluate((button) => [button.matches(':focus-visible'), getComputedStyle(button).outlineColor])).toEqual([
      true,
      'rgb(255, 255, 255)',
    ]);

    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});

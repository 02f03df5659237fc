import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test as base, expect, failOnConsoleErrors } from '../support/fixtures';
import { adminCredentials, startServer, type RunningServer } from '../support/server';
import { expectNoAxeViolations } from './axe';

/**
 * The header of every public page with a 40-character business name, from a small phone to a
 * desktop: the name, the 'Virtual Showroom' link, the navigation (or the menu button that leads
 * to it) and the phone control all on screen, and each page's title ending in the name.
 */
const brand = 'Northcote Kitchens & Bathrooms Renovation';
const phone = '(03) 9123 4567';

// The name is changed on a server of this file's own, so no other spec sees it.
const test = base.extend<object, { namedServer: RunningServer }>({
  namedServer: [
    async ({ playwright }, use) => {
      const server = await startServer();
      const api = await playwright.request.newContext({ baseURL: server.url });
      expect((await api.post('/api/login', { data: adminCredentials })).status()).toBe(200);
      await setBusiness(api, { brand, phone });
      await api.dispose();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ namedServer }, use) => {
    await use(namedServer.url);
  },
});

/** Saves the business details with `changes`, as the Settings tab would (no password needed for these). */
async function setBusiness(api: APIRequestContext, changes: Record<string, unknown>) {
  const { version, settings } = (await (await api.get('/api/settings')).json()) as {
    version: number;
    settings: { business: Record<string, unknown> };
  };
  const saved = await api.put('/api/settings', { data: { version, business: { ...settings.business, ...changes } } });
  expect(saved.status(), await saved.text()).toBe(200);
}

const widths = [320, 390, 414, 440, 768, 1024, 1280, 1440];
const height = 800;
/** Below this width Services, Gallery and About sit behind the menu button. */
const menuBelow = 900;
const screenshotWidths = [320, 390, 440, 1280];
const pages = ['/', '/services', '/gallery', '/about', '/virtual-showroom', '/privacy', '/book'];

/** The element is shown, and wholly inside the viewport. */
async function expectOnScreen(element: Locator, width: number, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  const where = `${what}: inside the ${width} × ${height} viewport`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(height);
}

/**
 * The header's controls, left to right, each wholly beside the next (none runs under another),
 * and none with text wider than its own box: a word that overflows would show under its neighbour.
 */
async function expectSideBySide(controls: Locator[], at: string) {
  let previousRight = 0;
  for (const control of controls) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    expect(box, at).not.toBeNull();
    if (!box) return;
    const what = `${(await control.textContent())?.trim() || (await control.getAttribute('aria-label'))}, ${at}`;
    expect(box.x, `${what}: clear of the control before it`).toBeGreaterThanOrEqual(previousRight);
    expect(
      await control.evaluate((element) => element.scrollWidth - element.clientWidth),
      `${what}: its text inside its box`,
    ).toBeLessThanOrEqual(0);
    previousRight = box.x + box.width;
  }
}

async function shoot(page: Page, path: string, width: number, state: string) {
  if (!screenshotWidths.includes(width)) return;
  const name = `header${path === '/' ? '-home' : path.replace(/\//g, '-')}-${width}-${state}.png`;
  await page.screenshot({ path: test.info().outputPath(name), clip: { x: 0, y: 0, width, height: 360 } });
}

test.describe('the public header with a 40-character business name', () => {
  for (const path of pages) {
    test(`${path}: the name, the navigation and the phone fit at every width from 320 to 1440 px`, async ({ page }) => {
      test.setTimeout(120_000);
      const check = failOnConsoleErrors(page);
      await page.setViewportSize({ width: widths[0], height });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toMatch(new RegExp(`^.+ \\| ${brand}$`));

      const header = page.getByRole('banner');
      const nav = header.getByRole('navigation', { name: 'Main' });
      const menu = nav.getByRole('button', { name: 'Menu' });
      for (const width of widths) {
        await page.setViewportSize({ width, height });
        const at = `${path} at ${width} px`;
        await expectOnScreen(header.getByText(brand), width, `the name, ${at}`);
        await expect(header.getByRole('link', { name: `${brand}, home` })).toHaveAttribute('href', '/');
        // Its name says what it does, whether it shows the number or only its icon.
        await expectOnScreen(header.getByRole('link', { name: `Call ${phone}` }), width, `the phone control, ${at}`);
        // The spec's header: the showroom link is in the bar at every width, never only in the menu.
        await expectOnScreen(nav.getByRole('link', { name: 'Virtual Showroom' }), width, `the Virtual Showroom link, ${at}`);
        await expectSideBySide(
          [
            header.getByText(brand),
            nav.getByRole('link', { name: 'Virtual Showroom' }),
            header.getByRole('link', { name: `Call ${phone}` }),
            menu,
          ],
          at,
        );
        // Once the page has laid out at this width: one CI run read /gallery 1,488 px wide at
        // 1024 px right after the resize from 768 px. A width the page keeps still fails here.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `nothing wider than the screen, ${at}` })
          .toBeLessThanOrEqual(width);

        if (width >= menuBelow) {
          await expect(menu, at).toBeHidden();
          for (const name of ['Services', 'Gallery', 'About'])
            await expectOnScreen(nav.getByRole('link', { name }), width, `${name}, ${at}`);
          await shoot(page, path, width, 'bar');
          if (width === 1280) await expectNoAxeViolations(page, 'header');
          continue;
        }

        await expectOnScreen(menu, width, `the menu button, ${at}`);
        await expect(nav.getByRole('link', { name: 'Gallery' }), at).toBeHidden();
        await shoot(page, path, width, 'closed');
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        for (const name of ['Services', 'Gallery', 'About']) {
          const link = nav.getByRole('link', { name });
          await expectOnScreen(link, width, `${name} in the open menu, ${at}`);
          // Nothing covers it: a tap would reach the link itself.
          await link.click({ trial: true });
        }
        await shoot(page, path, width, 'open');
        if (width === 320) await expectNoAxeViolations(page, 'header');
        await page.keyboard.press('Escape');
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
      }
      check();
    });
  }

  test('on a 320 px phone the menu leads to Services, Gallery and About, and each page says whose it is', async ({ page }) => {
    test.setTimeout(90_000);
    const check = failOnConsoleErrors(page);
    await page.setViewportSize({ width: 320, height });
    await page.goto('/virtual-showroom');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    const destinations = [
      { name: 'Services', h1: 'Our Services', title: 'Renovation Services: Kitchens, Bathrooms, Wardrobes & More' },
      { name: 'Gallery', h1: 'Our Recent Projects', title: 'Project Gallery: Kitchens, Wardrobes & Entertainment Units' },
      { name: 'About', h1: `About ${brand}`, title: 'About Us' },
    ];
    for (const { name, h1, title } of destinations) {
      await menu.click();
      await nav.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page).toHaveTitle(`${title} | ${brand}`);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    }
    await page.goto('/');
    await expect(page).toHaveTitle(`Custom Kitchen & Bathroom Designs in Melbourne, Free Quotes | ${brand}`);
    check();
  });
});

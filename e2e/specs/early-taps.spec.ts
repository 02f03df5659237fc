import { expect, failOnConsoleErrors, holdRequests, test } from '../support/fixtures';
import { uniqueName } from './admin-helpers';
import { createModel, deleteAllModels } from './models-helpers';

/**
 * On a slow connection the page is on screen long before its script: a tap on "Start Your
 * Project" then must not be lost. The inline script in the page's head holds it, and the
 * page's script opens the wizard as soon as it runs; a link such as /?start=project opens it
 * too, and leaves the address clean. A tap on an island's button (a showroom card) is held the
 * same way, and is the interaction that starts the island.
 */

declare global {
  interface Window {
    /** What the page's inline script holds until the first script runs (web/src/lib/early-taps.ts). */
    earlyTaps?: Element[];
  }
}

/** The page's own first script (index-….js): not the islands' code. */
const firstScript = /\/assets\/index-[^/]+\.js$/;

test.describe('a tap before the page’s script has run', () => {
  test('on a slow connection, "Start Your Project" tapped as soon as it shows opens the wizard’s first step', async ({ page }) => {
    test.setTimeout(90_000);
    const check = failOnConsoleErrors(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 600,
      downloadThroughput: 40 * 1024,
      uploadThroughput: 20 * 1024,
    });
    // The first script waits for the tap, so the tap surely comes before it has run.
    const release = await holdRequests(page, firstScript);
    await page.goto('/', { waitUntil: 'commit' });
    const start = page.getByRole('button', { name: 'Start Your Project' });
    await expect(start).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => Array.isArray(window.earlyTaps)), 'the page’s script has not run yet').toBe(true);
    await start.click();
    // Held, not followed: the page did not load its link meanwhile.
    expect(await page.evaluate(() => window.earlyTaps?.length)).toBe(1);
    expect(page.url()).not.toContain('start=');
    release();

    const dialog = page.getByRole('dialog', { name: 'Select Rooms to Renovate' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toHaveAccessibleDescription('Choose one or more rooms');
    expect(await page.evaluate(() => window.earlyTaps)).toBeUndefined();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    check();
  });

  test('a showroom card tapped before the page’s script has run opens its viewer once the script is in', async ({ page, adminApi }) => {
    test.setTimeout(90_000);
    await deleteAllModels(adminApi);
    const name = uniqueName('Vanity ');
    await createModel(adminApi, { name });
    const check = failOnConsoleErrors(page);
    const release = await holdRequests(page, firstScript);
    await page.goto('/virtual-showroom', { waitUntil: 'commit' });
    const card = page.getByRole('button', { name });
    await expect(card).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => Array.isArray(window.earlyTaps)), 'the page’s script has not run yet').toBe(true);
    await card.click();
    expect(await page.evaluate(() => window.earlyTaps?.length)).toBe(1);
    release();

    // No second tap, pointer move or focus: the held tap alone starts the showroom and opens the viewer.
    await expect(page.getByRole('dialog', { name })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.earlyTaps)).toBeUndefined();
    check();
  });

  test('a link to /?start=project or /?start=quote opens its dialog, and the address loses the query', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    await page.goto('/?start=project');
    await expect(page.getByRole('dialog', { name: 'Select Rooms to Renovate' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/?start=quote#reviews');
    await expect(page.getByRole('dialog', { name: 'Request a Free Quote' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#reviews');
    check();
  });

  test('the hero’s buttons are links to the dialogs they open, for a tap that comes before any script', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Start Your Project' })).toHaveAttribute('href', '/?start=project');
    await expect(page.getByRole('button', { name: 'Free Quote' })).toHaveAttribute('href', '/?start=quote');
  });
});

import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { uniqueName } from './admin-helpers';
import { createModel, deleteAllModels, showroomNames } from './models-helpers';

test.use({ viewport: { width: 412, height: 823 } });

test('before React has loaded, the showroom shows every card with its thumbnail from its first HTML, and asks for no list', async ({
  page,
  adminApi,
}) => {
  await deleteAllModels(adminApi);
  const first = await createModel(adminApi, { name: uniqueName('Island '), sample: 'kitchen-island' });
  const second = await createModel(adminApi, { name: uniqueName('Vanity '), sample: 'bathroom-vanity' });
  const assertNoErrors = failOnConsoleErrors(page);
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/3d-models') listRequests.push(request.url());
  });
  // Hold React back: what the visitor sees until then is the server's HTML and the entry script's work.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/react-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/virtual-showroom');
  await expect(showroomNames(page)).toHaveText([first.name, second.name]);
  const firstThumbnail = page.getByRole('listitem').filter({ hasText: first.name }).locator('img');
  await expect(firstThumbnail).toHaveAttribute('src', first.thumbnailUrl);
  await expect.poll(() => firstThumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Loading models...' })).toHaveCount(0);

  // The first tap starts the island, and opens the viewer once React is in.
  await page.getByRole('button', { name: first.name }).click();
  release();
  await expect(page.getByRole('dialog', { name: first.name })).toBeVisible();
  expect(listRequests).toEqual([]);
  assertNoErrors();
});

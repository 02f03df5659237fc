import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { uniqueName } from './admin-helpers';
import { createModel, deleteAllModels, showroomNames } from './models-helpers';

test.use({ viewport: { width: 412, height: 823 } });

test('before React has loaded, the showroom shows the first thumbnail in the first placeholder card, and asks for the list once', async ({
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
  // Hold React back: what the visitor sees until then is the prerendered page and the entry script's work.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/react-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/virtual-showroom');
  await expect(page.getByRole('status').filter({ hasText: 'Loading models...' })).toBeVisible();
  const firstPlaceholderPicture = page.locator('main ul[aria-hidden="true"] > li').first().locator('> div').first();
  await expect
    .poll(() => firstPlaceholderPicture.evaluate((element) => getComputedStyle(element).backgroundImage))
    .toContain(first.thumbnailUrl);
  await expect(showroomNames(page)).toHaveCount(0);

  release();
  await expect(showroomNames(page)).toHaveText([first.name, second.name]);
  await expect(page.getByRole('listitem').filter({ hasText: first.name }).locator('img')).toHaveAttribute('src', first.thumbnailUrl);
  await expect(page.getByRole('status').filter({ hasText: 'Loading models...' })).toHaveCount(0);
  // The HTML's preload and the entry script's request for the list are one request.
  expect(listRequests).toHaveLength(1);
  assertNoErrors();
});

import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, seed, signInAt, tab, toast, uniqueName } from './admin-helpers';

test.describe('working leads', () => {
  test('change a status, add a note, and see both live on a second dashboard', async ({ page, browser, server, request }) => {
    const lead = await seed.inquiry(request, { firstName: uniqueName('Wren') });
    const name = `${lead.firstName} ${lead.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    const assertNoErrors = failOnConsoleErrors(page);

    // A colleague's dashboard in another browser.
    const other = await browser.newContext({ baseURL: server.url });
    const otherPage = await other.newPage();
    await signInAt(otherPage, server.url);
    await dashboardReady(otherPage);
    const theirCard = card(otherPage, name);
    await expect(theirCard.getByRole('button', { name: `Status: New. Change the status of ${name}` })).toBeVisible();

    const mine = card(page, name);
    await expect(mine.getByText(/^Waiting for first contact: /)).toBeVisible();
    await mine.getByRole('button', { name: `Mark contacted: ${name}` }).click();
    await expect(toast(page, 'Status changed to Contacted')).toBeVisible();
    await expect(mine.getByRole('button', { name: `Status: Contacted. Change the status of ${name}` })).toBeVisible();
    await expect(mine.getByRole('button', { name: `Mark contacted: ${name}` })).toHaveCount(0);
    await expect(mine.getByText(/^First contact after /)).toBeVisible();
    await expect(mine.getByRole('list', { name: `History of ${name}` })).toContainText('by staff · Status: Contacted');

    // Through the menu: quoted.
    await mine.getByRole('button', { name: `Status: Contacted. Change the status of ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Quoted' }).click();
    await expect(mine.getByRole('button', { name: `Status: Quoted. Change the status of ${name}` })).toBeVisible();

    const note = mine.getByRole('textbox', { name: `Note about ${name}` });
    await mine.getByRole('button', { name: 'Add note' }).click();
    await expect(mine.getByText('Note must be 1 to 2,000 characters')).toBeVisible();
    await note.fill('Sent the quote for the stone benchtop');
    await mine.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(page, 'Note added')).toBeVisible();
    await expect(note).toHaveValue('');
    await expect(
      mine
        .getByRole('list', { name: `History of ${name}` })
        .getByRole('listitem')
        .last(),
    ).toContainText('Sent the quote for the stone benchtop');

    // The colleague sees all of it without reloading.
    await expect(theirCard.getByRole('button', { name: `Status: Quoted. Change the status of ${name}` })).toBeVisible();
    await expect(theirCard.getByText('Sent the quote for the stone benchtop')).toBeVisible();
    await expect(theirCard.getByText(/^First contact after /)).toBeVisible();
    await other.close();
    assertNoErrors();
  });

  test('filter by status and search, with counts, kept in the address', async ({ page, request, adminApi }) => {
    const surname = uniqueName('Quokka');
    const won = await seed.quote(request, { lastName: surname, suburb: 'Box Hill North' });
    const fresh = await seed.quote(request, { lastName: surname, suburb: 'Fitzroy' });
    expect((await adminApi.patch(`/api/quote-request/${won.id}`, { data: { status: 'won' } })).status()).toBe(200);
    const wonCard = (p = page) => card(p, `${won.firstName} ${surname}`);
    const freshCard = (p = page) => card(p, `${fresh.firstName} ${surname}`);

    await signIn(page);
    await dashboardReady(page);
    await tab(page, /^Quote requests/).click();
    await expect(wonCard()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search quote requests' }).fill(surname.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${surname.toUpperCase()}`));
    const filters = page.getByRole('group', { name: 'Filter by status' });
    await expect(filters.getByRole('button', { name: 'All (2)' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'New (1)' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Won (1)' })).toBeVisible();
    await expect(page.getByText('Showing 2 of 2 quote requests')).toBeVisible();

    await filters.getByRole('button', { name: 'Won (1)' }).click();
    await expect(filters.getByRole('button', { name: 'Won (1)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(wonCard()).toBeVisible();
    await expect(freshCard()).toHaveCount(0);
    await expect(page.getByText('Showing 1 of 1 quote requests')).toBeVisible();

    // A suburb finds its lead too; a reload keeps the filters.
    await page.getByRole('searchbox', { name: 'Search quote requests' }).fill('box hill n');
    await expect(page).toHaveURL(/[?&]q=box\+hill\+n/);
    await page.reload();
    await dashboardReady(page);
    await expect(page.getByRole('searchbox', { name: 'Search quote requests' })).toHaveValue('box hill n');
    await expect(wonCard()).toBeVisible();
    await expect(freshCard()).toHaveCount(0);

    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /^New/ }).click();
    await expect(page.getByText('No quote requests match')).toBeVisible();
  });

  test('the header counts new leads waiting across both lists, live', async ({ page, request, adminApi }) => {
    await signIn(page);
    await dashboardReady(page);
    const waiting = async () => {
      const stats = (await (await adminApi.get('/api/leads/stats')).json()) as { waiting: number };
      return stats.waiting;
    };
    const before = await waiting();
    await expect(page.getByText(`New leads waiting: ${before}`)).toBeVisible();
    await seed.quote(request);
    await expect(page.getByText(`New leads waiting: ${before + 1}`)).toBeVisible();
    await expect(page.getByText(/^Median time to first contact, last 30 days: /)).toBeVisible();
  });
});

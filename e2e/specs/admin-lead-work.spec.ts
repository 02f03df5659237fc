import { adminCredentials, startServer } from '../support/server';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { expectNoAxeViolations } from './axe';
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

  test('the header’s overdue figure opens each list filtered to its overdue leads; the Overdue chip reads clearly', async ({
    page,
    playwright,
  }) => {
    // A server of its own: it must remind after moments, at any hour of any day.
    const fresh = await startServer();
    try {
      const api = await playwright.request.newContext({ baseURL: fresh.url });
      expect((await api.post('/api/login', { data: adminCredentials })).status()).toBe(200);
      const { version } = (await (await api.get('/api/settings')).json()) as { version: number };
      const allDay = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);
      const saved = await api.put('/api/settings', {
        data: { version, hours: { weekly: allDay, closures: [] }, notifications: { emails: [], mobiles: [], followUpAfterHours: 0.001 } },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const late = [await seed.inquiry(api), await seed.inquiry(api)];
      const lateQuote = await seed.quote(api);
      // 0.001 business hours is 3.6 seconds.
      await expect
        .poll(async () => ((await (await api.get('/api/leads/stats')).json()) as { overdue: number }).overdue, { timeout: 20_000 })
        .toBe(3);
      const answered = await seed.inquiry(api);
      expect((await api.patch(`/api/project-inquiry/${answered.id}`, { data: { status: 'contacted' } })).status()).toBe(200);
      await api.dispose();

      await signInAt(page, fresh.url);
      await dashboardReady(page);
      const header = page.getByRole('banner');
      await expect(header.getByText('3 overdue: 2 inquiries, 1 quote request')).toBeVisible();

      await tab(page, /^Reviews/).click();
      await header.getByRole('link', { name: '1 quote request' }).click();
      await expect(page).toHaveURL(/\?tab=quotes&overdue=1$/);
      await expect(tab(page, /^Quote requests/)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: 'Overdue (1)' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(card(page, `${lateQuote.firstName} ${lateQuote.lastName}`)).toBeVisible();

      await header.getByRole('link', { name: '2 inquiries' }).click();
      await expect(page).toHaveURL(/\?tab=inquiries&overdue=1$/);
      await expect(page.getByRole('button', { name: 'Overdue (2)' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('article')).toHaveCount(2);
      for (const lead of late)
        await expect(card(page, `${lead.firstName} ${lead.lastName}`).getByText('Overdue', { exact: true })).toBeVisible();
      // A reload keeps the filter; All lists the answered one too.
      await page.reload();
      await expect(page.getByRole('article')).toHaveCount(2);
      await expectNoAxeViolations(page, 'main');
      await page.getByRole('button', { name: /^All/ }).click();
      await expect(page).not.toHaveURL(/overdue/);
      await expect(page.getByRole('article')).toHaveCount(3);
    } finally {
      await fresh.dispose();
    }
  });

  test('the Activity tab names the lead worked on, and shows a deleted one by its id', async ({ page, request, adminApi }) => {
    const kept = await seed.inquiry(request, { firstName: uniqueName('Kept') });
    const gone = await seed.inquiry(request, { firstName: uniqueName('Gone') });
    expect((await adminApi.patch(`/api/project-inquiry/${kept.id}`, { data: { status: 'contacted' } })).status()).toBe(200);
    expect((await adminApi.delete(`/api/project-inquiry/${gone.id}`)).status()).toBe(204);
    await signIn(page);
    await dashboardReady(page);
    await tab(page, 'Activity').click();
    const table = page.getByRole('table', { name: 'Activity' });
    const updated = table.getByRole('row').filter({ hasText: 'Updated an inquiry' }).filter({ hasText: kept.firstName });
    await expect(updated).toContainText(`Inquiry: ${kept.firstName} ${kept.lastName}`);
    await expect(updated).not.toContainText(kept.id);
    const deleted = table.getByRole('row').filter({ hasText: 'Deleted an inquiry' }).filter({ hasText: gone.firstName });
    await expect(deleted).toContainText(`Inquiry ${gone.id} (deleted)`);
    await expect(deleted).toContainText(`${gone.firstName} ${gone.lastName}`);
  });
});

import type { QuoteRequest } from '@site/domain';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, tab } from './admin-helpers';
import { uniqueName } from './public-helpers';

test.describe('where a lead came from', () => {
  test('a visitor from a Google ad who browses on and asks for a quote shows as Paid search with the campaign', async ({
    page,
    browser,
    server,
    adminApi,
  }) => {
    const visitorContext = await browser.newContext({ baseURL: server.url });
    const visitor = await visitorContext.newPage();
    const check = failOnConsoleErrors(visitor);
    await visitor.goto('/?utm_source=google&utm_medium=cpc&utm_campaign=spring-kitchens&gclid=abc');
    // On to another page inside the site, which has no tags of its own.
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await visitor.waitForURL('**/services');
    // And back home by the header's link: the address no longer has the ad's tags.
    await visitor.getByRole('link', { name: /, home$/ }).click();
    await visitor.waitForURL((url) => url.pathname === '/' && url.search === '');

    const firstName = uniqueName('Mia');
    await visitor.getByRole('button', { name: 'Free Quote' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Request a Free Quote' });
    await dialog.getByLabel('First name').fill(firstName);
    await dialog.getByLabel('Last name').fill('Campbell');
    await dialog.getByLabel('Email').fill('mia@example.com');
    await dialog.getByLabel('Suburb').fill('Kew');
    await dialog.getByRole('radio', { name: 'Kitchen' }).check();
    await dialog.getByRole('button', { name: 'Request Free Quote' }).click();
    await expect(visitor.getByRole('dialog', { name: `Thank You, ${firstName}!` })).toBeVisible();
    check();
    await visitorContext.close();

    const stored = ((await (await adminApi.get('/api/quote-requests')).json()) as QuoteRequest[]).find((q) => q.firstName === firstName);
    expect(stored).toMatchObject({
      channel: 'Paid search',
      source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens', gclid: 'abc', landingPage: '/' },
    });

    await signIn(page);
    await dashboardReady(page);
    await tab(page, /^Quote requests/).click();
    const lead = card(page, `${firstName} Campbell`);
    await expect(lead.getByText('Paid search · google / cpc · spring-kitchens')).toBeVisible();

    await tab(page, 'Sources').click();
    const campaigns = page.getByRole('table', { name: 'Leads by campaign' });
    const row = campaigns.getByRole('row', { name: /spring-kitchens/ });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Paid search');
    expect(Number(await row.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(1);
    const channels = page.getByRole('table', { name: 'Leads by channel' });
    expect(
      Number(
        await channels
          .getByRole('row', { name: /^Paid search/ })
          .getByRole('cell')
          .nth(1)
          .textContent(),
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});

import { failOnConsoleErrors, expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from './axe';

const pages = [
  { path: '/', h1: 'Transform Your Kitchen & Bathroom', title: /Free Quotes/ },
  { path: '/about', h1: /^About /, title: /About Us/ },
  { path: '/services', h1: 'Our Services', title: /Services/ },
  { path: '/gallery', h1: 'Our Recent Projects', title: /Gallery/ },
  { path: '/privacy', h1: 'Privacy Policy', title: /Privacy Policy/ },
];

test.describe('public pages', () => {
  for (const { path, h1, title } of pages) {
    test(`${path} renders, sets its own meta tags and passes axe`, async ({ page }) => {
      const check = failOnConsoleErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page).toHaveTitle(title);
      // One of each tag: hydration adopted the prerendered ones instead of adding copies.
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('meta[name="keywords"]')).toHaveCount(1);
      await expect(page.locator('title')).toHaveCount(1);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(50);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description ?? '');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      // Shared header and footer.
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Virtual Showroom' })).toHaveAttribute('href', '/virtual-showroom');
      await expect(header.getByRole('link', { name: /\(03\)/ })).toHaveAttribute('href', /^tel:\+61/);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
      await expect(footer).toContainText('All rights reserved');
      await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      check();
    });
  }

  test('the prerendered HTML already holds each page and its meta tags (no JavaScript needed)', async ({ request }) => {
    const expectations: Record<string, string[]> = {
      '/': [
        'Transform Your Kitchen &amp; Bathroom',
        'Free Quote',
        'Start Your Project',
        'Our Recent Projects',
        'Customer Reviews',
        '"@type":"HomeAndConstructionBusiness"',
      ],
      '/about': ['over a decade of experience'],
      '/privacy': ['What we collect', 'How long we keep it', 'Access, correction and deletion', 'www.oaic.gov.au'],
      '/services': [
        'Kitchen Renovations',
        'Bathroom Renovations',
        'TV Units &amp; Living Spaces',
        'Wardrobes &amp; Storage Solutions',
        'Study Units &amp; Home Offices',
        'Laundry Fitouts',
        'Outdoor BBQ Kitchens',
      ],
      '/gallery': ['Our Recent Projects', 'Explore our portfolio of stunning kitchen, bathroom, and wardrobe renovations across Melbourne'],
    };
    for (const [path, texts] of Object.entries(expectations)) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      for (const text of texts) expect(html, `${path} contains ${text}`).toContain(text);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      for (const tag of ['name="description"', 'name="keywords"', 'property="og:title"', 'property="og:description"'])
        expect(html).toContain(tag);
      // Data blocks only (JSON-LD, and the settings the page was rendered with), and the one inline script the CSP
      // allows by its hash: the holder of early taps (web/src/lib/early-taps.ts).
      const inline = html.match(/<script(?![^>]*(type="application\/(ld\+)?json"|src=))[^>]*>[^<]*<\/script>/g) ?? [];
      expect(inline).toHaveLength(1);
      expect(inline[0]).toMatch(/^<script>self\.earlyTaps=\[\];/);
      expect(html).toMatch(/<script type="application\/json" id="site-data">\{[^<]*"settings":\{"business":/);
    }
    const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(await (await request.get('/')).text());
    const business = JSON.parse(jsonLd?.[1] ?? '{}') as Record<string, unknown>;
    expect(business['@type']).toBe('HomeAndConstructionBusiness');
    expect(business.telephone).toMatch(/^\+61/);
    expect(business).not.toHaveProperty('aggregateRating');
  });

  test('home page: hero, key points, the two actions and the sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText("Melbourne's luxury kitchen and bathroom experts")).toBeVisible();
    for (const point of [
      'Over 12 years of experience',
      'Quick and accurate quotes',
      'Fully custom designs',
      'Fast turnaround and transparent pricing',
      '5-year workmanship guarantee',
    ]) {
      await expect(page.getByText(point)).toBeVisible();
    }
    await expect(page.locator('#free-quote')).toHaveText('Free Quote');
    await expect(page.locator('#start-project')).toHaveText('Start Your Project');
    await expect(page.locator('#gallery')).toContainText('Our Recent Projects');
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    await expect(page.getByText(/See what our customers say about their experience with .+/)).toBeVisible();
    await expect(page.getByText('Reviews are checked only for spam and abuse before they appear.')).toBeVisible();
  });

  test('services page lists the seven services with descriptions', async ({ page }) => {
    await page.goto('/services');
    const titles = [
      'Kitchen Renovations',
      'Bathroom Renovations',
      'TV Units & Living Spaces',
      'Wardrobes & Storage Solutions',
      'Study Units & Home Offices',
      'Laundry Fitouts',
      'Outdoor BBQ Kitchens',
    ];
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(titles.map((t) => new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    for (const item of await page.getByRole('main').getByRole('listitem').all())
      expect((await item.innerText()).length).toBeGreaterThan(150);
  });

  test('unknown paths show the 404 page with its developer hint', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transform Your Kitchen & Bathroom' })).toBeVisible();
  });

  test('client-side navigation swaps the meta tags and moves to the new page', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await expect(page).toHaveTitle(/Services/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/services$/);
    check();
  });

  test('/login and /admin are noindex', async ({ page }) => {
    for (const path of ['/login', '/admin']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
      // The home page's prerendered tags do not linger there.
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    }
  });

  test('robots.txt and sitemap.xml', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/User-agent: \*[\s\S]*Sitemap: https?:\/\/.+\/sitemap\.xml/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/', '/about', '/services', '/gallery', '/virtual-showroom', '/privacy'])
      expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`));
    expect(sitemap).not.toContain('/admin');
  });

  test('each public page view is recorded once; /login and /admin are not', async ({ page, adminApi }) => {
    // Each worker has its own server, so only this test's page views move the count.
    const visits = async () => Number((await adminApi.get('/api/visitors?limit=1')).headers()['x-total-count']);
    const visitsBefore = await visits();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A prerendered page shows before its script runs; the view is recorded once the script has.
    await expect.poll(visits).toBe(visitsBefore + 1);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Recent Projects' })).toBeVisible();
    await expect.poll(visits).toBe(visitsBefore + 2);
    // The login form is drawn by the app itself, so once it shows, a visit would have been sent.
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await visits()).toBe(visitsBefore + 2);
    const visitors = (await (await adminApi.get('/api/visitors?limit=2')).json()) as { page: string }[];
    expect(visitors.map((v) => v.page).sort()).toEqual(['/about', '/gallery']);
  });
});

/**
 * The public pages, rendered by the server with the built site's render entry (`npm run
 * build` makes web/dist and web/dist-ssr): their first HTML holds the business settings and
 * the published projects, and a change to either shows within moments, without a rebuild.
 */
import { reviewInviteMessages, type Model3d, type Project, type PublicSettings, type Review } from '@site/domain';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../src/demo/room-photos';
import { defaultWebDist } from '../src/embedded/site';
import { staticSite } from '../src/embedded/static-site';
import type { CurrentSettings } from '../src/services/settings';
import { createSitePages, type SitePages } from '../src/site-pages/site-pages';
import { admin as adminAccount, glb, goodReview, startTestApp, until, type Client, type TestApp } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

const built = existsSync(join(defaultWebDist, '..', 'dist-ssr', 'entry-server.js'));

describe.skipIf(!built)(built ? 'server-rendered public pages' : 'server-rendered public pages (skipped: run npm run build first)', () => {
  let t: TestApp;
  let admin: Client;
  let project: Project;
  let sitePages: SitePages | null = null;
  beforeAll(async () => {
    let changes: Parameters<typeof createSitePages>[0]['feed'];
    const files = staticSite(defaultWebDist);
    t = await startTestApp({}, undefined, undefined, undefined, {
      // As embedded/site.ts wires it: the pages are made once the app (which holds the settings) exists.
      siteFrom: async ({ feed }) => {
        changes = feed;
        return (req, res, next) => (sitePages ? sitePages.handler(req, res, () => files(req, res, next)) : files(req, res, next));
      },
    });
    const settings = t.app.context.settings;
    sitePages = await createSitePages({
      ssrDir: join(defaultWebDist, '..', 'dist-ssr'),
      store: t.app.store,
      settings: { read: () => settings.settings(), onChange: (listener) => settings.onChange(listener) },
      feed: changes,
      reviewLink: (token) => t.app.context.reviewRequests.linkAnswer(token),
      cacheControl: 'no-cache',
    });
    if (!sitePages) throw new Error('no render entry');
    admin = await t.adminClient();
  }, 30_000);
  afterAll(() => {
    sitePages?.close();
    return t?.close();
  });

  const html = async (path: string) => {
    const res = await fetch(t.url + path);
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('shows the 11 built-in pictures while no project is published', async () => {
    const gallery = await html('/gallery');
    expect(gallery.status).toBe(200);
    expect(gallery.text).toContain('/gallery/kitchen-walnut-island-');
    expect(gallery.text).not.toContain('/projects/');
  });

  it('puts a published project into the first HTML of /, /gallery, its own page and the sitemap', async () => {
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'photo' });
    const put = await t
      .client()
      .request<{ url: string }>('PUT', issued.body.uploadURL, { body: await roomPhoto({ seed: 'ssr', width: 1600, height: 1200 }) });
    const created = await admin.post<Project>('/api/projects', {
      title: 'Brighton Butler’s Pantry',
      category: 'kitchen',
      suburb: 'Brighton',
      summary: 'A butler’s pantry behind a fluted oak door, with a second sink and open shelving.',
      photos: [{ url: put.body.url, alt: 'Fluted oak pantry door ajar' }],
      published: true,
    });
    expect(created.status).toBe(201);
    project = created.body;

    await until(
      async () => (await html('/gallery')).text.includes('/projects/brighton-butler-s-pantry'),
      'the gallery to show the project',
      5000,
    );
    const gallery = await html('/gallery');
    expect(gallery.headers.get('cache-control')).toBe('no-cache');
    expect(gallery.text).toContain('Fluted oak pantry door ajar');
    expect(gallery.text).not.toContain('/gallery/kitchen-walnut-island-');
    expect(gallery.text).toContain('<script type="application/json" id="site-data">');
    expect((await html('/')).text).toContain('href="/projects/brighton-butler-s-pantry"');

    const page = await html('/projects/brighton-butler-s-pantry');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Brighton Butler’s Pantry | ');
    expect(page.text).toContain('data-prerendered="/projects/brighton-butler-s-pantry"');
    expect(page.text).toMatch(/<meta property="og:image" content="http[^"]+\/objects\/photos\/[^"]+-1600\.webp"/);
    expect(page.text).toContain('"@type":"CreativeWork"');
    expect(page.text).toContain('A butler’s pantry behind a fluted oak door');
    // Data blocks, and one executable inline script: the holder of early taps, which the CSP allows by its hash.
    const inline = page.text.match(/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*src=)[^>]*>[^<]*<\/script>/g) ?? [];
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatch(/^<script>self\.earlyTaps=\[\];/);

    const sitemap = await html('/sitemap.xml');
    expect(sitemap.text).toContain('/projects/brighton-butler-s-pantry</loc>');
    expect(sitemap.text).toContain('/gallery</loc>');
  });

  it('shows an edit within moments at the same address, and a project unpublished is gone from every page', async () => {
    const input = {
      title: 'Brighton Pantry',
      category: 'kitchen',
      suburb: 'Brighton',
      summary: project.summary,
      photos: project.photos.map(({ url, alt }) => ({ url, alt })),
      published: true,
    };
    expect((await admin.put(`/api/projects/${project.id}`, input)).status).toBe(200);
    // The page keeps its address under its new title.
    await until(
      async () => (await html('/projects/brighton-butler-s-pantry')).text.includes('<title>Brighton Pantry | '),
      'the renamed page',
      5000,
    );
    expect((await html('/gallery')).text).toContain('Brighton Pantry');

    expect((await admin.put(`/api/projects/${project.id}`, { ...input, published: false })).status).toBe(200);
    await until(async () => (await html('/projects/brighton-butler-s-pantry')).status === 404, 'the unpublished page to go', 5000);
    expect((await html('/sitemap.xml')).text).not.toContain('/projects/');
    expect((await html('/gallery')).text).toContain('/gallery/kitchen-walnut-island-');
  });
  it('shows the review a project links on its page, as the reviews list shows it, until the review is deleted', async () => {
    const review = (
      await t.client().post<Review>('/api/review', {
        ...goodReview,
        customerName: 'Priya Raman',
        reviewText: 'The new ensuite is a joy: the niche, the floating vanity, all of it.',
      })
    ).body;
    expect((await admin.post(`/api/review/${review.id}/approve`)).status).toBe(200);
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'photo' });
    const put = await t
      .client()
      .request<{ url: string }>('PUT', issued.body.uploadURL, { body: await roomPhoto({ seed: 'ssr-review', width: 1200, height: 900 }) });
    const created = await admin.post<Project>('/api/projects', {
      title: 'Elwood Ensuite',
      category: 'bathroom',
      suburb: 'Elwood',
      summary: 'A walk-in shower and a floating vanity in a narrow ensuite.',
      photos: [{ url: put.body.url, alt: 'Floating vanity under a round mirror' }],
      reviewId: review.id,
      published: true,
    });
    expect(created.status).toBe(201);

    await until(async () => (await html('/projects/elwood-ensuite')).text.includes('Priya Raman'), 'the review on the project page', 5000);
    const page = (await html('/projects/elwood-ensuite')).text;
    expect(page).toMatch(/<h2 id="review-heading"[^>]*>What the client said<\/h2>/);
    expect(page).toContain('The new ensuite is a joy: the niche, the floating vanity, all of it.');
    expect(page).toContain('aria-label="5 out of 5 stars"');
    // The reviews list's date: 'January 5, 2025', on Melbourne's calendar.
    const date = new Intl.DateTimeFormat('en-US', {
      timeZone: businessTimeZone,
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(review.createdAt));
    expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(page).toContain(`<time dateTime="${review.createdAt}" class="`);
    expect(page).toMatch(new RegExp(`<time dateTime="${review.createdAt}"[^>]*>${date}</time>`));
    // Hydration renders the same: the review is in the page's data block too.
    expect(page).toMatch(/id="site-data">[^<]*"customerName":"Priya Raman"/);

    expect((await admin.delete(`/api/review/${review.id}`)).status).toBe(204);
    await until(async () => !(await html('/projects/elwood-ensuite')).text.includes('Priya Raman'), 'the deleted review to go', 5000);
    expect((await html('/projects/elwood-ensuite')).text).not.toContain('What the client said');
    expect((await admin.delete(`/api/projects/${created.body.id}`)).status).toBe(204);
  });

  it('shows the stored settings on every page, robots.txt and the sitemap, and a saved change within moments', async () => {
    const home = await html('/');
    // The settings in the data block hydration reads, and in the HTML itself: no request before the first paint.
    const block = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(home.text)?.[1];
    expect(JSON.parse(block ?? '{}')).toMatchObject({ settings: { business: { siteUrl: 'https://renovations.example.com' } } });
    expect(JSON.parse(block ?? '{}').settings).not.toHaveProperty('notifications');
    expect(home.text).toContain('Transform Your Kitchen &amp; Bathroom');
    expect((await html('/robots.txt')).text).toContain('Sitemap: https://renovations.example.com/sitemap.xml');

    const { version, settings } = (await admin.get<CurrentSettings>('/api/settings')).body;
    const saved = await admin.put<CurrentSettings>('/api/settings', {
      version,
      business: {
        ...settings.business,
        brand: 'Fitzroy Joinery',
        phone: '(03) 9123 4567',
        legalName: 'FJ Cabinets Pty Ltd',
        abn: '51824753556',
        siteUrl: 'https://www.fitzroyjoinery.com.au',
      },
      currentPassword: adminAccount.password,
    });
    expect(saved.status).toBe(200);
    const texts: PublicSettings['texts'] = {
      ...settings.texts,
      heroHeadline: 'Kitchens Built in Fitzroy',
      aboutStory: 'We started in a Fitzroy garage.\n\nNow we are twelve.',
    };
    expect((await admin.put('/api/settings', { version: saved.body.version, texts })).status).toBe(200);
    const after = (await admin.get<CurrentSettings>('/api/settings')).body;
    expect((await admin.put('/api/settings', { version: after.version, privacy: { leadRetentionMonths: 18 } })).status).toBe(200);

    await until(async () => (await html('/')).text.includes('Kitchens Built in Fitzroy'), 'the new headline on /', 5000);
    const page = (await html('/')).text;
    expect(page).toContain('href="tel:+61391234567"');
    expect(page).toContain('>(03) 9123 4567<');
    expect(page).toContain('"telephone":"+61391234567"');
    expect(page).toContain('<meta property="og:site_name" content="Fitzroy Joinery"/>');
    expect(page).toContain('<link rel="canonical" href="https://www.fitzroyjoinery.com.au/"/>');

    const about = (await html('/about')).text;
    expect(about).toContain('<title>About Us | Fitzroy Joinery</title>');
    expect(about).toMatch(/<p class="[^"]*">We started in a Fitzroy garage\.<\/p><p class="[^"]*">Now we are twelve\.<\/p>/);
    const privacy = (await html('/privacy')).text;
    expect(privacy).toContain('Fitzroy Joinery (FJ Cabinets Pty Ltd), ABN 51824753556');
    expect(privacy).toContain('for 18 months after its last update');
    expect(privacy).toContain('href="tel:+61391234567"');

    // The pages that render in the browser carry the settings too, as does the not-found page.
    const unsubscribe = (await html('/unsubscribe?t=abc')).text;
    expect(unsubscribe).toContain('"phone":"(03) 9123 4567"');
    const manageBooking = await html('/book/manage?t=abc');
    expect(manageBooking.status).toBe(200);
    expect(manageBooking.text).toContain('"phone":"(03) 9123 4567"');
    const customerPage = await html('/your-project?t=abc');
    expect(customerPage.status).toBe(200);
    expect(customerPage.text).toContain('"phone":"(03) 9123 4567"');
    expect((await html('/book')).text).toContain('>(03) 9123 4567<');
    const missing = await html('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page Not Found');
    expect(missing.text).toContain('>(03) 9123 4567<');
    // A file that is not there is still the files' answer, not a page.
    expect((await html('/assets/no-such-file.js')).text).not.toContain('(03) 9123 4567');

    const robots = (await html('/robots.txt')).text;
    expect(robots).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://www.fitzroyjoinery.com.au/sitemap.xml\n');
    const sitemap = (await html('/sitemap.xml')).text;
    expect(sitemap).toContain('<loc>https://www.fitzroyjoinery.com.au/about</loc>');
    expect(sitemap).not.toContain('renovations.example.com');
  });

  it('puts the showroom’s models into its first HTML and data block, from the very next request after a change', async () => {
    const empty = await html('/virtual-showroom');
    expect(empty.text).toContain('No 3D models available yet. Check back soon!');
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const put = await t.client().request<{ url: string }>('PUT', issued.body.uploadURL, { body: glb(64) });
    const created = await admin.post<Model3d>('/api/3d-models', {
      name: 'Fitzroy Pantry Wall',
      description: 'Floor-to-ceiling pantry in sage with brass handles.',
      modelUrl: put.body.url,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // No waiting: a page asked for while the change is being rendered waits for that render.
    const page = await html('/virtual-showroom');
    expect(page.text).toContain('Fitzroy Pantry Wall');
    expect(page.text).toContain('Floor-to-ceiling pantry in sage with brass handles.');
    expect(page.text).not.toContain('Loading models...');
    const block = JSON.parse(/<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(page.text)?.[1] ?? '{}') as {
      models?: Model3d[];
    };
    expect(block.models?.map((m) => m.name)).toEqual(['Fitzroy Pantry Wall']);
    // Only the showroom carries the models, and only a project's page carries projects.
    expect((await html('/')).text).not.toContain('"models":');
    expect((await html('/about')).text).not.toContain('"projects":');
    expect((await admin.delete(`/api/3d-models/${created.body.id}`)).status).toBe(204);
    expect((await html('/virtual-showroom')).text).not.toContain('Fitzroy Pantry Wall');
  });

  it('renders a review link’s page for each request with what its link is worth, kept by no cache', async () => {
    const page = await html('/reviews/write?t=not-a-real-link');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('data-prerendered="/reviews/write"');
    expect(page.text).toContain(reviewInviteMessages.invalid);
    expect(page.text).not.toContain('Checking your link');
    const unsubscribe = await html('/unsubscribe?t=not-a-real-link');
    expect(unsubscribe.text).toContain('data-prerendered="/unsubscribe"');
  });

  it('shows the uploaded logo in the header and the uploaded favicon in every page head', async () => {
    const image = async (width: number, height: number) => {
      const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'thumbnail' });
      const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 217, g: 164, b: 65, alpha: 1 } } })
        .png()
        .toBuffer();
      return (await admin.request<{ url: string }>('PUT', issued.body.uploadURL, { body: bytes })).body.url;
    };
    const logo = (await admin.put<CurrentSettings>('/api/settings/images/logo', { url: await image(800, 200) })).body.settings.images.logo!;
    const icons = (await admin.put<CurrentSettings>('/api/settings/images/favicon', { url: await image(256, 256) })).body.settings.images;
    await until(async () => (await html('/')).text.includes(icons.favicon!), 'the favicon on /', 5000);
    for (const path of ['/', '/about', '/privacy']) {
      const page = (await html(path)).text;
      expect(page, path).toContain(`<img src="${logo}" alt="" height="40"`);
      expect(page, path).toContain(`<link rel="icon" href="${icons.favicon}" type="image/png" sizes="32x32" />`);
      expect(page, path).toContain(`<link rel="apple-touch-icon" href="${icons.touchIcon}" />`);
      expect(page, path).not.toContain('href="/favicon.svg"');
    }
  });

  it('serves nothing until a render succeeds where the store did not answer, and renders again on the next request', async () => {
    const store = t.app.store;
    let down = true;
    const projects = new Proxy(store.projects, {
      get(target, key, receiver) {
        if (key === 'find' && down) return () => Promise.reject(new Error('Firestore unavailable'));
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const logged: string[] = [];
    const pages = await createSitePages({
      ssrDir: join(defaultWebDist, '..', 'dist-ssr'),
      store: { ...store, projects },
      settings: { read: () => t.app.context.settings.settings() },
      maxAgeMs: 0,
      cacheControl: 'public, max-age=0, s-maxage=240',
      log: (message) => logged.push(message),
    });
    expect(pages?.rendered()).toBe(false);
    expect(logged).toEqual(['Could not render the public pages']);
    const serve = async () => {
      let passedOn = false;
      const res = { set: () => res, status: () => res, end: () => res } as unknown as Parameters<NonNullable<typeof pages>['handler']>[1];
      await pages!.handler({ method: 'GET', path: '/gallery', get: () => undefined } as never, res, () => {
        passedOn = true;
      });
      return passedOn;
    };
    // Still down: the request is passed on (the Cloud Function answers 503, uncached).
    expect(await serve()).toBe(true);
    down = false;
    expect(await serve()).toBe(false);
    expect(pages!.rendered()).toBe(true);
  });
});

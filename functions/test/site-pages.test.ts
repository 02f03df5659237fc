/**
 * The pages that show projects, rendered by the server with the built site's render entry
 * (`npm run build` makes web/dist and web/dist-ssr): their first HTML holds the published
 * projects, and a change shows within moments, without a rebuild.
 */
import type { Project } from '@site/domain';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../src/demo/room-photos';
import { defaultWebDist } from '../src/embedded';
import { staticSite } from '../src/http/static-site';
import { createSitePages } from '../src/site-pages/site-pages';
import { startTestApp, until, type Client, type TestApp } from './harness';

const built = existsSync(join(defaultWebDist, '..', 'dist-ssr', 'entry-server.js'));

describe.skipIf(!built)(
  built ? 'server-rendered project pages' : 'server-rendered project pages (skipped: run npm run build first)',
  () => {
    let t: TestApp;
    let admin: Client;
    let project: Project;
    beforeAll(async () => {
      t = await startTestApp({}, undefined, undefined, undefined, {
        siteFrom: async ({ store, feed }) => {
          const files = staticSite(defaultWebDist);
          const pages = await createSitePages({ ssrDir: join(defaultWebDist, '..', 'dist-ssr'), store, feed, cacheControl: 'no-cache' });
          if (!pages) throw new Error('no render entry');
          return (req, res, next) => pages.handler(req, res, () => files(req, res, next));
        },
      });
      admin = await t.adminClient();
    }, 30_000);
    afterAll(() => t?.close());

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
      // No executable inline script: the CSP runs none.
      expect(page.text).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*src=)[^>]*>/);

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
    it('serves nothing until a render succeeds where the store did not answer, and renders again on the next request', async () => {
      const store = t.app.context.store;
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
        maxAgeMs: 0,
        cacheControl: 'public, max-age=0, s-maxage=240',
        log: (message) => logged.push(message),
      });
      expect(pages?.rendered()).toBe(false);
      expect(logged).toEqual(['Could not render the pages that show projects']);
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
  },
);

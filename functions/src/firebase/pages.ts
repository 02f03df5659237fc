import type { Firestore } from 'firebase-admin/firestore';
import type { Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFirestoreStore } from '../adapters/firestore/store';
import { systemClock } from '../ports/clock';
import { ReviewRequests } from '../services/review-requests';
import { SettingsService } from '../services/settings';
import { createSitePages } from '../site-pages/site-pages';

/**
 * Firebase Hosting's public pages (every page visitors see, the not-found page, `robots.txt`
 * and `sitemap.xml`), rendered by the `pages` function with the business settings and the
 * published projects from Firestore in their first HTML. Hosting's CDN keeps each answer for
 * `pagesMaxAgeSeconds`; an instance renders again from Firestore (settings and projects both)
 * when its pages are older than `pagesRenderAgeSeconds`. So a change in the admin is on every
 * page within the sum of the two, five minutes, without a deploy.
 */
const pagesMaxAgeSeconds = 240;
const pagesRenderAgeSeconds = 60;
/** Browsers check again on every visit (as for the static pages); the CDN keeps the page. */
export const pagesCacheControl = `public, max-age=0, s-maxage=${pagesMaxAgeSeconds}`;

/** Where the web build's render entry and pages are: bundled beside the function (lib/site), or the web build when run from source. */
function siteFiles(here = dirname(fileURLToPath(import.meta.url))): { ssrDir: string; notFoundFile: string } | null {
  const candidates = [
    { ssrDir: join(here, 'site'), notFoundFile: join(here, 'site/404.html') },
    { ssrDir: join(here, '../../../web/dist-ssr'), notFoundFile: join(here, '../../../web/dist/404.html') },
  ];
  return candidates.find(({ ssrDir, notFoundFile }) => existsSync(join(ssrDir, 'entry-server.js')) && existsSync(notFoundFile)) ?? null;
}

export interface FirebasePagesOptions {
  /** The render entry's folder and the not-found page (default: `siteFiles()`). */
  files?: { ssrDir: string; notFoundFile: string };
  /** How old an instance's pages may be before a request renders them again (default `pagesRenderAgeSeconds`). */
  renderAgeMs?: number;
}

export type FirebasePagesHandler = (req: Request, res: Response) => Promise<void>;

/** The `pages` function's handler: a rendered page, else the site's not-found page with 404. */
export async function createFirebasePages(db: Firestore, options: FirebasePagesOptions = {}): Promise<FirebasePagesHandler> {
  const files = options.files ?? siteFiles();
  if (!files)
    throw new Error('The web build is missing beside the function: run functions/scripts/build-function.mjs after the web build.');
  const store = createFirestoreStore(db);
  // Read afresh at each render (at most once a render age): the instance keeps no copy of its own.
  const settings = new SettingsService(store.settings, systemClock, 0);
  // Review links are only checked here (their page shows the answer); messages are the API's.
  const reviewRequests = new ReviewRequests({
    store,
    clock: systemClock,
    settings: () => Promise.reject(new Error('The pages function sends no messages')),
  });
  const sitePages = await createSitePages({
    ssrDir: files.ssrDir,
    store,
    settings: { read: () => settings.settings() },
    reviewLink: (token) => reviewRequests.linkAnswer(token),
    maxAgeMs: options.renderAgeMs ?? pagesRenderAgeSeconds * 1000,
    cacheControl: pagesCacheControl,
    log: (message, error) => console.error(message, error ?? ''),
  });
  if (!sitePages) throw new Error(`No render entry in ${files.ssrDir}.`);
  const notFound = readFileSync(files.notFoundFile);
  return async (req, res) => {
    await sitePages.handler(req, res, () => {
      // Nothing rendered yet (Firestore did not answer): a 503 the CDN does not keep, never a
      // home page cached as not found; the next request renders again.
      if (!sitePages.rendered()) {
        res.status(503).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' });
        res.end('The site is starting. Please try again in a moment.');
        return;
      }
      res.status(404).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': pagesCacheControl }).end(notFound);
    });
  };
}

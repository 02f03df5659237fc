import { limits, publicSettingsOf, routeOf, type Model3d, type PublicProject, type PublicSettings, type SiteSettings } from '@site/domain';
import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { preferredEncoding } from '../http/encoding';
import type { Log } from '../ports/log';
import type { ChangeFeed } from '../ports/change-feed';
import type { Store } from '../ports/store';
import { listPublishedProjects } from '../services/projects';

/** What the web build's render entry (web/src/entry-server.tsx) offers. */
interface RenderEntry {
  render(
    url: string,
    data: { projects: PublicProject[]; settings: PublicSettings; models: Model3d[]; reviewLink?: ReviewLinkAnswer },
  ): Promise<{ head: string; html: string }>;
  dataBlock(data: { settings: PublicSettings; today: string }): string;
  melbourneToday(): string;
  notFoundMarker: string;
  paths: { writeReview: string; unsubscribe: string; manageBooking: string; customer: string };
  publicPaths: readonly string[];
  sitePaths: readonly string[];
}

/** What a review link's page says of its link: the customer's name, or why it is refused. */
export type ReviewLinkAnswer = { state: 'ready'; name: string } | { state: 'refused'; message: string };

/** Where the stored business settings come from, and (embedded) word of each save. */
export interface SitePagesSettings {
  read(): Promise<SiteSettings>;
  /** Called after each save in this process; returns its unsubscribe. */
  onChange?(listener: () => void): () => void;
}

interface Rendered {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  type: string;
}

export interface SitePagesOptions {
  /** The web build's render entry (`entry-server.js`, its chunks) and page template: web/dist-ssr. */
  ssrDir: string;
  store: Store;
  /** The business settings every page shows. */
  settings: SitePagesSettings;
  /** Embedded: the change feed, so a change shows at once. */
  feed?: ChangeFeed;
  /**
   * Without a feed (a Cloud Function instance): pages rendered longer ago than this are
   * rendered again, from the store, before the request that finds them is answered.
   */
  maxAgeMs?: number;
  /**
   * Checks a review link's token (as GET /api/review-invites/:token does): its page is then
   * rendered for each request with the answer. Without it, the page checks its link itself.
   */
  reviewLink?: (token: string) => Promise<ReviewLinkAnswer>;
  /** `no-cache` when embedded; on Firebase Hosting, a CDN lifetime (s-maxage). */
  cacheControl: string;
  log?: Log;
}

export interface SitePages {
  handler: RequestHandler;
  /** Renders every page again from the store (done by itself on a change when there is a feed or a settings subscription). */
  refresh(): Promise<void>;
  /** Whether a render has succeeded yet: until one has, no page is served (the store may have been unreachable). */
  rendered(): boolean;
  close(): void;
}

/** The key the rendered not-found page is kept under (no request path looks like it). */
const notFoundKey = '*404';

/** Waits this long after a change for the ones that come with it (a reorder changes every project). */
const settleMs = 150;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The public pages, rendered on the server with what an admin changes without a rebuild: the
 * business settings (every page's header, footer, title and structured data; the home page's
 * hero, the about story, the services, the privacy policy) and the published projects (`/`,
 * `/gallery`, `/projects/{slug}`), each in the page's first HTML and its data block; the
 * review-link and unsubscribe pages as the app's shell with the settings' block (they render
 * in the browser, from their link's token); the not-found page (answered with 404 to any path
 * the app does not know and that is not a file); `robots.txt` and `sitemap.xml` with the
 * settings' site address. They are rendered all at once (a few milliseconds each) and kept,
 * compressed, in memory; a save of the settings, a change to a project, a 3D model or a review, and a
 * new day in Melbourne (a closure's notice) render them again. Returns null when the build has
 * no render entry (`vite` in development), and the static files serve alone.
 */
export async function createSitePages(options: SitePagesOptions): Promise<SitePages | null> {
  const ssrDir = resolve(options.ssrDir);
  const entryFile = join(ssrDir, 'entry-server.js');
  const templateFile = join(ssrDir, 'page-template.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as RenderEntry;
  const pageTemplate = readFileSync(templateFile, 'utf8');

  let pages = new Map<string, Rendered>();
  let renderedAt = 0;
  /** The Melbourne day the pages were rendered on: the footer's closure notice depends on it. */
  let renderedOn = '';
  // One render at a time: the render entry's lists and settings are module state that each
  // render seeds, so a review link's page rendered for a request waits between two pages of a
  // render of them all, never in the middle of one.
  let rendering: Promise<unknown> = Promise.resolve();
  const renderOne: RenderEntry['render'] = (url, data) => {
    const result = rendering.then(() => entry.render(url, data));
    rendering = result.catch(() => undefined);
    return result;
  };
  /** What the last render used, for the pages rendered for each request (a review link's). */
  let current: { data: { projects: PublicProject[]; settings: PublicSettings; models: Model3d[] }; template: string } | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pack = (text: string, type: string): Rendered => {
    const body = Buffer.from(text);
    return {
      body,
      br: brotliCompressSync(body),
      gzip: gzipSync(body),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      type,
    };
  };

  const sitemap = (siteUrl: string, projects: PublicProject[]) => {
    const today = new Date().toISOString().slice(0, 10);
    const url = (path: string, lastmod: string, priority: string) =>
      `  <url><loc>${escapeXml(siteUrl + path)}</loc><lastmod>${lastmod}</lastmod><priority>${priority}</priority></url>`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
      ...entry.publicPaths.map((path) => url(path, today, path === '/' ? '1.0' : '0.8')),
      ...projects.map((p) => url(`/projects/${p.slug}`, p.updatedAt.slice(0, 10), '0.7')),
    ].join('\n')}\n</urlset>\n`;
  };

  async function renderAll() {
    const started = Date.now();
    const today = entry.melbourneToday();
    const [projects, stored, models] = await Promise.all([
      listPublishedProjects(options.store),
      options.settings.read(),
      // The showroom's cards, as GET /api/3d-models?limit=… lists them: in its first HTML.
      options.store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: limits.listMaxLimit }).then((page) => page.items),
    ]);
    const settings = publicSettingsOf(stored);
    const siteUrl = settings.business.siteUrl.replace(/\/+$/, '');
    // The uploaded favicon instead of the build's, in the HTML itself (no script needed).
    const template = withBrandIcons(pageTemplate, settings.images);
    const next = new Map<string, Rendered>();
    const html = (text: string) => pack(text, 'text/html; charset=utf-8');
    const page = async (path: string, marker = path) => {
      const { head, html } = await renderOne(path, { projects, settings, models });
      // web/scripts/prerender.mjs fills the same template the same way ('$' in the content is no pattern).
      return template
        .replace('<!--app-head-->', () => head)
        .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="${marker}">${html}</div>`);
    };
    // One page at a time: the render entry's lists and settings are shared by the pages it renders.
    for (const path of [...entry.publicPaths, ...projects.map((p) => `/projects/${p.slug}`)]) {
      try {
        next.set(path, html(await page(path)));
      } catch (error) {
        // A page that cannot render without a browser (the showroom's 3D part, say) is left to
        // the build's file and the browser; the other pages still show the change.
        options.log?.(`Could not render ${path}`, error);
      }
    }
    next.set(notFoundKey, html(await page('/404', entry.notFoundMarker)));
    // The unsubscribe page is the same for every link (its button sends the link's token). A
    // review link's page shows what its token is worth: rendered for each request when the
    // server can check it, else the shell the browser fills in.
    next.set(entry.paths.unsubscribe, html(await page(entry.paths.unsubscribe)));
    const shell = template.replace('<!--app-head-->', () => entry.dataBlock({ settings, today })).replace('<!--app-html-->', '');
    next.set(entry.paths.writeReview, html(shell));
    // A booking's own link and a customer's own page are drawn in the browser from their token, on the settings' header and footer.
    next.set(entry.paths.manageBooking, html(shell));
    next.set(entry.paths.customer, html(shell));
    current = { data: { projects, settings, models }, template };
    next.set('/sitemap.xml', pack(sitemap(siteUrl, projects), 'application/xml; charset=utf-8'));
    next.set(
      '/robots.txt',
      pack(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`, 'text/plain; charset=utf-8'),
    );
    pages = next;
    renderedAt = started;
    renderedOn = today;
  }

  /** Renders again; a change during a render renders once more after it. */
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = renderAll()
      .catch((error: unknown) => {
        // The pages already rendered (or the build's files) keep being served.
        options.log?.('Could not render the public pages', error);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return running;
  }

  await refresh();
  // A change's render, from the change until it is done: a page asked for meanwhile waits for
  // it, so a visitor never gets the page as it was before a change the server has confirmed.
  let changed: Promise<void> | null = null;
  let settled: () => void = () => undefined;
  /** Whether the changes so far wait for a render that has not started yet. */
  let waiting = false;
  const soon = () => {
    clearTimeout(timer);
    if (!waiting) {
      waiting = true;
      changed = new Promise<void>((resolve) => (settled = resolve));
    }
    timer = setTimeout(() => {
      waiting = false;
      const batch = changed;
      const done = settled;
      const after = Date.now();
      // Done once a render that started after these changes has finished (one already running
      // when they came renders again after itself); a render that fails ends the wait too.
      void (async () => {
        for (let attempt = 0; attempt < 3 && renderedAt < after; attempt += 1) await refresh();
      })().finally(() => {
        if (changed === batch) changed = null;
        done();
      });
    }, settleMs);
  };
  const unsubscribeFeed = options.feed?.subscribe((event) => {
    if (event.collection === 'projects' || event.collection === 'models_3d') soon();
    // A project's page shows the review it links: one deleted renders them again (a new review waits for approval).
    if (event.collection === 'reviews' && event.op !== 'create') soon();
  });
  const unsubscribeSettings = options.settings.onChange?.(soon);
  const knownPaths = new Set(entry.sitePaths);

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const stale = !options.feed && options.maxAgeMs !== undefined && Date.now() - renderedAt > options.maxAgeMs;
    // A page kept past midnight in Melbourne may show yesterday's closure notice: render again first.
    if (stale || (renderedAt > 0 && entry.melbourneToday() !== renderedOn)) await refresh();
    else if (changed) await changed;
    const path = routeOf(req.path);
    if (path === entry.paths.writeReview && options.reviewLink && current) {
      const token = typeof req.query.t === 'string' ? req.query.t : '';
      const reviewLink = await options.reviewLink(token);
      const url = `${entry.paths.writeReview}?t=${encodeURIComponent(token)}`;
      const { head, html } = await renderOne(url, { ...current.data, reviewLink });
      const text = current.template
        .replace('<!--app-head-->', () => head)
        .replace(
          '<div id="root"><!--app-html--></div>',
          () => `<div id="root" data-prerendered="${entry.paths.writeReview}">${html}</div>`,
        );
      // A customer's own link: never kept by a cache on the way.
      res.status(200).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
      return;
    }
    let page = pages.get(path === '/index.html' ? '/' : path);
    let status = 200;
    // Any other path that names no file and no page of the app: the not-found page, with the
    // settings. (A path with an extension, or under /assets, is left to the files.)
    if (!page && !knownPaths.has(path) && !/\.[a-z0-9]+$/i.test(path) && !/^\/(assets|api|objects)\//.test(path)) {
      page = pages.get(notFoundKey);
      status = 404;
    }
    if (!page) return next();
    const encoding = preferredEncoding(req.get('accept-encoding'));
    // Each encoding its own validator, as the build's precompressed files have.
    const etag = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
    res.set({ 'Content-Type': page.type, 'Cache-Control': options.cacheControl, Vary: 'Accept-Encoding', ETag: etag });
    if (status === 200 && req.get('if-none-match') === etag) return res.status(304).end();
    const body = encoding ? page[encoding] : page.body;
    if (encoding) res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(body.length));
    res.status(status).end(req.method === 'HEAD' ? undefined : body);
  };

  return {
    handler,
    refresh,
    rendered: () => renderedAt > 0,
    close() {
      clearTimeout(timer);
      settled();
      changed = null;
      unsubscribeFeed?.();
      unsubscribeSettings?.();
    },
  };
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page template with the business's uploaded favicon (its 32 px PNG, and the 180 px one
 * for phones' home screens) in place of the build's own icons; unchanged without one.
 */
export function withBrandIcons(template: string, images: PublicSettings['images']): string {
  if (!images.favicon) return template;
  const icons = [
    `<link rel="icon" href="${escapeAttribute(images.favicon)}" type="image/png" sizes="32x32" />`,
    ...(images.touchIcon ? [`<link rel="apple-touch-icon" href="${escapeAttribute(images.touchIcon)}" />`] : []),
  ].join('\n    ');
  return template.replace(/<link rel="icon"[^>]*>\s*(<link rel="apple-touch-icon"[^>]*>)?/, () => icons);
}

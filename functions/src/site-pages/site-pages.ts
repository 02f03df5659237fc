import type { PublicProject } from '@site/domain';
import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Log } from '../app';
import type { ChangeFeed } from '../ports/change-feed';
import type { Store } from '../ports/store';
import { listPublishedProjects } from '../services/projects';

/** What the web build's render entry (web/src/entry-server.tsx) offers. */
interface RenderEntry {
  render(url: string, data: { projects: PublicProject[] }): Promise<{ head: string; html: string }>;
  siteUrl: string;
  publicPaths: readonly string[];
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
  /** Embedded: the change feed, so a change shows at once. */
  feed?: ChangeFeed;
  /**
   * Without a feed (a Cloud Function instance): pages rendered longer ago than this are
   * rendered again, from the store, before the request that finds them is answered.
   */
  maxAgeMs?: number;
  /** `no-cache` when embedded; on Firebase Hosting, a CDN lifetime (s-maxage). */
  cacheControl: string;
  log?: Log;
}

export interface SitePages {
  handler: RequestHandler;
  /** Renders every page again from the store (done by itself on a change when there is a feed). */
  refresh(): Promise<void>;
  /** Whether a render has succeeded yet: until one has, no page is served (the store may have been unreachable). */
  rendered(): boolean;
  close(): void;
}

/** The pages that show projects: the home page and gallery (covers, hero), and each project's own. */
const projectPages = (projects: PublicProject[]) => ['/', '/gallery', ...projects.map((p) => `/projects/${p.slug}`)];

/** Waits this long after a change for the ones that come with it (a reorder changes every project). */
const settleMs = 150;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The pages whose content an admin changes without a rebuild, rendered on the server with the
 * published projects in their first HTML: `/`, `/gallery`, `/projects/{slug}` and
 * `sitemap.xml`. They are rendered all at once (a few milliseconds each) and kept, compressed,
 * in memory; a change to a project or a 3D model renders them again. Everything else is the
 * build's prerendered files. Returns null when the build has no render entry (`vite` in
 * development), and the static files serve alone.
 */
export async function createSitePages(options: SitePagesOptions): Promise<SitePages | null> {
  const ssrDir = resolve(options.ssrDir);
  const entryFile = join(ssrDir, 'entry-server.js');
  const templateFile = join(ssrDir, 'page-template.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as RenderEntry;
  const template = readFileSync(templateFile, 'utf8');

  let pages = new Map<string, Rendered>();
  let renderedAt = 0;
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

  const sitemap = (projects: PublicProject[]) => {
    const today = new Date().toISOString().slice(0, 10);
    const url = (path: string, lastmod: string, priority: string) =>
      `  <url><loc>${escapeXml(entry.siteUrl + path)}</loc><lastmod>${lastmod}</lastmod><priority>${priority}</priority></url>`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
      ...entry.publicPaths.map((path) => url(path, today, path === '/' ? '1.0' : '0.8')),
      ...projects.map((p) => url(`/projects/${p.slug}`, p.updatedAt.slice(0, 10), '0.7')),
    ].join('\n')}\n</urlset>\n`;
  };

  async function renderAll() {
    const started = Date.now();
    const projects = await listPublishedProjects(options.store);
    const next = new Map<string, Rendered>();
    // One page at a time: the render entry's lists are shared by the pages it renders.
    for (const path of projectPages(projects)) {
      const { head, html } = await entry.render(path, { projects });
      const page = template
        .replace('<!--app-head-->', () => head)
        .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="${path}">${html}</div>`);
      next.set(path, pack(page, 'text/html; charset=utf-8'));
    }
    next.set('/sitemap.xml', pack(sitemap(projects), 'application/xml; charset=utf-8'));
    pages = next;
    renderedAt = started;
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
        options.log?.('Could not render the pages that show projects', error);
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
  const unsubscribe = options.feed?.subscribe((event) => {
    if (event.collection !== 'projects' && event.collection !== 'models_3d') return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), settleMs);
  });

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!options.feed && options.maxAgeMs !== undefined && Date.now() - renderedAt > options.maxAgeMs) await refresh();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const page = pages.get(path === '/index.html' ? '/' : path);
    if (!page) return next();
    const accept = req.get('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    // Each encoding its own validator, as the build's precompressed files have.
    const etag = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
    res.set({ 'Content-Type': page.type, 'Cache-Control': options.cacheControl, Vary: 'Accept-Encoding', ETag: etag });
    if (req.get('if-none-match') === etag) return res.status(304).end();
    const body = encoding ? page[encoding] : page.body;
    if (encoding) res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  };

  return {
    handler,
    refresh,
    rendered: () => renderedAt > 0,
    close() {
      clearTimeout(timer);
      unsubscribe?.();
    },
  };
}

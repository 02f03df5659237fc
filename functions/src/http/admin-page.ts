import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Sessions } from '../auth/sessions';
import type { Log } from '../ports/log';
import { preferredEncoding } from './encoding';

/**
 * GET /admin: the staff dashboard's page. For a signed-in owner at an address whose first screen
 * the web build renders (its lead tabs and the Calendar), the page carries that screen, rendered here by the web
 * build's admin render entry (web/src/admin-server.tsx, built to web/dist-ssr/admin) from the
 * answers the app itself would fetch, asked of this same app (on a loopback port) with the request's cookie;
 * the page then needs no script to show the dashboard, and the app takes it over when first used.
 * Otherwise (nobody signed in, another tab, a render that failed) it is the app's shell, as the
 * static site served it before. Embedded and on Firebase alike: Hosting sends /admin to the `api`
 * function (firebase.json), which has the session.
 */

/** What the web build's admin render entry offers (web/src/admin-server.tsx). */
interface AdminRenderEntry {
  rendersFirstScreen(url: string): boolean;
  renderAdminPage(input: {
    url: string;
    fetch: typeof fetch;
    width: number;
  }): Promise<{ html: string; styles: string; state: string } | null>;
}

export interface AdminPageFiles {
  /** The admin render entry's folder: admin-server.js, its chunks, template.html and shell.html (web/dist-ssr/admin). */
  dir: string;
}

/** The admin render entry's folder if the web build made one there. */
export const adminPageFilesIn = (dir: string): AdminPageFiles | undefined =>
  existsSync(join(dir, 'admin-server.js')) && existsSync(join(dir, 'template.html')) && existsSync(join(dir, 'shell.html'))
    ? { dir }
    : undefined;

/** Where the rendered screen's styles and markup go in the template. */
const stylesSlot = '<!--admin-first-screen-->';
const rootSlot = '<div id="root"></div>';

/**
 * The screen's width the layout's media queries are answered for: the width Chromium states
 * (`Sec-CH-Viewport-Width`, asked for by `Accept-CH` on this page's answers), else a phone's
 * (412 px) for a mobile browser and a laptop's (1280 px) for the others. A guess the browser's
 * own width disagrees with costs the app a render of its own when it takes over, not a wrong page.
 */
export function screenWidthOf(req: IncomingMessage): number {
  const stated = Number(req.headers['sec-ch-viewport-width']);
  if (Number.isInteger(stated) && stated >= 200 && stated <= 8000) return stated;
  const mobile = req.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android/.test(req.headers['user-agent'] ?? '');
  return mobile ? 412 : 1280;
}

/**
 * The app as the page's in-process API: a server of its own on a loopback port, made when first
 * needed, whose requests the app answers exactly as it answers the browser's (sessions, routes,
 * headers), as supertest does for tests. Unreferenced, and quick to drop idle connections, so it
 * keeps no process alive.
 */
function loopback(dispatch: RequestListener, options: ServerOptions): () => Promise<string> {
  let origin: Promise<string> | undefined;
  return () =>
    (origin ??= new Promise<string>((resolve, reject) => {
      const server = createServer(options, dispatch);
      server.keepAliveTimeout = 1_000;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    }).catch((error: unknown) => {
      origin = undefined;
      throw error;
    }));
}

/** A fetch of the API at `origin` as the request `from` would make it: its cookie, its browser, its address. */
export function fetchAs(origin: string, from: Request): typeof fetch {
  return (input, init = {}) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers = new Headers(init.headers);
    for (const name of ['cookie', 'user-agent'] as const) {
      const value = from.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    // The browser's address, for whatever the API records or limits of it (trusted as far as the app trusts proxies).
    const forwarded = [from.headers['x-forwarded-for'], from.socket.remoteAddress].filter(Boolean).join(', ');
    if (forwarded) headers.set('x-forwarded-for', forwarded);
    return fetch(new URL(path, origin), { ...init, headers });
  };
}

/** Sends `html`, compressed as the browser accepts (brotli, then gzip). */
function sendHtml(req: Request, res: Response, html: string) {
  const encoding = preferredEncoding(req.get('accept-encoding'));
  const body = Buffer.from(html);
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    // Whose dashboard it is depends on the cookie: never kept by a cache.
    'Cache-Control': 'private, no-store',
    Vary: 'Cookie, Accept-Encoding',
    'Accept-CH': 'Sec-CH-Viewport-Width, Sec-CH-UA-Mobile',
  });
  if (encoding === 'br') {
    res.set('Content-Encoding', 'br').send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (encoding === 'gzip') {
    res.set('Content-Encoding', 'gzip').send(gzipSync(body, { level: 6 }));
  } else {
    res.send(body);
  }
}

export function adminPage(
  files: AdminPageFiles,
  deps: { sessions: Pick<Sessions, 'current'>; log: Log; dispatch: RequestListener; serverOptions: ServerOptions },
): RequestHandler {
  const template = readFileSync(join(files.dir, 'template.html'), 'utf8');
  const shell = readFileSync(join(files.dir, 'shell.html'), 'utf8');
  if (!template.includes(stylesSlot) || !template.includes(rootSlot)) throw new Error(`${files.dir}/template.html lacks its placeholders`);
  // Loaded by the first signed-in request: the API's cold start carries none of React or MUI.
  let entry: Promise<AdminRenderEntry> | undefined;
  const loadEntry = () =>
    (entry ??= (import(pathToFileURL(join(files.dir, 'admin-server.js')).href) as Promise<AdminRenderEntry>).catch((error: unknown) => {
      entry = undefined;
      throw error;
    }));

  const api = loopback(deps.dispatch, deps.serverOptions);

  return async (req, res) => {
    const url = req.originalUrl;
    let page = shell;
    try {
      const signedIn = await deps.sessions.current(req);
      const render = signedIn ? await loadEntry() : undefined;
      if (render?.rendersFirstScreen(url)) {
        const rendered = await render.renderAdminPage({ url, fetch: fetchAs(await api(), req), width: screenWidthOf(req) });
        if (rendered)
          page = template
            .replace(stylesSlot, () => rendered.styles)
            .replace(rootSlot, () => `<div id="root">${rendered.html}</div>${rendered.state}`);
      }
    } catch (error) {
      // The shell still shows the dashboard: the app renders it in the browser, as before.
      deps.log('The dashboard could not be rendered on the server; its page was sent without it', error, req);
    }
    sendHtml(req, res, page);
  };
}

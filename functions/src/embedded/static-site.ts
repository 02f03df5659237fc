import { routeOf, sitePaths } from '@site/domain';
import type { RequestHandler } from 'express';
import { existsSync, readdirSync, statSync } from 'node:fs';
import send from 'send';
import { sendError } from '../http/errors';
import { extname, join, relative, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.glb': 'model/gltf-binary',
  '.hdr': 'application/octet-stream',
};

const clientErrors = { 412: 'Precondition failed', 416: 'Range not satisfiable' } as const;

interface Entry {
  path: string;
  size: number;
  type: string;
  br?: { path: string; size: number };
  gz?: { path: string; size: number };
}

/** Every file of the built site, with its precompressed .br/.gz siblings, indexed once at start. */
function index(root: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else if (!name.name.endsWith('.br') && !name.name.endsWith('.gz')) {
        const url = '/' + relative(root, full).split(sep).join('/');
        const entry: Entry = { path: full, size: statSync(full).size, type: types[extname(name.name)] ?? 'application/octet-stream' };
        for (const enc of ['br', 'gz'] as const) {
          const sibling = `${full}.${enc}`;
          if (existsSync(sibling)) entry[enc] = { path: sibling, size: statSync(sibling).size };
        }
        files.set(url, entry);
      }
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages for the
 * site's routes (falling back to the app shell), and the app shell with 404 for anything else.
 */
export function staticSite(root: string): RequestHandler {
  const files = index(root);
  const shell = files.get('/index.html');
  const notFoundPage = files.get('/404.html') ?? shell;
  const pages = new Set(sitePaths);

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      pathname = req.path;
    }
    let entry = files.get(pathname);
    let status = 200;
    if (!entry || pathname.endsWith('.html')) {
      const route = routeOf(pathname);
      if (pages.has(route)) {
        entry = files.get(route === '/' ? '/index.html' : `${route}/index.html`) ?? shell;
      } else if (!entry) {
        entry = notFoundPage;
        status = 404;
      }
    }
    if (!entry) return next();

    const accept = req.get('accept-encoding') ?? '';
    const encoded =
      /\bbr\b/.test(accept) && entry.br
        ? { ...entry.br, enc: 'br' }
        : /\bgzip\b/.test(accept) && entry.gz
          ? { ...entry.gz, enc: 'gzip' }
          : null;
    res.status(status);
    res.set({
      'Cache-Control':
        pathname.startsWith('/assets/') && status === 200
          ? 'public, max-age=31536000, immutable'
          : entry.type.startsWith('text/html')
            ? 'no-cache'
            : 'public, max-age=3600',
      Vary: 'Accept-Encoding',
    });
    if (encoded) res.set('Content-Encoding', encoded.enc);
    // `send` answers HEAD, Range, and conditional requests (ETag and Last-Modified of the
    // file it sends, so the .br and .gz forms have their own) with 304.
    const type = entry.type;
    send(req, encoded ? encoded.path : entry.path, { cacheControl: false, index: false, dotfiles: 'allow' })
      .on('headers', (response) => response.setHeader('Content-Type', type))
      .on('error', (error: Error & { status?: number; headers?: Record<string, string> }) => {
        if (res.headersSent) return res.destroy();
        res.removeHeader('Content-Encoding');
        res.set('Cache-Control', 'no-store');
        // A range past the end or a failed If-Match/If-Unmodified-Since is the client's
        // request, not a fault: its own status (416 with the Content-Range send gives it, 412).
        if (error.status === 416 || error.status === 412) {
          return sendError(res, error.status, { message: clientErrors[error.status] }, error.headers);
        }
        // A file removed since start (e.g. a rebuild) is a fault: the error handler logs it.
        next(error);
      })
      .pipe(res);
  };
}

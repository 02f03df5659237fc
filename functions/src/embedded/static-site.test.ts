import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from './static-site';

let root: string;
let server: Server;
let base: string;
const script = 'console.log("the app");'.repeat(20);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-site-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'about'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(root, 'about/index.html'), '<!doctype html><title>About</title>');
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Page Not Found</title>');
  writeFileSync(join(root, 'assets/app-1a2b3c.js'), script);
  writeFileSync(join(root, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  const app = express();
  app.use(staticSite(root));
  server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(base + path, { method, headers });

/**
 * A conditional GET as a browser revalidating its cache sends it. (fetch() would add
 * `Cache-Control: no-cache` to a request with If-None-Match, which rightly defeats a 304.)
 */
const revalidate = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    request(base + path, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });

describe('the built site', () => {
  it('serves hashed assets for a year, with their type, and the brotli form to browsers that take it', async () => {
    const plain = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    const br = await fetch(base + '/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await br.text()).toBe(script); // fetch decodes it
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
  });

  it('answers a request for what the browser already has with 304 and no body', async () => {
    const first = await get('/robots.txt');
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(lastModified).toMatch(/GMT$/);
    expect(await revalidate('/robots.txt', { 'if-none-match': etag })).toMatchObject({ status: 304, body: '' });
    expect(await revalidate('/robots.txt', { 'if-modified-since': lastModified })).toMatchObject({ status: 304, body: '' });
    expect(await revalidate('/robots.txt', { 'if-none-match': 'W/"something-else"' })).toMatchObject({
      status: 200,
      body: 'User-agent: *\n',
    });
  });

  it('serves prerendered pages for the routes, no-cache, and the not-found page with 404', async () => {
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.headers.get('cache-control')).toBe('no-cache');
    expect(await about.text()).toContain('<title>About</title>');
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
    // A 404 is never turned into a 304.
    expect((await revalidate('/no-such-page', { 'if-none-match': missing.headers.get('etag') ?? '*' })).status).toBe(404);
  });

  it('answers a range past the end with 416 and the size, and a failed precondition with 412, not 500', async () => {
    const past = await revalidate('/robots.txt', { range: 'bytes=999999-' });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */14');
    expect(JSON.parse(past.body)).toEqual({ message: 'Range not satisfiable' });
    // The brotli form has its own size.
    const br = await revalidate('/assets/app-1a2b3c.js', { range: 'bytes=999999-', 'accept-encoding': 'br' });
    expect(br.status).toBe(416);
    expect(br.headers['content-range']).toBe(`bytes */${brotliCompressSync(script).length}`);
    expect(br.headers['content-encoding']).toBeUndefined();

    expect((await revalidate('/robots.txt', { 'if-match': '"x"' })).status).toBe(412);
    expect((await revalidate('/robots.txt', { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(412);
    const failed = await revalidate('/robots.txt', { 'if-match': '"x"' });
    expect(JSON.parse(failed.body)).toEqual({ message: 'Precondition failed' });
  });

  it('still answers a satisfiable range with 206 and the bytes', async () => {
    const part = await revalidate('/robots.txt', { range: 'bytes=0-9' });
    expect(part).toMatchObject({ status: 206, body: 'User-agent' });
    expect(part.headers['content-range']).toBe('bytes 0-9/14');
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await get('/robots.txt', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
    expect(await head.text()).toBe('');
  });
});

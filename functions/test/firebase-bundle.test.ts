/**
 * The deploy bundle (scripts/build-function.mjs): workspace code inlined, a package.json
 * listing only what the bundle imports at the versions installed here, and a module that
 * firebase-functions loads offline and describes as firebase deploy would see it.
 */
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesCacheControl } from '../src/firebase/pages';
import { openerPolicyFor, securityHeaderList } from '../src/http/security';
import { isolatedPaths, unisolatedPaths } from './opener-policy-paths';
import { businessTimeZone } from '@site/domain/calendar';

const root = join(import.meta.dirname, '../..');
const outdir = mkdtempSync(join(tmpdir(), 'function-bundle-'));
const installed = (name: string) =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

interface Manifest {
  endpoints: Record<string, Record<string, unknown>>;
  params: Array<{ type: string; name: string }>;
}
let manifest: Manifest;

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'functions/scripts/build-function.mjs'), '--outdir', outdir], { stdio: 'pipe' });
  // Cloud Build installs the dependencies beside the bundle; here the workspace's stand in.
  symlinkSync(join(root, 'node_modules'), join(outdir, 'node_modules'), 'dir');
  const manifestFile = join(outdir, 'manifest.json');
  execFileSync(process.execPath, [join(root, 'node_modules/firebase-functions/lib/bin/firebase-functions.js')], {
    cwd: outdir,
    env: { ...process.env, FUNCTIONS_MANIFEST_OUTPUT_PATH: manifestFile, GCLOUD_PROJECT: 'demo-bundle' },
    stdio: 'pipe',
    timeout: 60_000,
  });
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}, 90_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the function bundle', () => {
  it('has a package.json with only the runtime dependencies the bundle imports, pinned', () => {
    const pkg = JSON.parse(readFileSync(join(outdir, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ type: 'module', main: 'index.js', engines: { node: '22' } });
    // date-fns, @date-fns/tz, zod and libphonenumber-js are bundled (build-function.mjs `inlined`).
    expect(pkg.dependencies).toEqual({
      // The showroom's model pipeline, in its own chunk and its worker thread (model-worker.js).
      '@gltf-transform/core': installed('@gltf-transform/core'),
      '@gltf-transform/extensions': installed('@gltf-transform/extensions'),
      '@gltf-transform/functions': installed('@gltf-transform/functions'),
      // The emails' HTML layout (services/email-layout.tsx), rendered with react-dom/server.
      ...Object.fromEntries(
        ['body', 'button', 'container', 'head', 'html', 'link', 'preview', 'text'].map((part) => [
          `@react-email/${part}`,
          installed(`@react-email/${part}`),
        ]),
      ),
      '@simplewebauthn/server': installed('@simplewebauthn/server'),
      '@zxcvbn-ts/core': installed('@zxcvbn-ts/core'),
      '@zxcvbn-ts/language-common': installed('@zxcvbn-ts/language-common'),
      '@zxcvbn-ts/language-en': installed('@zxcvbn-ts/language-en'),
      cookie: installed('cookie'),
      // Victoria's public holidays, for a major contract's cooling-off period (domain/src/cooling-off.ts).
      'date-holidays': installed('date-holidays'),
      express: installed('express'),
      'express-rate-limit': installed('express-rate-limit'),
      'firebase-admin': installed('firebase-admin'),
      'firebase-functions': installed('firebase-functions'),
      // A booking's calendar invite and the private calendar feed.
      'ical-generator': installed('ical-generator'),
      // Visits from bots and crawlers are not recorded.
      isbot: installed('isbot'),
      meshoptimizer: installed('meshoptimizer'),
      otpauth: installed('otpauth'),
      // A quote's PDF, and card payments of its deposit through Stripe Checkout.
      pdfkit: installed('pdfkit'),
      react: installed('react'),
      'react-dom': installed('react-dom'),
      sharp: installed('sharp'),
      stripe: installed('stripe'),
    });
  });

  it("has the model pipeline's worker thread beside index.js and the chunk that starts it", () => {
    const chunks = readdirSync(outdir).filter((name) => name.endsWith('.js'));
    const worker = chunks.filter((name) => name !== 'model-worker.js').map((name) => readFileSync(join(outdir, name), 'utf8'));
    const code = [readFileSync(join(outdir, 'model-worker.js'), 'utf8'), ...worker].join('\n');
    expect(code).toContain('workerData');
    expect(code).not.toMatch(/from ["']@site\//);
    expect(worker.filter((chunk) => chunk.includes('"./model-worker.js"'))).toHaveLength(1);
  });

  it('inlines the workspace packages and leaves out the embedded adapters', () => {
    const code = readdirSync(outdir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(outdir, name), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from ["']@site\//);
    expect(code).toContain('Please enter a valid phone number'); // a domain message, inlined
    expect(code).not.toContain('better-sqlite3');
  });

  it('carries the web build the pages function renders with, and the not-found page', () => {
    expect(readFileSync(join(outdir, 'site/page-template.html'), 'utf8')).toContain('<!--app-html-->');
    expect(readFileSync(join(outdir, 'site/entry-server.js'), 'utf8')).toContain('export');
    expect(readFileSync(join(outdir, 'site/404.html'), 'utf8')).toContain('Page Not Found');
    // The dashboard's first screen, which the api function renders for GET /admin.
    expect(readFileSync(join(outdir, 'site/admin/admin-server.js'), 'utf8')).toContain('renderAdminPage');
    expect(readFileSync(join(outdir, 'site/admin/template.html'), 'utf8')).toContain('<!--admin-first-screen-->');
    expect(readFileSync(join(outdir, 'site/admin/shell.html'), 'utf8')).toContain('<div id="root"></div>');
  });

  it('loads offline and declares the api and pages functions, the model optimisation and the daily maintenance', () => {
    expect(manifest.endpoints.api).toMatchObject({
      platform: 'gcfv2',
      region: ['australia-southeast1'],
      // sharp decodes 12-megapixel photos in the function.
      availableMemoryMb: 2048,
      timeoutSeconds: 120,
      httpsTrigger: { invoker: ['public'] },
      secretEnvironmentVariables: [{ key: 'ADMIN_PASSWORD' }],
    });
    expect(manifest.endpoints.pages).toMatchObject({
      platform: 'gcfv2',
      region: ['australia-southeast1'],
      availableMemoryMb: 512,
      httpsTrigger: { invoker: ['public'] },
    });
    expect(manifest.endpoints.pages).not.toHaveProperty('secretEnvironmentVariables');
    expect(manifest.endpoints.maintenance).toMatchObject({
      region: ['australia-southeast1'],
      scheduleTrigger: { schedule: 'every day 03:00', timeZone: businessTimeZone },
    });
    // Each review request's one reminder goes out within the hour it comes due.
    expect(manifest.endpoints.reviewReminders).toMatchObject({
      region: ['australia-southeast1'],
      scheduleTrigger: { schedule: 'every 1 hours', timeZone: businessTimeZone },
    });
    expect(manifest.endpoints.reviewReminders).not.toHaveProperty('secretEnvironmentVariables');
    // A lead still new past its follow-up time reminds the staff within 5 minutes.
    expect(manifest.endpoints.followUpReminders).toMatchObject({
      region: ['australia-southeast1'],
      scheduleTrigger: { schedule: 'every 5 minutes', timeZone: businessTimeZone },
    });
    expect(manifest.endpoints.followUpReminders).not.toHaveProperty('secretEnvironmentVariables');
    // A designer's 60 MB model is optimised by a trigger on its document, with the memory it needs.
    expect(manifest.endpoints.optimizeModel).toMatchObject({
      region: ['australia-southeast1'],
      availableMemoryMb: 4096,
      timeoutSeconds: 540,
      eventTrigger: { eventType: 'google.cloud.firestore.document.v1.written', eventFilterPathPatterns: { document: 'models_3d/{id}' } },
    });
    expect(manifest.endpoints.optimizeModel).not.toHaveProperty('secretEnvironmentVariables');
    expect(manifest.params).toEqual([{ type: 'secret', name: 'ADMIN_PASSWORD' }]);
  });

  it('is the function firebase.json deploys, with Hosting rewriting /api/** to it in its region', () => {
    const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
    expect(config.functions[0]).toMatchObject({ source: 'functions/lib', runtime: 'nodejs22' });
    expect(config.hosting.rewrites[0]).toEqual({ source: '/api/**', function: { functionId: 'api', region: 'australia-southeast1' } });
    // The dashboard's page: the API renders its first screen for the signed-in owner (http/admin-page.ts), so Hosting keeps no copy of it.
    expect(config.hosting.rewrites[1]).toEqual({ source: '/admin', function: { functionId: 'api', region: 'australia-southeast1' } });
    expect(config.hosting.ignore).toContain('admin/index.html');
  });

  it('has Hosting send every public page, robots.txt, the sitemap and any other path to the pages function, cached by its CDN for four minutes', () => {
    const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
    const pages = { functionId: 'pages', region: 'australia-southeast1' };
    const rendered = [
      '/',
      '/about',
      '/services',
      '/gallery',
      '/virtual-showroom',
      '/privacy',
      '/projects/**',
      '/reviews/write',
      '/unsubscribe',
      '/book',
      '/book/manage',
      '/your-project',
    ];
    // The last, '**', is any path no file answers: the not-found page, with the settings.
    expect(config.hosting.rewrites.slice(2)).toEqual(
      [...rendered, '/robots.txt', '/sitemap.xml', '**'].map((source) => ({ source, function: pages })),
    );
    // Hosting serves a file that exists before any rewrite: the build's own copies (the example settings') stay out.
    expect(config.hosting.ignore).toEqual(
      expect.arrayContaining([
        'index.html',
        'about/index.html',
        'services/index.html',
        'gallery/index.html',
        'virtual-showroom/index.html',
        'privacy/index.html',
        'reviews/write/index.html',
        'unsubscribe/index.html',
        'book/index.html',
        'book/manage/index.html',
        'your-project/index.html',
        '404.html',
        'robots.txt',
        'sitemap.xml',
      ]),
    );
    // Hosting's header rules apply to a function's answers too, the last matching rule winning.
    const last = config.hosting.headers.at(-1);
    expect(last.headers).toEqual([{ key: 'Cache-Control', value: pagesCacheControl }]);
    const pattern = new RegExp(last.regex);
    for (const path of [
      '/',
      '/about',
      '/privacy',
      '/gallery',
      '/projects/kew-kitchen',
      '/unsubscribe',
      '/book',
      '/book/manage',
      '/your-project',
      '/robots.txt',
      '/sitemap.xml',
    ])
      expect(path).toMatch(pattern);
    for (const path of ['/login', '/api/projects', '/gallery/kitchen-1.avif', '/projects/', '/no-such-page'])
      expect(path).not.toMatch(pattern);
    expect(config.functions[0].predeploy[0]).toBe('VITE_BACKEND=firebase npm run build -w web');
  });

  it("gives Hosting the server's security headers, its CSP widened only for Firebase's and reCAPTCHA's https origins", () => {
    const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      hosting: { headers: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }> };
    };
    const everyPage = new Map(config.hosting.headers.find((rule) => rule.source === '**')?.headers.map((h) => [h.key, h.value]));
    const directives = (policy: string) =>
      new Map(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources]),
      );
    // Firebase's APIs, and reCAPTCHA Enterprise for App Check: no emulator or other loopback origin ships.
    const google =
      /^https:\/\/([a-z0-9-]+\.googleapis\.com|www\.google\.com\/recaptcha\/|www\.gstatic\.com\/recaptcha\/|recaptcha\.google\.com\/recaptcha\/)$/;
    // The opener policy goes to the admin area, the API and a customer's project and booking links only (openerPolicyFor), as the server sends it.
    expect(everyPage.has('Cross-Origin-Opener-Policy')).toBe(false);
    const isolated = config.hosting.headers.find((rule) => rule.headers.some((h) => h.key === 'Cross-Origin-Opener-Policy'));
    const pattern = new RegExp(isolated?.regex ?? '(?!)');
    expect(isolated?.headers).toEqual([{ key: 'Cross-Origin-Opener-Policy', value: 'same-origin' }]);
    for (const path of isolatedPaths) {
      expect(pattern.test(path), path).toBe(true);
      expect(openerPolicyFor(path), path).toBe('same-origin');
    }
    for (const path of unisolatedPaths) {
      expect(pattern.test(path), path).toBe(false);
      expect(openerPolicyFor(path), path).toBeNull();
    }
    for (const [name, value] of securityHeaderList) {
      if (name !== 'Content-Security-Policy') {
        expect(everyPage.get(name), name).toBe(value);
        continue;
      }
      const server = directives(value);
      const hosting = directives(everyPage.get(name) ?? '');
      for (const directive of server.keys()) expect(hosting.has(directive), directive).toBe(true);
      for (const [directive, sources] of hosting) {
        expect(server.get(directive)?.every((source) => sources.includes(source)) ?? true, directive).toBe(true);
        const extra = sources.filter((source) => !server.get(directive)?.includes(source));
        for (const source of extra) expect(source, directive).toMatch(google);
      }
    }
  });
});

/**
 * What a new `api` instance loads: the packages its process resolves (a module hook records
 * them) while it imports index.js, and then while it answers its first request as the
 * Functions runtime hands it over (GET /api/reviews, on the Firestore emulator).
 */
const heavy = [
  // The showroom's model optimiser.
  '@gltf-transform/core',
  '@gltf-transform/extensions',
  '@gltf-transform/functions',
  'meshoptimizer',
  // Quote PDFs, card payments, photos.
  'pdfkit',
  'stripe',
  'sharp',
  // The emails' layouts.
  'react',
  'react-dom',
  '@react-email/html',
  '@react-email/button',
  // Passkeys, and Victoria's holiday tables (a quote's cooling-off period).
  '@simplewebauthn/server',
  'date-holidays',
];

describe.skipIf(!firestoreEmulatorHost)(onEmulator("the api function's start"), () => {
  let loaded: { atImport: string[]; atFirstAnswer: string[]; status: number };

  beforeAll(async () => {
    const script = join(outdir, 'first-request.mjs');
    writeFileSync(
      script,
      `import { registerHooks } from 'node:module';
import { createServer } from 'node:http';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url);
    if (match) seen.add(match[1]);
    return resolved;
  },
});
// The Functions runtime's own Express, loaded before the function.
const { default: express } = await import('express');
seen.clear();
const { api } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'index.js')).href)});
const atImport = [...seen];
const runtime = express();
runtime.all('/{*path}', (req, res) => api(req, res));
const server = createServer(runtime);
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const res = await fetch('http://127.0.0.1:' + server.address().port + '/api/reviews');
await res.text();
console.log(JSON.stringify({ atImport, atFirstAnswer: [...seen], status: res.status }));
process.exit(0);
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      cwd: outdir,
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: firestoreEmulatorHost,
        GCLOUD_PROJECT: `demo-start-${process.pid}`,
        FUNCTIONS_EMULATOR: 'true',
        STORAGE_BUCKET: 'demo-start.appspot.com',
        FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
      },
      timeout: 60_000,
    });
    loaded = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
  }, 90_000);

  it('imports index.js with the Functions SDK and none of the API, pages or heavy libraries', () => {
    expect(loaded.atImport).toEqual(expect.arrayContaining(['firebase-functions']));
    for (const name of [...heavy, 'express-rate-limit']) expect(loaded.atImport, name).not.toContain(name);
  });

  it('answers its first request having loaded Firestore and Express, but no model optimiser, PDF maker, Stripe, sharp or email layout', () => {
    expect(loaded.status).toBe(200);
    expect(loaded.atFirstAnswer).toEqual(expect.arrayContaining(['firebase-admin', '@google-cloud/firestore', 'express']));
    for (const name of heavy) expect(loaded.atFirstAnswer, name).not.toContain(name);
  });
});

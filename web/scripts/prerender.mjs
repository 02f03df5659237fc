// Prerenders the public pages into dist (docs/decisions/001-prerender.md), and writes
// robots.txt and sitemap.xml. Runs after `vite build` and the SSR build of src/entry-server.tsx.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssrDir = join(web, 'dist-ssr');
// Rendered with the example settings: the server (embedded, or Firebase's `pages` function)
// renders every public page again with the stored ones, and serves robots.txt and sitemap.xml
// with their site address; these files serve a build without a server, and the fallback.
const { render, defaultSiteUrl, paths, publicPaths, notFoundMarker } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-head-->') || !template.includes('<div id="root"><!--app-html--></div>')) {
  throw new Error('dist/index.html lacks the <!--app-head--> and <!--app-html--> placeholders');
}

const outFile = (route) => (route === '/' ? join(dist, 'index.html') : join(dist, route.slice(1), 'index.html'));
const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** A page the browser renders by itself (the admin area): no content, no head tags to undo. */
const shell = template.replace('<!--app-head-->', '').replace('<!--app-html-->', '');

// The site's one stylesheet (a few KB) goes inline into each prerendered page: the first paint
// then waits for no request but the HTML's (docs/decisions/009-public-page-speed.md).
const stylesheetLinks = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
if (stylesheetLinks.length !== 1) throw new Error(`dist/index.html links ${stylesheetLinks.length} stylesheets; expected the site's one`);
const [stylesheetLink, stylesheetHref] = stylesheetLinks[0];
const css = readFileSync(join(dist, stylesheetHref), 'utf8').replaceAll('</style', '<\\/style');
const pageTemplate = template.replace(stylesheetLink, () => `<style>${css}</style>`);

// The entry script (main.tsx, the islands' runtime, 6 KB) never blocks the first paint. It
// downloads at low priority, after the HTML, the headings' font and the pictures in view: at
// high priority it competes with the preloaded font, which then misses the first paint (its
// font-display is optional) and the headings stay in the fallback serif. So do any modules
// Vite preloads beside it (modulepreload links, which Chrome would otherwise fetch at high
// priority, as if the paint needed them).
const lowPriorityEntry = (html) =>
  html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');

async function page(url, marker) {
  const { head, html } = await render(url);
  // functions/src/site-pages/site-pages.ts fills the same template the same way.
  // The replacement strings are functions so '$' in the content is never a pattern.
  return lowPriorityEntry(pageTemplate)
    .replace('<!--app-head-->', () => head)
    .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="${marker}">${html}</div>`);
}

const written = [];
for (const route of publicPaths) {
  try {
    write(outFile(route), await page(route, route));
    written.push(route);
  } catch (error) {
    // The showroom belongs to the 3D feature; if it cannot render without a browser, the
    // browser renders it (the server falls back to the app shell for it).
    if (route !== paths.showroom) throw error;
    console.warn(`prerender: ${route} skipped (${error instanceof Error ? error.message : String(error)}); it renders in the browser`);
    write(outFile(route), shell);
  }
}
write(join(dist, '404.html'), await page('/404', notFoundMarker));
// The customer's review link, the unsubscribe page, a booking's own link and a customer's own
// page render in the browser: what they show depends on the link's token.
for (const route of [paths.writeReview, paths.unsubscribe, paths.manageBooking, paths.customer]) write(outFile(route), shell);

// The admin area's pages come from its own entry (admin.html, src/admin-main.tsx): its script
// carries none of the public pages' code. The stylesheet goes inline, as on the public pages, so
// the first paint waits for no request but the HTML's. At the dashboard, the HTML starts its first
// screen's request (GET /api/dashboard, which also answers the session) while the script downloads;
// the app's own request for it is answered by that one.
const adminFile = join(dist, 'admin.html');
const adminTemplate = readFileSync(adminFile, 'utf8');
if (!adminTemplate.includes('<!--admin-head-->')) throw new Error('dist/admin.html lacks the <!--admin-head--> placeholder');
const adminStylesheets = [...adminTemplate.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
if (adminStylesheets.length !== 1) throw new Error(`dist/admin.html links ${adminStylesheets.length} stylesheets; expected its one`);
// Its own build's stylesheet: the site's variables and what the admin's parts import.
const adminCss = readFileSync(join(dist, adminStylesheets[0][1]), 'utf8').replaceAll('</style', '<\\/style');
// The entry starts the app and the page as dynamic imports (src/admin-main.tsx). Their modules
// are named here, so the browser fetches them while it parses the HTML, beside the entry's own;
// otherwise Vite's loader adds a <link rel="modulepreload"> per module as each import starts,
// which a phone's processor pays for in the middle of the start.
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const staticImports = (sources) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`the admin build's manifest has no ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  sources.forEach(visit);
  return seen;
};
const adminEntry = staticImports(['admin.html']);
const modulePreloads = (sources) =>
  [...staticImports(['src/app/admin-app.tsx', ...sources])]
    .filter((key) => !adminEntry.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`)
    .join('');
const adminPage = (head) =>
  adminTemplate.replace(adminStylesheets[0][0], () => `<style>${adminCss}</style>`).replace('<!--admin-head-->', () => head);
const dashboardPreload = '<link rel="preload" href="/api/dashboard" as="fetch" crossorigin="use-credentials" />';
const adminShell = adminPage(dashboardPreload + modulePreloads(['src/app/pages/admin-page.tsx']));
write(outFile(paths.admin), adminShell);
// The server's GET /admin (functions/src/http/admin-page.ts): the shell above, and the page it
// fills with the dashboard's first screen when it renders one (web/src/admin-server.tsx). That
// page asks for nothing before its first paint: the app's code loads when the page is first used.
write(join(ssrDir, 'admin', 'shell.html'), adminShell);
write(join(ssrDir, 'admin', 'template.html'), adminPage('<!--admin-first-screen-->'));
write(outFile(paths.login), adminPage(modulePreloads(['src/features/auth/login-page.tsx'])));
write(outFile(paths.account), adminPage(modulePreloads(['src/app/pages/account-page.tsx'])));
// Served only at those addresses (a second copy would be a page of its own on a static host),
// and the manifest not at all.
rmSync(adminFile);
rmSync(join(dist, '.vite'), { recursive: true });

const site = defaultSiteUrl;
write(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`);
const today = new Date().toISOString().slice(0, 10);
write(
  join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${publicPaths
    .map(
      (route) =>
        `  <url><loc>${site}${route}</loc><lastmod>${today}</lastmod><changefreq>${route === '/' ? 'weekly' : 'monthly'}</changefreq><priority>${route === '/' ? '1.0' : '0.8'}</priority></url>`,
    )
    .join('\n')}\n</urlset>\n`,
);

// The server renders the public pages again with the stored settings and projects, whenever
// they change (functions/src/site-pages): it keeps the render entry and the page template this
// script used.
write(join(ssrDir, 'page-template.html'), lowPriorityEntry(pageTemplate));
console.log(
  `prerendered ${written.join(', ')}, 404.html, the admin entry's pages ${paths.login}, ${paths.admin} and ${paths.account}, shells for ${paths.writeReview}, ${paths.unsubscribe}, ${paths.manageBooking} and ${paths.customer}; robots.txt, sitemap.xml`,
);

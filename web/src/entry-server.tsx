/**
 * The prerender entry (docs/decisions/001-prerender.md): scripts/prerender.mjs calls render()
 * for each public route at build time and writes the result into dist.
 */
import { defaultSettings, pageTexts, type Model3d, type PublicProject, type PublicSettings } from '@site/domain';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { paths, publicPaths, sitePaths } from './config/paths';
import { publicProjects, showroomModels } from './lib/public-lists';
import { seedReviewLink, type ReviewLinkState } from './lib/review-link';
import { siteDataId, type SiteDataBlock } from './lib/site-data';
import { melbourneToday, siteSettings } from './lib/site-settings';

export { notFoundMarker } from './app/prerender-marker';
export { paths, publicPaths, sitePaths };
/** The day the server renders for: a page showing a closure notice is rendered again when it changes. */
export { melbourneToday };
/** The address robots.txt and sitemap.xml name when the build prerenders without a server: the example defaults'. */
export const defaultSiteUrl = defaultSettings.business.siteUrl;

export interface RenderedPage {
  /** Tags for <head>: the title, meta and link tags the page rendered. */
  head: string;
  /** The inner HTML of #root. */
  html: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the server renders a page with: the published projects and the business settings
 * (absent at build time, when a page shows the built-in pictures and the example defaults).
 */
export interface SiteData {
  projects?: PublicProject[];
  /** The showroom's models, in display order: its cards are then in its first HTML. */
  models?: Model3d[];
  /** On a review link's page: what the server found of its link. */
  reviewLink?: ReviewLinkState;
  settings?: PublicSettings;
}

export async function render(url: string, data: SiteData = {}): Promise<RenderedPage> {
  if (data.projects) publicProjects.seed(data.projects);
  const path = url.split(/[?#]/)[0] ?? url;
  const pageProjects = path.startsWith('/projects/') ? (data.projects ?? []).filter((p) => `/projects/${p.slug}` === path) : [];
  // Only the showroom shows the models; they ride in its data block alone.
  const models = path === paths.showroom ? data.models : undefined;
  showroomModels.unseed();
  if (models) showroomModels.seed(models);
  const reviewLink = path === paths.writeReview ? data.reviewLink : undefined;
  seedReviewLink(reviewLink ?? null);
  const today = melbourneToday();
  // One page at a time: the settings are the render entry's, as the lists are.
  const settings = data.settings ?? defaultSettings;
  const texts = pageTexts(settings);
  siteSettings.seed(settings, data.settings ? today : undefined, texts);
  const { prelude } = await prerenderToNodeStream(
    <html lang="en-AU">
      <head />
      <body>
        <div id="root">
          <StrictMode>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </StrictMode>
        </div>
      </body>
    </html>,
    // Never split a finished page into parts revealed by inline scripts (the CSP forbids them).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const document = await streamToString(prelude);
  const head = /<head>([\s\S]*)<\/head>/.exec(document)?.[1] ?? '';
  const html = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(document)?.[1];
  if (html === undefined) throw new Error(`Could not find #root in the prerendered HTML of ${url}`);
  // Only data blocks (JSON-LD) may be inline: the site's CSP runs no inline script.
  if (/<script(?![^>]*type="application\/ld\+json")/.test(document))
    throw new Error(`The prerendered HTML of ${url} contains an inline script`);
  // Without projects or settings the page is the build's own (the built-in pictures, the
  // example defaults). The page texts always come along, resolved here: the default texts then
  // never reach the browser's first download.
  const block: SiteDataBlock = {
    // A project's page carries its own project, for its lightbox; no other page's islands need them.
    ...(pageProjects.length ? { projects: pageProjects } : {}),
    ...(models ? { models } : {}),
    ...(reviewLink ? { reviewLink } : {}),
    ...(data.settings ? { settings: data.settings, today } : {}),
    texts,
  };
  return { head: head + dataBlock(block), html };
}

/**
 * The data a page is rendered with, for hydration to render the same: a JSON data block (not
 * a script the browser runs), with '<' escaped so it cannot end the element. Empty for none.
 */
export function dataBlock(data: SiteDataBlock): string {
  // A page the browser renders (a review link's) may lead to one showing texts.
  if (data.settings && !data.texts) data = { ...data, texts: pageTexts(data.settings) };
  if (!Object.keys(data).length) return '';
  return `<script type="application/json" id="${siteDataId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
